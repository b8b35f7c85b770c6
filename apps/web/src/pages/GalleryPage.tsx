import { TEMPLATES, type WorkflowTemplate } from '@weft/core';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/Button';
import { Icon } from '../components/ui/named-icon';
import { Footer } from '../landing/Footer';
import { NodeChainDetailed, NodeChainPreview } from '../landing/NodeChain';
import { Container } from '../landing/Section';
import { TrackedLink } from '../landing/TrackedLink';
import { useDocumentTitle } from '../landing/useDocumentTitle';
import { useScrollToHash } from '../landing/useScrollToHash';
import { track } from '../lib/analytics';
import { useAuthStore } from '../stores/auth.store';

/** `wide`: the last of an odd number, across both columns (its preview beside the text on wide screens), so the grid has no hole. */
function TemplateCard({ template, signedIn, wide }: { template: WorkflowTemplate; signedIn: boolean; wide: boolean }) {
  const editor = `/editor?template=${encodeURIComponent(template.id)}`;
  // Signed out: sign up first, then straight on to the template (LoginPage's `next`).
  const destination = signedIn ? editor : `/login?mode=signup&next=${encodeURIComponent(editor)}`;
  const titleId = `${template.id}-title`;
  return (
    <article
      id={template.id}
      aria-labelledby={titleId}
      className={`flex scroll-mt-24 flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition target:border-brand target:ring-2 target:ring-brand/30 ${wide ? 'md:col-span-2 lg:flex-row' : ''}`}
    >
      <div
        className={`flex h-36 shrink-0 items-center justify-center border-b border-line bg-canvas bg-[radial-gradient(circle,var(--color-line)_1px,transparent_1px)] bg-[length:14px_14px] px-6 ${wide ? 'lg:h-auto lg:w-2/5 lg:border-r lg:border-b-0' : ''}`}
      >
        <div className="w-full max-w-md">
          <NodeChainPreview nodes={template.preview} size="lg" />
        </div>
      </div>
      <div className="flex flex-1 flex-col p-6 sm:p-7">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className="rounded-full bg-brand-soft px-2.5 py-0.5 font-medium text-brand-strong">{template.category}</span>
          <span className="inline-flex items-center gap-1 text-subtle">
            <Icon name="clock" size={13} />
            {template.trigger}
          </span>
        </div>
        <h2 id={titleId} className="mt-4 text-xl font-semibold tracking-tight text-ink">
          {template.name}
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-muted">{template.description}</p>
        <h3 className="mt-6 text-xs font-semibold tracking-wide text-subtle uppercase">Nodes used</h3>
        <div className="mt-3">
          <NodeChainDetailed nodes={template.preview} />
        </div>
        <div className="mt-auto flex items-center justify-between gap-4 pt-7">
          <span className="text-xs text-subtle">{template.preview.length} nodes</span>
          <Link
            to={destination}
            aria-label={`Use template ${template.name}`}
            onClick={() => track('cta_click', { name: `use_template_${template.id}`, destination })}
            className={buttonClasses('primary', 'md')}
          >
            Use template
            <Icon name="arrowRight" size={16} />
          </Link>
        </div>
      </div>
    </article>
  );
}

/** /gallery: the starter templates (SPEC.md sections 1 and 2). */
export function GalleryPage() {
  useDocumentTitle('Template gallery · Weft');
  useScrollToHash();
  const signedIn = useAuthStore((s) => s.status === 'signed-in');
  return (
    <div className="flex flex-1 flex-col">
      <section aria-labelledby="gallery-title" className="border-b border-line bg-surface">
        <Container className="py-14 sm:py-20">
          <p className="text-sm font-semibold text-brand">Templates</p>
          <h1 id="gallery-title" className="mt-3 text-4xl font-semibold tracking-tight text-ink sm:text-5xl">
            Template gallery
          </h1>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-muted sm:text-lg">
            Ready-made workflows for the jobs people automate first. Open one in the editor, add your keys, and run it — then make it yours.
          </p>
        </Container>
      </section>
      <Container className="py-12 sm:py-16">
        <div className="grid gap-6 md:grid-cols-2">
          {TEMPLATES.map((template, index) => (
            <TemplateCard key={template.id} template={template} signedIn={signedIn} wide={TEMPLATES.length % 2 === 1 && index === TEMPLATES.length - 1} />
          ))}
        </div>
        <div className="mt-10 flex flex-col items-start justify-between gap-5 rounded-2xl border border-dashed border-line p-7 sm:flex-row sm:items-center">
          <div>
            <h2 className="text-base font-semibold text-ink">Rather start from scratch?</h2>
            <p className="mt-1 text-sm text-muted">Open a blank canvas, or read how nodes, types and converters fit together.</p>
          </div>
          <div className="flex gap-3">
            <TrackedLink to="/docs" name="gallery_docs" className={buttonClasses('ghost', 'md')}>
              Read the docs
            </TrackedLink>
            <TrackedLink to={signedIn ? '/editor' : '/login'} name="gallery_blank_canvas" className={buttonClasses('secondary', 'md')}>
              Blank canvas
            </TrackedLink>
          </div>
        </div>
      </Container>
      <Footer />
    </div>
  );
}
