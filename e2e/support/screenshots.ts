import type { Locator, Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR } from './fixtures.js';

/**
 * Screenshots of one state in both themes, for people to look at (not compared): no theme
 * is stored, so the app follows the emulated system one. Writes `<name>-light.png` and
 * `<name>-dark.png` of `target` (the whole page by default) into each of `dirs`, and
 * leaves the page light.
 */
export async function shootThemes(page: Page, name: string, options: { target?: Locator | Page; dirs?: readonly string[] } = {}) {
  const { target = page, dirs = [SCREENSHOT_DIR] } = options;
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    for (const dir of dirs) await target.screenshot({ path: `${dir}${name}-${theme}.png`, animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
