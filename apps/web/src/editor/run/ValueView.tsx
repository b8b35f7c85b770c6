import { formatBytes } from '@weft/core';
import { lazy, memo, type ReactNode, Suspense, useMemo } from 'react';
import { AlertTriangleIcon, InfoIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { isTruncated, type ValueViewKind, valueAsJson, valueAsMarkdown, valueAsTable, valueAsText } from './value-view';

const MarkdownValue = lazy(() => import('./MarkdownValue').then((m) => ({ default: m.MarkdownValue })));

// No height cap: the inspector body is the one scroller, so a value never scrolls inside a scroll.
const preClasses = 'overflow-x-auto rounded-md border border-line bg-canvas px-2.5 py-2 font-mono text-xs leading-5 text-ink';

/**
 * One value of a node's input or output, in the view the inspector's switch chose.
 * Memoised: a value keeps its identity while later events arrive, so it is formatted once.
 */
export const ValueView = memo(function ValueView({ value, view }: { value: unknown; view: ValueViewKind }) {
  const truncated = isTruncated(value) ? value : null;
  return (
    <div className="space-y-1.5">
      {truncated && (
        <p className="flex items-start gap-1.5 rounded-md bg-warn/10 px-2 py-1.5 text-xs text-warn" data-testid="truncated-note">
          <AlertTriangleIcon size={13} className="mt-0.5 shrink-0" />
          <span>
            Too large to keep whole: {formatBytes(truncated.bytes)} in full. Showing the first {formatBytes(truncated.preview.length)} as text.
          </span>
        </p>
      )}
      <ViewBody value={value} view={view} />
    </div>
  );
});

function Fallback({ note, children }: { note: string; children: ReactNode }) {
  return (
    <>
      <p className="flex items-center gap-1.5 text-xs text-subtle">
        <InfoIcon size={12} />
        {note}
      </p>
      {children}
    </>
  );
}

function ViewBody({ value, view }: { value: unknown; view: ValueViewKind }) {
  if (value === undefined) return <p className="text-xs text-subtle italic">No value</p>;
  if (view === 'table') return <TableBody value={value} />;
  if (view === 'markdown') {
    const source = valueAsMarkdown(value);
    if (source === null)
      return (
        <Fallback note="Not text, so shown as JSON.">
          <PreBody text={valueAsJson(value)} wrap={false} />
        </Fallback>
      );
    return (
      <div className="overflow-x-auto rounded-md border border-line bg-surface px-3 py-2">
        <Suspense fallback={<Spinner size={14} label="Loading the markdown view" />}>
          <MarkdownValue source={source} />
        </Suspense>
      </div>
    );
  }
  if (view === 'json') return <PreBody text={valueAsJson(value)} wrap={false} />;
  return <PreBody text={valueAsText(value)} wrap />;
}

function PreBody({ text, wrap }: { text: string; wrap: boolean }) {
  if (text === '') return <p className="text-xs text-subtle italic">Empty text</p>;
  return <pre className={`${preClasses} ${wrap ? 'break-words whitespace-pre-wrap' : 'whitespace-pre'}`}>{text}</pre>;
}

function TableBody({ value }: { value: unknown }) {
  const table = useMemo(() => valueAsTable(value), [value]);
  if (!table)
    return (
      <Fallback note="No rows and columns in this value, so shown as text.">
        <PreBody text={valueAsText(value)} wrap />
      </Fallback>
    );
  return (
    <div className="overflow-x-auto rounded-md border border-line">
      <table className="w-full border-collapse text-left text-xs">
        <thead className="bg-surface-2">
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col" className="border-b border-line px-2 py-1.5 font-medium whitespace-nowrap text-ink">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {table.rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a value have no identity of their own.
            <tr key={index} className="align-top">
              {row.map((text, column) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the fixed column order.
                  key={column}
                  className="max-w-64 px-2 py-1.5 font-mono break-words whitespace-pre-wrap text-muted"
                >
                  {text}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {table.hiddenRows > 0 && (
        <p className="border-t border-line px-2 py-1.5 text-xs text-subtle">{table.hiddenRows} more rows not shown. Switch to JSON to see all.</p>
      )}
    </div>
  );
}
