import { TEMPLATES } from '@weft/core';
import { Link } from 'react-router';
import { Icon } from '../components/ui/named-icon';
import { cardSpan } from './card-span';
import { NodeChainPreview } from './NodeChain';
import { Container, SectionHeading } from './Section';
import { TrackedLink } from './TrackedLink';

export function TemplateTeaser() {
  return (
    <section aria-labelledby="templates-title" className="border-t border-line bg-surface py-20 sm:py-28">
      <Container>
        <div className="flex flex-col items-start justify-between gap-6 md:flex-row md:items-end">
          <SectionHeading
            id="templates-title"
            eyebrow="Template gallery"
            title="Start from a working workflow"
            lead="Pick a template, add your keys and it runs. Every one is a normal workflow you can take apart and extend."
            align="left"
          />
          <TrackedLink
            to="/gallery"
            name="templates_view_all"
            className="inline-flex shrink-0 items-center gap-1.5 text-sm font-semibold text-brand hover:text-brand-strong"
          >
            View all templates
            <Icon name="arrowRight" size={16} />
          </TrackedLink>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-6">
          {TEMPLATES.map((template, index) => (
            <li key={template.id} className={cardSpan(index, TEMPLATES.length)}>
              <Link
                to={`/gallery#${template.id}`}
                className="group flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-canvas transition hover:-translate-y-0.5 hover:border-brand/40 hover:shadow-lg hover:shadow-brand/5"
              >
                <div className="flex h-28 items-center border-b border-line bg-[radial-gradient(circle,var(--color-line)_1px,transparent_1px)] bg-[length:14px_14px] px-4">
                  <NodeChainPreview nodes={template.preview} />
                </div>
                <div className="flex flex-1 flex-col p-5">
                  <span className="text-xs font-medium text-subtle">{template.category}</span>
                  <h3 className="mt-1 font-semibold text-ink group-hover:text-brand-strong">{template.name}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-muted">{template.summary}</p>
                  <span className="mt-auto flex items-center justify-between pt-5 text-xs text-subtle">
                    {template.preview.length} nodes
                    <span className="inline-flex items-center gap-1 font-medium text-brand opacity-0 transition group-hover:opacity-100 group-focus-visible:opacity-100">
                      Details
                      <Icon name="arrowRight" size={14} />
                    </span>
                  </span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
