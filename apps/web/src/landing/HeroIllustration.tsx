import { LogoMark } from '../components/Logo';
import { TALL_LAYOUT, WIDE_LAYOUT } from './hero-graph-data';
import { WorkflowGraph } from './WorkflowGraph';

const LOG_LINES = [
  { time: '09:00:00', text: 'Run started · trigger: schedule', tone: 'text-muted' },
  { time: '09:00:01', text: 'HTTP Request → 200 OK · 24 articles', tone: 'text-ok' },
  { time: '09:00:01', text: 'Vector Search → 6 results (top score 0.82)', tone: 'text-ok' },
  { time: '09:00:02', text: 'Summarise → streaming tokens…', tone: 'text-brand' },
] as const;

/** An editor window drawn in HTML and SVG: no screenshots, nothing fetched. */
export function HeroIllustration() {
  return (
    <figure
      role="img"
      aria-label="The Weft editor running a workflow: a schedule triggers an HTTP request and a knowledge-base search, an LLM summarises them, and the result is posted to Slack."
      className="relative mx-auto max-w-5xl"
    >
      <div aria-hidden="true" className="absolute -inset-x-8 -inset-y-6 -z-10 rounded-[2.5rem] bg-brand/10 blur-3xl dark:bg-brand/15" />
      <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-2xl shadow-brand/10 ring-1 ring-black/[0.02] dark:shadow-black/50">
        <div className="flex items-center gap-3 border-b border-line px-4 py-3">
          <div className="hidden gap-1.5 sm:flex">
            <span className="h-2.5 w-2.5 rounded-full bg-line" />
            <span className="h-2.5 w-2.5 rounded-full bg-line" />
            <span className="h-2.5 w-2.5 rounded-full bg-line" />
          </div>
          <LogoMark size={20} />
          <span className="truncate text-sm font-medium text-ink">Daily summary → Slack</span>
          <span className="hidden text-xs text-subtle md:inline">Saved</span>
          <span className="ml-auto hidden items-center gap-1.5 rounded-full bg-ok/10 px-2.5 py-1 text-xs font-medium text-ok sm:inline-flex">
            <span className="h-1.5 w-1.5 rounded-full bg-ok" />
            Scheduled · Mon–Fri 09:00
          </span>
          <span className="ml-auto inline-flex items-center gap-1.5 rounded-md bg-brand px-3 py-1.5 text-xs font-semibold text-white sm:ml-0">
            <svg width="10" height="10" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <path d="M6 4l14 8-14 8Z" />
            </svg>
            Running
          </span>
        </div>
        <div className="bg-canvas bg-[radial-gradient(circle,var(--color-line)_1.2px,transparent_1.2px)] bg-[length:20px_20px] px-2 py-4 sm:px-4 sm:py-6">
          <WorkflowGraph layout={WIDE_LAYOUT} className="hidden h-auto w-full md:block" />
          <WorkflowGraph layout={TALL_LAYOUT} className="mx-auto block h-auto w-full max-w-sm md:hidden" />
        </div>
        <div className="border-t border-line bg-surface px-4 py-3 font-mono text-[11px] leading-6 sm:text-xs">
          <div className="mb-1 flex items-center gap-2 font-sans text-[11px] font-semibold tracking-wide text-subtle uppercase">
            <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-brand motion-reduce:animate-none" />
            Live logs
          </div>
          {LOG_LINES.map((line, i) => (
            <div key={line.text} className={`flex gap-3 truncate ${i === 0 ? 'hidden sm:flex' : ''}`}>
              <span className="text-subtle">[{line.time}]</span>
              <span className={`truncate ${line.tone}`}>{line.text}</span>
            </div>
          ))}
        </div>
      </div>
    </figure>
  );
}
