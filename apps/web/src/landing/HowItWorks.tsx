import type { ReactNode } from 'react';
import { Icon } from '../components/ui/named-icon';
import { DATA_TYPE_SWATCH } from '../lib/palette';
import { Container, SectionHeading } from './Section';

function Panel({ children }: { children: ReactNode }) {
  return (
    <div aria-hidden="true" className="flex h-40 flex-col justify-center gap-2 rounded-xl border border-line bg-canvas p-4 text-xs">
      {children}
    </div>
  );
}

function MiniNode({ x, y, icon, label, color }: { x: number; y: number; icon: 'file' | 'database'; label: string; color: string }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width={108} height={34} rx={8} className="fill-surface stroke-line" />
      <svg x={10} y={9} width={16} height={16} viewBox="0 0 24 24" style={{ color }} aria-hidden="true">
        <Icon name={icon} size={24} strokeWidth={2} />
      </svg>
      <text x={31} y={21.5} fontSize={12.5} fontWeight={500} className="fill-ink">
        {label}
      </text>
    </g>
  );
}

function ConnectIllustration() {
  const documents = DATA_TYPE_SWATCH.documents.hex;
  const chunks = DATA_TYPE_SWATCH.chunks.hex;
  return (
    <Panel>
      <svg viewBox="0 0 272 116" className="h-full w-full" aria-hidden="true">
        <path d="M112 25 C136 25 136 58 136 58" fill="none" stroke={documents} strokeWidth={2} />
        <path d="M136 58 C136 58 136 95 160 95" fill="none" stroke={chunks} strokeWidth={2} />
        <MiniNode x={4} y={8} icon="file" label="Load PDF" color="#10b981" />
        <MiniNode x={160} y={78} icon="database" label="Vector Store" color="#10b981" />
        <circle cx={112} cy={25} r={4.5} fill={documents} className="stroke-surface" strokeWidth={2} />
        <circle cx={160} cy={95} r={4.5} fill={chunks} className="stroke-surface" strokeWidth={2} />
        <g transform="translate(84 47)">
          <rect width={104} height={22} rx={11} className="fill-surface" stroke={documents} strokeOpacity={0.6} />
          <text x={52} y={15} textAnchor="middle" fontSize={11} fontWeight={500} className="fill-muted">
            Split Documents
          </text>
        </g>
      </svg>
    </Panel>
  );
}

function ConfigureIllustration() {
  return (
    <Panel>
      <div className="flex items-center justify-between rounded-md border border-line bg-surface px-2.5 py-1.5">
        <span className="text-muted">Model</span>
        <span className="font-medium text-ink">gpt-4o-mini ▾</span>
      </div>
      <div className="rounded-md border border-line bg-surface px-2.5 py-1.5 leading-relaxed text-muted">
        Summarise for the team: <span className="rounded bg-brand-soft px-1 font-mono text-brand-strong">{'{{input}}'}</span>
      </div>
      <div className="flex items-center justify-between rounded-md border border-line bg-surface px-2.5 py-1.5">
        <span className="text-muted">API key</span>
        <span className="inline-flex items-center gap-1 font-mono text-ink">
          <Icon name="lock" size={12} className="text-ok" />
          {'{{secrets.OPENAI_KEY}}'}
        </span>
      </div>
    </Panel>
  );
}

function RunIllustration() {
  return (
    <Panel>
      <div className="flex items-center justify-between">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-ok/10 px-2 py-0.5 font-medium text-ok">
          <span className="h-1.5 w-1.5 rounded-full bg-ok" /> Active
        </span>
        <span className="font-mono text-[11px] text-muted">0 9 * * 1-5 · Europe/Berlin</span>
      </div>
      <div className="space-y-1 rounded-md border border-line bg-surface px-2.5 py-2 font-mono text-[10.5px] leading-5">
        <div>
          <span className="text-subtle">[09:00:00]</span> <span className="text-muted">Run started</span>
        </div>
        <div>
          <span className="text-subtle">[09:00:04]</span> <span className="text-ok">Post to Slack ✓ 212 ms</span>
        </div>
        <div>
          <span className="text-subtle">[09:00:04]</span> <span className="text-ink">Run succeeded in 4.1 s</span>
        </div>
      </div>
    </Panel>
  );
}

const STEPS = [
  {
    title: 'Connect nodes',
    body: 'Drop inputs, models, retrievers and integrations onto the canvas and wire them up. Mismatched types get a converter automatically.',
    illustration: <ConnectIllustration />,
  },
  {
    title: 'Configure',
    body: 'Pick models, write prompts with {{placeholders}}, and reference encrypted secrets instead of pasting keys into fields.',
    illustration: <ConfigureIllustration />,
  },
  {
    title: 'Run & schedule',
    body: 'Run it now and watch the live logs, then put it on a schedule or call it from a webhook or the REST API.',
    illustration: <RunIllustration />,
  },
] as const;

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-20 border-t border-line bg-surface py-20 sm:py-28">
      <Container>
        <SectionHeading id="how-title" eyebrow="How it works" title="From idea to scheduled run in three steps" />
        <ol className="mt-14 grid gap-6 lg:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="flex flex-col rounded-2xl border border-line bg-surface p-5 shadow-sm">
              {step.illustration}
              <div className="mt-6 flex items-center gap-3 px-1">
                <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand text-xs font-semibold text-white">{i + 1}</span>
                <h3 className="text-base font-semibold text-ink">{step.title}</h3>
              </div>
              <p className="mt-3 px-1 text-sm leading-relaxed text-muted">{step.body}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
