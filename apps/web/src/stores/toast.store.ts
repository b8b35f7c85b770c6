import { create } from 'zustand';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** A link a toast offers after its message ("Open the run"). */
export interface ToastLink {
  /** An app path, e.g. `/workflow/w1?execution=e1`. */
  to: string;
  label: string;
}

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  link?: ToastLink;
  /** Milliseconds before it closes itself; 0 or less stays until dismissed. */
  duration: number;
}

export const TOAST_DEFAULT_DURATION = 5000;

interface ToastState {
  toasts: Toast[];
  show(type: ToastType, message: string, duration?: number, link?: ToastLink): string;
  dismiss(id: string): void;
  reset(): void;
}

let counter = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show(type, message, duration = TOAST_DEFAULT_DURATION, link) {
    counter += 1;
    const id = `toast-${counter}`;
    set((s) => ({ toasts: [...s.toasts, { id, type, message, duration, ...(link ? { link } : {}) }] }));
    if (duration > 0)
      timers.set(
        id,
        setTimeout(() => get().dismiss(id), duration),
      );
    return id;
  },
  dismiss(id) {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
  reset() {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    set({ toasts: [] });
  },
}));

/** Shorthands usable outside React: `toast.success('Saved')`, `toast.success('Started', undefined, { to, label })`. */
export const toast = {
  success: (message: string, duration?: number, link?: ToastLink) => useToastStore.getState().show('success', message, duration, link),
  error: (message: string, duration?: number, link?: ToastLink) => useToastStore.getState().show('error', message, duration, link),
  warning: (message: string, duration?: number, link?: ToastLink) => useToastStore.getState().show('warning', message, duration, link),
  info: (message: string, duration?: number, link?: ToastLink) => useToastStore.getState().show('info', message, duration, link),
};
