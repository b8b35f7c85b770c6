import { create } from 'zustand';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage-keys';

export type Theme = 'light' | 'dark';
/** What the user chose: a theme, or "follow the system" (nothing stored). */
export type ThemePreference = Theme | 'system';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemTheme(): Theme {
  return typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

function storedPreference(): ThemePreference {
  const stored = readStorage(STORAGE_KEYS.theme);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

function resolve(preference: ThemePreference): Theme {
  return preference === 'system' ? systemTheme() : preference;
}

function apply(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

interface ThemeState {
  /** The theme on screen. */
  theme: Theme;
  preference: ThemePreference;
  setTheme(theme: Theme): void;
  /** `system` forgets the stored choice so the theme follows the operating system. */
  setPreference(preference: ThemePreference): void;
  toggle(): void;
}

/** Dark/light theme, persisted under `theme`; defaults to the system preference. */
export const useThemeStore = create<ThemeState>()((set, get) => ({
  theme: resolve(storedPreference()),
  preference: storedPreference(),
  setTheme(theme) {
    get().setPreference(theme);
  },
  setPreference(preference) {
    writeStorage(STORAGE_KEYS.theme, preference === 'system' ? null : preference);
    const theme = resolve(preference);
    apply(theme);
    set({ theme, preference });
  },
  toggle() {
    get().setTheme(get().theme === 'dark' ? 'light' : 'dark');
  },
}));

// While following the system, follow it live too (e.g. the OS switches at sunset).
if (typeof window !== 'undefined' && window.matchMedia) {
  window.matchMedia(DARK_QUERY).addEventListener?.('change', () => {
    const { preference } = useThemeStore.getState();
    if (preference !== 'system') return;
    const theme = systemTheme();
    apply(theme);
    useThemeStore.setState({ theme });
  });
}
