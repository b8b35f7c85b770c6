import { NewsletterForm } from './NewsletterForm';
import { Container } from './Section';

export function NewsletterSection() {
  return (
    <section aria-labelledby="newsletter-title" className="border-t border-line bg-surface py-16 sm:py-20">
      <Container className="flex flex-col items-start justify-between gap-8 lg:flex-row lg:items-center">
        <div className="max-w-lg">
          <h2 id="newsletter-title" className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
            Stay in the loop
          </h2>
          <p className="mt-3 text-base leading-relaxed text-muted">
            New nodes, templates and releases, straight to your inbox. No spam, and your address never leaves this server.
          </p>
        </div>
        <NewsletterForm />
      </Container>
    </section>
  );
}
