import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { DEFAULT_OIDC_ACCOUNT, type OidcPeer, startOidcPeer } from '../../apps/server/src/test-support/oidc-peer.js';
import { type SmtpPeer, startSmtpPeer } from '../../apps/server/src/test-support/smtp-peer.js';
import { APP_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_PORT, SMTP_PORT } from './constants.js';

export { DEFAULT_OIDC_ACCOUNT, expect };

type Consent = 'none' | 'rejected' | 'all';

interface Fixtures {
  /** Consent recorded before the page loads; 'none' shows the banner. */
  consent: Consent;
  /**
   * 'skipped' (the default) records the first-run tutorial as dismissed before the page
   * loads, so specs about other features start as a returning user would, without its
   * card over the canvas; 'fresh' shows it (tutorial.spec.ts).
   */
  tutorial: 'skipped' | 'fresh';
}

interface WorkerFixtures {
  smtp: SmtpPeer;
  oidc: OidcPeer;
}

const CONSENT_KEY = 'weft.cookieConsent';
const TUTORIAL_KEY = 'weft.tutorial';

/**
 * The SMTP and OIDC peers run in the worker (one worker) on the ports the server under
 * test was started with, so tests can read the mail it sends.
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  consent: ['rejected', { option: true }],
  tutorial: ['skipped', { option: true }],
  smtp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
    async ({}, use) => {
      const peer = await startSmtpPeer({ port: SMTP_PORT, host: '127.0.0.1' });
      await use(peer);
      await peer.close();
    },
    { scope: 'worker', auto: true },
  ],
  oidc: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
    async ({}, use) => {
      const peer = await startOidcPeer({
        port: OIDC_PORT,
        clientId: OIDC_CLIENT_ID,
        clientSecret: OIDC_CLIENT_SECRET,
        redirectUris: [`${APP_URL}/api/auth/oidc/callback`],
      });
      await use(peer);
      await peer.close();
    },
    { scope: 'worker', auto: true },
  ],
  page: async ({ page, consent, tutorial }, use) => {
    if (tutorial === 'skipped') {
      await page.addInitScript(
        ([key, value]) => {
          if (!localStorage.getItem(key)) localStorage.setItem(key, value);
        },
        [TUTORIAL_KEY, JSON.stringify({ status: 'dismissed' })] as const,
      );
    }
    if (consent !== 'none') {
      const all = consent === 'all';
      const record = {
        preferences: { necessary: true, analytics: all, functional: true, marketing: all },
        timestamp: new Date().toISOString(),
        version: '1.0',
      };
      await page.addInitScript(
        ([key, value]) => {
          if (!localStorage.getItem(key)) localStorage.setItem(key, value);
        },
        [CONSENT_KEY, JSON.stringify(record)] as const,
      );
    }
    await use(page);
  },
});

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Signs up through the API; the page's context then carries the session cookie. */
export async function signUpViaApi(page: Page, options: { email?: string; password?: string; displayName?: string } = {}) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct horse';
  const response = await page.request.post('/api/auth/signup', { data: { email, password, displayName: options.displayName, subscribe: false } });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password };
}

/** Where screenshots for people to look at go (not compared automatically). */
export const SCREENSHOT_DIR = `${fileURLToPath(new URL('../../.test-output/screenshots', import.meta.url))}/`;
