/** Every localStorage key the app uses, in one place (SPEC.md section 9). */
export const STORAGE_KEYS = {
  theme: 'theme',
  consent: 'weft.cookieConsent',
  previewBannerMinimised: 'weft.previewBannerMinimised',
  nodeDefinitions: 'weft.nodeDefinitions',
  tutorial: 'weft.tutorial',
  lastWorkflowId: 'weft.lastWorkflowId',
  /** "hidden" once the user hid the editor's overview map; it stays hidden until shown again. */
  overviewMap: 'weft.overviewMap',
  /** The workspace chosen in the top bar's switcher (its id). */
  workspace: 'weft.workspace',
} as const;

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the app keeps working without it.
  }
}
