import type { Page, Response } from '@playwright/test';
import { expect } from './fixtures.js';

/** The POST that starts a run: the whole workflow, one node, up to a node, or a replay. */
const startsRun = (r: Response) => r.request().method() === 'POST' && /\/api\/(workflows\/[^/]+\/run|executions\/[^/]+\/replay)$/.test(r.url());

export interface FinishedRun {
  id: string;
  status: string;
  replayOf?: string;
  nodes: Record<string, { source?: string; attempts: number }>;
  /** What the browser sent to start it (`{ target }` for a run of one node). */
  request: unknown;
}

/**
 * Starts a run as a user does (`start`: the Run button unless told otherwise), waits
 * through the API until the stored execution has ended and the toolbar shows how; answers
 * that execution. The API is asked rather than the screen, so a run that only looks
 * finished does not pass.
 */
export async function runToEnd(page: Page, start: () => Promise<void> = () => page.getByTestId('run-button').click()): Promise<FinishedRun> {
  const started = page.waitForResponse(startsRun);
  await start();
  const response = await started;
  expect(response.status(), await response.text()).toBeLessThan(300);
  const { execution } = (await response.json()) as { execution: { id: string } };
  let detail: Omit<FinishedRun, 'id' | 'request'> | undefined;
  await expect
    .poll(
      async () => {
        detail = (await (await page.request.get(`/api/executions/${execution.id}`)).json()).execution;
        return detail?.status;
      },
      { timeout: 20_000 },
    )
    .toMatch(/success|error|cancelled/);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', detail?.status ?? '');
  return { id: execution.id, ...(detail as NonNullable<typeof detail>), request: response.request().postDataJSON() };
}
