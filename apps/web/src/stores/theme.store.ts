import { create } from 'zustand';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage-keys';

export type Theme = 'light' | 'dark';

function initialTheme(): Theme {
  const stored = readStorage(STORAGE_KEYS.theme);
  if (stored === 'light' || stored === 'dark') return stored;
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function apply(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
  toggle(): void;
}

/** Dark/light theme, persisted under `theme`; defaults to the system preference. */
export const useThemeStore = create<ThemeState>()((set, get) => ({
  theme: initialTheme(),
  setTheme(theme) {
    writeStorage(STORAGE_KEYS.theme, theme);
    apply(theme);
    set({ theme });
  },
  toggle() {
    get().setTheme(get().theme === 'dark' ? 'light' : 'dark');
  },
}));
