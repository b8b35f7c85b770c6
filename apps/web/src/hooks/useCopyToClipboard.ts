import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Copies text to the clipboard and says so for `showMs`: `copied` is true that long, so a
 * button can read "Copied". `copy` resolves false when the browser refuses clipboard access,
 * so each caller decides what to tell the user (the text is usually still selectable).
 */
export function useCopyToClipboard(showMs: number) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // No state update after the component is gone.
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        return false;
      }
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), showMs);
      return true;
    },
    [showMs],
  );

  return { copied, copy };
}
