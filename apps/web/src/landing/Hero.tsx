import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/Button';
import { Icon } from '../components/ui/named-icon';
import { HeroIllustration } from './HeroIllustration';
import { Container } from './Section';
import { TrackedLink } from './TrackedLink';

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[640px] bg-[radial-gradient(60%_55%_at_50%_0%,color-mix(in_oklab,var(--color-brand)_18%,transparent),transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-20 bg-[linear-gradient(to_right,var(--color-line)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-line)_1px,transparent_1px)] bg-[length:56px_56px] opacity-40 [mask-image:radial-gradient(70%_50%_at_50%_0%,#000,transparent)]"
      />
      <Container className="pt-14 pb-14 text-center sm:pt-20 sm:pb-16">
        <Link
          to="/docs#node-reference"
          className="group inline-flex items-center gap-2 rounded-full border border-line bg-surface/80 py-1 pr-3 pl-1 text-xs font-medium text-muted shadow-sm backdrop-blur transition hover:border-brand/40 hover:text-ink"
        >
          <span className="rounded-full bg-brand-soft px-2 py-0.5 font-semibold text-brand-strong">New</span>
          RAG-ready nodes and custom nodes
          <Icon name="arrowRight" size={14} className="transition-transform group-hover:translate-x-0.5" />
        </Link>
        <h1 id="hero-title" className="mx-auto mt-6 max-w-4xl text-4xl font-semibold tracking-tight text-balance text-ink sm:text-6xl lg:text-7xl">
          Automation that runs{' '}
          <span className="bg-linear-to-r from-brand via-fuchsia-500 to-brand-strong bg-clip-text text-transparent dark:via-fuchsia-400">around the clock</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-base leading-relaxed text-pretty text-muted sm:text-lg">
          Weft is a visual builder for AI workflows. Connect typed nodes, plug in your models and keys, and let schedules, webhooks and the API run them day and
          night — on a server you control.
        </p>
        <div className="mt-9 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <TrackedLink to="/login" name="hero_get_started" className={buttonClasses('primary', 'lg', 'shadow-lg shadow-brand/25')}>
            Get Started Free
            <Icon name="arrowRight" size={18} />
          </TrackedLink>
          <TrackedLink to="/gallery" name="hero_browse_templates" className={buttonClasses('secondary', 'lg')}>
            Browse templates
          </TrackedLink>
        </div>
        <ul className="mt-7 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-muted">
          {['Self-hosted, your data stays put', 'Free during the preview', 'No credit card'].map((item) => (
            <li key={item} className="inline-flex items-center gap-1.5">
              <Icon name="check" size={16} className="text-ok" strokeWidth={2.2} />
              {item}
            </li>
          ))}
        </ul>
      </Container>
      <Container className="pb-20 sm:pb-28">
        <HeroIllustration />
      </Container>
    </section>
  );
}
