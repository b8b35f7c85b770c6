import { Icon } from '../components/ui/named-icon';
import { Container } from './Section';
import { TrackedLink } from './TrackedLink';

/** Button shape on the coloured band (the shared variants assume a neutral background). */
const BASE = 'inline-flex h-12 items-center justify-center gap-2 rounded-lg px-6 text-base font-medium transition-colors';

export function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="pb-20 sm:pb-28">
      <Container>
        <div className="relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-brand-strong via-brand to-fuchsia-500 px-6 py-16 text-center shadow-2xl shadow-brand/20 sm:px-16 sm:py-20 dark:from-[#3b2fd1] dark:via-[#5b4ee8] dark:to-[#a21caf]">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,rgb(255_255_255/0.08)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.08)_1px,transparent_1px)] bg-[length:40px_40px] [mask-image:radial-gradient(60%_70%_at_50%_40%,#000,transparent)]"
          />
          <h2 id="cta-title" className="mx-auto max-w-2xl text-3xl font-semibold tracking-tight text-balance text-white sm:text-4xl">
            Put your first workflow on autopilot today
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-base leading-relaxed text-pretty text-white/80 sm:text-lg">
            Install Weft on your own machine in a minute, or sign in to this instance and start from a template.
          </p>
          <div className="mt-9 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <TrackedLink to="/login" name="cta_create_account" className={`${BASE} bg-white text-[#4535e6] shadow-lg hover:bg-white/90`}>
              Create your free account
              <Icon name="arrowRight" size={18} />
            </TrackedLink>
            <TrackedLink to="/docs" name="cta_read_docs" className={`${BASE} text-white ring-1 ring-white/35 hover:bg-white/10`}>
              Read the docs
            </TrackedLink>
          </div>
        </div>
      </Container>
    </section>
  );
}
