import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const PROSE =
  'text-sm leading-relaxed text-ink break-words [&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:mt-2 [&_blockquote]:border-l-2 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_blockquote]:text-muted [&_code]:rounded [&_code]:bg-surface-2 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] [&_h1]:mt-3 [&_h1]:text-base [&_h1]:font-semibold [&_h2]:mt-3 [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-semibold [&_hr]:my-3 [&_hr]:border-line [&_li]:mt-1 [&_ol]:mt-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mt-2 first:[&_p]:mt-0 [&_pre]:mt-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:border [&_pre]:border-line [&_pre]:bg-surface-2 [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_strong]:font-semibold [&_table]:mt-2 [&_table]:text-xs [&_td]:border [&_td]:border-line [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-line [&_th]:bg-surface-2 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_th]:font-medium [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5';

/** Links leave the editor in a new tab without giving the page a handle on it. */
function ExternalLink({ href, children }: ComponentProps<'a'>) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Images in run output are shown as links: a run's output should not make the browser fetch things by itself. */
function ImageAsLink({ src, alt }: ComponentProps<'img'>) {
  if (typeof src !== 'string' || !src) return <span>{alt}</span>;
  return (
    <a href={src} target="_blank" rel="noopener noreferrer">
      {alt || src}
    </a>
  );
}

const components: Components = { a: ExternalLink, img: ImageAsLink };

/**
 * Run output rendered as markdown (GitHub flavour). Safe by construction: raw HTML in the
 * text is never turned into elements (no rehype-raw), and react-markdown's URL filter
 * drops `javascript:` and similar links. Loaded on first use, so the editor does not
 * carry the markdown parser until someone asks for it.
 */
export function MarkdownValue({ source }: { source: string }) {
  return (
    <div className={PROSE}>
      <Markdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
        {source}
      </Markdown>
    </div>
  );
}
