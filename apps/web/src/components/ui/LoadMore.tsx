import { Button } from './Button';

/** What LoadMore needs of a TanStack infinite query. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): Promise<unknown>;
}

/**
 * The foot of a paged list: "Load more" while the server has another page, and a line
 * saying the next page could not be loaded (`what` names the rows: "runs", "schedules").
 */
export function LoadMore({ pages, what }: { pages: PagedQuery; what: string }) {
  return (
    <>
      {pages.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      )}
      {pages.isFetchNextPageError && (
        <p role="alert" className="mt-3 text-center text-sm text-danger">
          Could not load more {what}. Try again.
        </p>
      )}
    </>
  );
}
