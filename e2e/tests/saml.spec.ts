import { DEFAULT_SAML_ACCOUNT, type SamlPeer, startSamlPeer } from '../../apps/server/src/test-support/saml-peer.js';
import { SPARE_APP_PORT } from '../support/constants.js';
import { expect, test } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';
import { type SpawnedWeft, spawnWeft } from '../support/spawn-weft.js';

// A server of its own: SAML's certificate is the peer's, made when the peer starts, and
// corp.test is an SSO-only domain there. The spare port is free between specs.
let peer: SamlPeer;
let weft: SpawnedWeft;

test.beforeAll(async () => {
  peer = await startSamlPeer();
  weft = await spawnWeft({ port: SPARE_APP_PORT, env: { ...peer.env, WEFT_SSO_ONLY_DOMAINS: 'corp.test' } });
});

test.afterAll(async () => {
  if (weft && weft.process.exitCode === null) {
    weft.process.kill('SIGTERM');
    await new Promise((resolve) => weft.process.once('exit', resolve));
  }
  await peer?.close();
});

test('Sign in with SSO goes through the SAML peer and lands on the dashboard; a password at the SSO domain is refused', async ({ page }) => {
  await page.goto(`${weft.url}/dashboard`);
  await expect(page).toHaveURL(/\/login$/);
  const sso = page.getByRole('button', { name: 'Sign in with SSO' });
  await expect(sso).toBeVisible();
  await shootThemes(page, 'login-sso');

  await page.getByLabel('Email').fill('someone@corp.test');
  await page.getByLabel('Password').fill('a-password-at-all');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Addresses at corp.test sign in with single sign-on');
  await shootThemes(page, 'login-sso-refused');

  await sso.click();
  // The peer's page posts the signed response to the ACS by itself.
  await expect(page).toHaveURL(/\/dashboard$/);
  const menu = page.getByRole('button', { name: 'Account menu' });
  await expect(menu).toContainText('SE');
  await menu.click();
  await expect(page.getByRole('menu')).toContainText(DEFAULT_SAML_ACCOUNT.email);
  expect(peer.requests).toHaveLength(1);
});
