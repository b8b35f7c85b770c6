import { Icon, type IconName } from '../components/ui/named-icon';
import { Container, SectionHeading } from './Section';

interface Feature {
  icon: IconName;
  title: string;
  body: string;
  detail: string;
}

const FEATURES: readonly Feature[] = [
  {
    icon: 'workflow',
    title: 'Visual workflow builder',
    body: 'Drag nodes onto a canvas and connect typed ports. Weft checks every connection and inserts converters and mergers for you.',
    detail: 'Typed ports · auto-converters',
  },
  {
    icon: 'layers',
    title: 'RAG-ready nodes',
    body: 'Load documents, split them into chunks, search a vector store and hand the best passages to your LLM as context.',
    detail: 'Loaders · splitters · retrievers',
  },
  {
    icon: 'puzzle',
    title: 'Custom nodes',
    body: 'Write a node in JavaScript with its own ports and settings. It runs in a sandbox with memory and CPU limits.',
    detail: 'Sandboxed · versioned',
  },
  {
    icon: 'lock',
    title: 'Encrypted secrets',
    body: 'API keys are encrypted at rest with AES-256-GCM, masked in logs and never sent back to the browser.',
    detail: 'Referenced as {{secrets.NAME}}',
  },
  {
    icon: 'calendar',
    title: 'Schedules & triggers',
    body: 'Run on a cron schedule in any time zone, from a webhook, from the REST API or with one click in the editor.',
    detail: 'Cron · webhooks · API',
  },
  {
    icon: 'terminal',
    title: 'Live logs & history',
    body: 'Watch each node start, stream and finish in real time, then inspect the inputs and outputs of past runs.',
    detail: 'Per-node timings and results',
  },
];

export function FeatureGrid() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-20 sm:py-28">
      <Container>
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything an AI workflow needs, nothing it doesn’t"
          lead="From the first prompt to the thousandth scheduled run: build, run and watch your automations in one place."
        />
        <ul className="mt-14 grid gap-px overflow-hidden rounded-2xl border border-line bg-line sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="group flex flex-col bg-surface p-7 transition-colors hover:bg-surface-2/60">
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-soft text-brand ring-1 ring-brand/15">
                <Icon name={feature.icon} size={22} />
              </span>
              <h3 className="mt-5 text-base font-semibold text-ink">{feature.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{feature.body}</p>
              <p className="mt-auto pt-5 font-mono text-xs text-subtle">{feature.detail}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
