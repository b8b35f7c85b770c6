import { useState } from 'react';

/**
 * A dialog's send: `saving` while the action runs, the server's refusal in words as `error`
 * (the dialog stays open, what was typed kept), and `done` once it went through (the dialog
 * closes). The action resolves to the refusal, or null.
 */
export function useRefusableAction<T>(action: (value: T) => Promise<string | null>, done: () => void) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (value: T) => {
    setError(null);
    setSaving(true);
    const refusal = await action(value);
    setSaving(false);
    if (refusal) setError(refusal);
    else done();
  };
  return { saving, error, setError, send };
}
