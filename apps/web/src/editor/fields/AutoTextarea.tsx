import { type RefObject, type TextareaHTMLAttributes, useCallback, useLayoutEffect, useRef } from 'react';

export interface AutoTextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'rows'> {
  value: string;
  /** Lower bound in rows, so an empty field still looks like a place to write. */
  minRows?: number;
  /** Gets the textarea element (for caret work). */
  ref?: RefObject<HTMLTextAreaElement | null>;
}

/**
 * A textarea that grows with its text instead of scrolling inside itself: the panel
 * scrolls as a whole, and the prompt editor's highlight layer stays aligned (a scroll
 * bar inside the textarea would narrow its text but not the layer's).
 */
export function AutoTextarea({ value, minRows = 3, ref, className = '', ...rest }: AutoTextareaProps) {
  const own = useRef<HTMLTextAreaElement>(null);
  const inner = ref ?? own;

  const fit = useCallback(() => {
    const el = inner.current;
    if (!el) return;
    el.style.height = 'auto';
    // scrollHeight leaves out the borders that border-box sizing counts.
    el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
  }, [inner]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refit whenever the text changes.
  useLayoutEffect(fit, [value, fit]);

  useLayoutEffect(() => {
    const el = inner.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // A narrower panel rewraps the text; refit on width changes only (height changes are ours).
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      fit();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [fit, inner]);

  return <textarea ref={inner} value={value} rows={minRows} className={`resize-none overflow-hidden ${className}`} {...rest} />;
}
