import { resetLinkFrom } from '../../apps/server/src/test-support/smtp-peer.js';
import { DEFAULT_OIDC_ACCOUNT, expect, SCREENSHOT_DIR, signUpViaApi, test, uniqueEmail } from '../support/fixtures.js';

test('sign up lands on /editor, sign out sends /dashboard to /login', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}login.png` });
  await page.getByRole('button', { name: /sign up/i }).click();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByLabel('Send me product updates and announcements')).toBeChecked();
  await page.getByLabel('Display Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/editor$/);

  const menu = page.getByRole('button', { name: 'Account menu' });
  await expect(menu).toContainText('AL');
  await menu.click();
  await expect(page.getByRole('menu')).toContainText(email);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('a short password is refused in the form and a wrong password in a red box', async ({ page }) => {
  const { email } = await signUpViaApi(page, { password: 'right-password' });
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password').fill('right-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/editor$/);
});

test('forgot password end to end with the mail read from the SMTP peer', async ({ page, smtp }) => {
  const { email } = await signUpViaApi(page, { password: 'old-password' });
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Please enter your email first')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Password reset email sent! Check your inbox.')).toBeVisible();

  const mail = await smtp.waitForMail(email);
  const link = resetLinkFrom(mail);
  expect(link).toContain('/reset-password?token=');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('New password', { exact: true }).fill('new-password');
  await page.getByLabel('Confirm password').fill('new-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/editor$/);

  // The link is single-use.
  await page.context().clearCookies();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('New password', { exact: true }).fill('another-password');
  await page.getByLabel('Confirm password').fill('another-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('This reset link is invalid or has expired. Request a new one.')).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('new-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/editor$/);
});

test('Continue with Google signs in through the OIDC peer', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  // The peer's own login form (oidc-provider dev interactions).
  await page.locator('input[name=login]').fill('olive');
  await page.locator('input[name=password]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(/\/editor$/);
  const menu = page.getByRole('button', { name: 'Account menu' });
  await expect(menu).toContainText('OI');
  await menu.click();
  await expect(page.getByRole('menu')).toContainText(DEFAULT_OIDC_ACCOUNT.email);
});

test('protected routes redirect to /login replacing history; unknown paths go to /', async ({ page }) => {
  await page.goto('/');
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/$/);
  await page.goto('/gallery');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/gallery$/);
});
