import { Avatar } from '../../components/ui/Avatar';
import { useEditorStore } from '../store/editor.store';
import { presenceSummary, viewerLabel } from './presence-labels';
import { usePresence } from './usePresence';

/** Avatars beyond this become "+N" (its tooltip names them all). */
const SHOWN = 4;

const tooltip =
  'pointer-events-none invisible absolute top-full left-1/2 z-50 mt-2 w-max max-w-72 -translate-x-1/2 rounded-lg border border-line bg-surface px-3 py-2 text-xs leading-5 text-ink opacity-0 shadow-lg transition-opacity group-hover:visible group-hover:opacity-100 group-focus-visible:visible group-focus-visible:opacity-100';

const avatarButton = 'flex cursor-default items-center justify-center rounded-full ring-2 ring-surface outline-none focus-visible:ring-brand';

/**
 * Who else has the open workflow (issue 25, working at the same time): one avatar per
 * other tab, the signed-in user's own other tabs included ("You, in another tab"), this
 * tab never. Hovering or focusing an avatar names the person and since when.
 */
export function PresenceAvatars() {
  const workflowId = useEditorStore((s) => s.workflowId);
  const viewers = usePresence(workflowId);
  if (viewers.length === 0) return null;
  const now = new Date();
  const shown = viewers.slice(0, SHOWN);
  const rest = viewers.slice(SHOWN);
  return (
    <ul className="flex items-center -space-x-1.5 pl-1" aria-label={presenceSummary(viewers)} data-testid="presence">
      {shown.map((viewer) => {
        const label = viewerLabel(viewer, now);
        return (
          <li key={viewer.sessionId} className="group relative">
            {/* A button only to be focusable: focus shows the tooltip, as hovering does. */}
            <button type="button" aria-label={label} className={avatarButton} data-testid="presence-viewer">
              <Avatar displayName={viewer.name} email={viewer.name} size="xs" />
            </button>
            <span role="tooltip" className={tooltip}>
              {label}
            </span>
          </li>
        );
      })}
      {rest.length > 0 && (
        <li className="group relative">
          <button
            type="button"
            aria-label={rest.map((v) => viewerLabel(v, now)).join('; ')}
            className={`${avatarButton} size-6 bg-surface-2 text-[10px] font-semibold text-muted`}
          >
            +{rest.length}
          </button>
          <span role="tooltip" className={`${tooltip} whitespace-pre-line`}>
            {rest.map((v) => viewerLabel(v, now)).join('\n')}
          </span>
        </li>
      )}
    </ul>
  );
}
