import { create } from 'zustand';

export interface ConfirmRequest {
  id: string;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Destructive actions get a red confirm button. */
  danger: boolean;
  resolve(confirmed: boolean): void;
}

interface ConfirmState {
  current: ConfirmRequest | null;
  ask(options: Partial<Omit<ConfirmRequest, 'id' | 'resolve'>> & { title: string }): Promise<boolean>;
  answer(confirmed: boolean): void;
}

let counter = 0;

export const useConfirmStore = create<ConfirmState>()((set, get) => ({
  current: null,
  ask(options) {
    get().current?.resolve(false);
    return new Promise<boolean>((resolve) => {
      counter += 1;
      set({
        current: {
          id: `confirm-${counter}`,
          title: options.title,
          message: options.message ?? '',
          confirmLabel: options.confirmLabel ?? 'Confirm',
          cancelLabel: options.cancelLabel ?? 'Cancel',
          danger: options.danger ?? false,
          resolve,
        },
      });
    });
  },
  answer(confirmed) {
    const current = get().current;
    set({ current: null });
    current?.resolve(confirmed);
  },
}));

/** `if (await confirmDialog({ title: 'Delete?' })) …` */
export const confirmDialog = (options: Parameters<ConfirmState['ask']>[0]) => useConfirmStore.getState().ask(options);
