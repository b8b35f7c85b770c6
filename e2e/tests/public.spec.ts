import { expect, SCREENSHOT_DIR, signUpViaApi, test, uniqueEmail } from '../support/fixtures.js';

test.describe('cookie consent', () => {
  test.use({ consent: 'none' });

  test('no analytics request leaves before consent; choices persist across reload', async ({ page }) => {
    const analytics: string[] = [];
    page.on('request', (request) => {
      // Beacons carry a Blob body: read the raw bytes.
      if (request.url().includes('/api/analytics')) analytics.push(request.postDataBuffer()?.toString('utf8') ?? '');
    });
    await page.goto('/');
    const banner = page.getByRole('dialog', { name: /cookie/i });
    await expect(banner).toBeVisible();
    await page.goto('/gallery');
    await page.goto('/docs');
    await expect(banner).toBeVisible();
    expect(analytics).toEqual([]);

    await banner.getByRole('button', { name: 'Reject Optional' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(banner).toBeHidden();
    await page.goto('/');
    expect(analytics).toEqual([]);

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('weft.cookieConsent') ?? 'null'));
    expect(stored).toMatchObject({ version: '1.0', preferences: { necessary: true, analytics: false, functional: true, marketing: false } });

    // Reopen through Customize, allow analytics: page views start flowing to our own API.
    await page.evaluate(() => localStorage.removeItem('weft.cookieConsent'));
    await page.reload();
    await banner.getByRole('button', { name: 'Customize' }).click();
    await banner.getByRole('switch', { name: /analytics/i }).click();
    const firstEvent = page.waitForRequest((r) => r.url().includes('/api/analytics/events'));
    await banner.getByRole('button', { name: 'Save Preferences' }).click();
    await page.goto('/gallery');
    await firstEvent;
    expect(
      analytics.some((body) => body.includes('page_view')),
      JSON.stringify(analytics),
    ).toBe(true);
    await page.reload();
    await expect(banner).toBeHidden();
  });
});

test('theme persists across reloads', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.screenshot({ path: `${SCREENSHOT_DIR}landing-light.png`, fullPage: true });
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.screenshot({ path: `${SCREENSHOT_DIR}landing-dark.png`, fullPage: true });
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('newsletter: success and a server-side failure message', async ({ page }) => {
  await page.goto('/');
  const field = page.getByLabel('Email address');
  await field.fill(uniqueEmail('news'));
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Successfully subscribed!')).toBeVisible();

  // The browser accepts this address; the server does not, and says why.
  await field.fill('someone@localhost');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText(/Enter a valid e-mail address/)).toBeVisible();
});

test('the free-preview banner can be minimised and stays so', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /minimi[sz]e/i }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: /expand|show/i }).first()).toBeVisible();
});

test('docs list the node reference from the API', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: 'Text Input' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Merger' })).toBeVisible();
  await expect(page.getByText('Extract Text').first()).toBeVisible();
});

test('the Content-Security-Policy holds on every page without breaking one', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) violations.push(message.text());
  });
  const landing = await page.goto('/');
  expect(landing?.headers()['content-security-policy']).toContain("script-src 'self'");
  // The theme bootstrap runs before paint although it is no longer inline.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await signUpViaApi(page);
  for (const path of ['/dashboard', '/dashboard/schedules', '/settings', '/docs', '/editor']) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
  }
  await expect(page.getByTestId('editor-canvas')).toBeVisible();
  expect(violations).toEqual([]);
});

test('a signed-out visitor sees every public page with a clean console', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const unauthorized: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) unauthorized.push(new URL(response.url()).pathname);
  });
  for (const [path, heading] of [
    ['/', /./],
    ['/gallery', /template/i],
    ['/docs', /./],
    ['/login', /./],
    ['/privacy', /privacy/i],
    ['/terms', /terms/i],
    ['/reset-password', /./],
    ['/unsubscribe', /./],
  ] as const) {
    // Each load asks once who is signed in; its answer is awaited, so a failure in it is seen.
    const session = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/session');
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first(), `${path}: ${problems.join('; ')}`).toBeVisible();
    await session;
  }
  expect(unauthorized).toEqual([]);
  expect(problems).toEqual([]);
});
