/**
 * The look of the editor toolbar's tools, shared by the buttons that live beside their
 * dialogs (Schedule, Webhook, Chat): an icon with its name in words beside it from 1280 px
 * up (issue 22: twelve bare icons told a newcomer nothing), the icon alone and its name in
 * the tooltip below that. The accessible name is the same at every width.
 */
export function toolClasses(state: { pressed?: boolean; iconOnly?: boolean } = {}): string {
  const shape = state.iconOnly ? 'size-8' : 'h-8 gap-1.5 px-2';
  const tone = state.pressed ? 'bg-brand-soft text-brand' : 'text-muted hover:bg-surface-2 hover:text-ink';
  return `inline-flex shrink-0 items-center justify-center rounded-md text-[13px] font-medium transition-colors disabled:pointer-events-none disabled:opacity-40 aria-expanded:bg-surface-2 aria-expanded:text-ink ${shape} ${tone}`;
}

/** A tool's name beside its icon: shown where the toolbar has room for every name. */
export const TOOL_LABEL = 'hidden xl:inline';
