import { Link } from 'react-router';
import { buttonClasses } from '../ui/Button';
import { LayoutIcon } from '../ui/icons';
import { ImportWorkflowButton } from './ImportWorkflowButton';
import { NewFromTemplateButton } from './NewFromTemplateButton';
import { NewWorkflowButton } from './NewWorkflowButton';

/** First visit: nothing yet, and the three ways to get started. */
export function DashboardEmptyState() {
  return (
    <section
      aria-labelledby="empty-title"
      className="flex flex-col items-center rounded-xl border border-dashed border-line bg-surface px-6 py-16 text-center sm:py-20"
    >
      <EmptyIllustration />
      <h2 id="empty-title" className="mt-6 text-lg font-semibold text-ink">
        No workflows yet
      </h2>
      <p className="mt-1.5 max-w-sm text-sm leading-6 text-muted">
        Build your first AI workflow from scratch, import one you exported, or start from a ready-made template.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-2">
        <NewWorkflowButton />
        <NewFromTemplateButton />
        <ImportWorkflowButton />
        <Link to="/gallery" className={buttonClasses('ghost')}>
          <LayoutIcon size={16} />
          Browse templates
        </Link>
      </div>
    </section>
  );
}

/** Three connected nodes, drawn with the theme's colours. */
function EmptyIllustration() {
  return (
    <svg width="148" height="88" viewBox="0 0 148 88" aria-hidden="true" className="text-line">
      <path d="M44 28 C64 28 60 60 80 60 M44 28 C70 28 76 22 104 22" fill="none" stroke="currentColor" strokeWidth="2" strokeDasharray="4 4" />
      <rect x="4" y="12" width="40" height="32" rx="8" className="fill-surface-2 stroke-line" strokeWidth="2" />
      <rect x="12" y="22" width="16" height="4" rx="2" className="fill-brand/60" />
      <rect x="12" y="30" width="24" height="4" rx="2" className="fill-line" />
      <rect x="80" y="44" width="40" height="32" rx="8" className="fill-surface-2 stroke-line" strokeWidth="2" />
      <rect x="88" y="54" width="20" height="4" rx="2" className="fill-ok/60" />
      <rect x="88" y="62" width="14" height="4" rx="2" className="fill-line" />
      <rect x="104" y="6" width="40" height="32" rx="8" className="fill-brand-soft stroke-brand/50" strokeWidth="2" />
      <path d="M124 15v14M117 22h14" className="stroke-brand" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="44" cy="28" r="3.5" className="fill-surface stroke-brand" strokeWidth="2" />
      <circle cx="80" cy="60" r="3.5" className="fill-surface stroke-brand" strokeWidth="2" />
      <circle cx="104" cy="22" r="3.5" className="fill-surface stroke-brand" strokeWidth="2" />
    </svg>
  );
}
