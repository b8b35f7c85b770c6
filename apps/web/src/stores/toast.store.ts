import { create } from 'zustand';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  /** Milliseconds before it closes itself; 0 or less stays until dismissed. */
  duration: number;
}

export const TOAST_DEFAULT_DURATION = 5000;

interface ToastState {
  toasts: Toast[];
  show(type: ToastType, message: string, duration?: number): string;
  dismiss(id: string): void;
  reset(): void;
}

let counter = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show(type, message, duration = TOAST_DEFAULT_DURATION) {
    counter += 1;
    const id = `toast-${counter}`;
    set((s) => ({ toasts: [...s.toasts, { id, type, message, duration }] }));
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

/** Shorthands usable outside React: `toast.success('Saved')`. */
export const toast = {
  success: (message: string, duration?: number) => useToastStore.getState().show('success', message, duration),
  error: (message: string, duration?: number) => useToastStore.getState().show('error', message, duration),
  warning: (message: string, duration?: number) => useToastStore.getState().show('warning', message, duration),
  info: (message: string, duration?: number) => useToastStore.getState().show('info', message, duration),
};
