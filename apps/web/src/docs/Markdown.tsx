import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** Styles for rendered markdown (there is no typography plugin; these cover what node docs use). */
const PROSE =
  'text-sm leading-relaxed text-muted [&_a]:font-medium [&_a]:text-brand [&_a]:underline-offset-2 hover:[&_a]:underline [&_code]:rounded [&_code]:bg-surface-2 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] [&_code]:text-ink [&_h1]:mt-4 [&_h1]:font-semibold [&_h1]:text-ink [&_h2]:mt-4 [&_h2]:font-semibold [&_h2]:text-ink [&_h3]:mt-4 [&_h3]:font-semibold [&_h3]:text-ink [&_li]:mt-1 [&_ol]:mt-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mt-2 first:[&_p]:mt-0 [&_pre]:mt-3 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:border [&_pre]:border-line [&_pre]:bg-surface-2 [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_strong]:font-semibold [&_strong]:text-ink [&_table]:mt-3 [&_table]:w-full [&_td]:border-t [&_td]:border-line [&_td]:py-1.5 [&_td]:pr-3 [&_th]:py-1.5 [&_th]:pr-3 [&_th]:text-left [&_th]:font-medium [&_th]:text-ink [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5';

/**
 * Renders node docs (built-in, or a user's custom node, so not trusted) as markdown. The
 * one markdown stack of the app, shared with run output (MarkdownValue): react-markdown
 * never turns raw HTML into elements (`skipHtml`) and filters `javascript:` links, so no
 * sanitiser or `dangerouslySetInnerHTML` is needed.
 */
export function Markdown({ source, className = '' }: { source: string; className?: string }) {
  return (
    <div className={`${PROSE} ${className}`}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml>
        {source}
      </ReactMarkdown>
    </div>
  );
}
