import { afterAll, beforeAll, expect, it } from 'vitest';
import { respondAtSamlPeer, type SamlPeer, startSamlPeer } from '../../test-support/saml-peer.js';
import { describeEachDatabase, startTestWeft, type TestWeft, uniqueEmail } from '../../test-support/test-weft.js';

const PUBLIC_URL = 'http://127.0.0.1:4189';

describeEachDatabase('password off for SSO-only domains', (database) => {
  let peer: SamlPeer;
  let weft: TestWeft;

  beforeAll(async () => {
    peer = await startSamlPeer();
    weft = await startTestWeft(database, { env: { ...peer.env, PUBLIC_URL, WEFT_SSO_ONLY_DOMAINS: 'corp.test, @Other-Corp.test' } });
  });
  afterAll(async () => {
    await weft?.close();
    await peer?.close();
  });

  const post = (url: string, payload: object) => weft.app.inject({ method: 'POST', url, payload });

  it('refuses password sign-up, sign-in and reset at those domains with a message naming SSO', async () => {
    const email = `${uniqueEmail('staff').split('@')[0]}@Corp.Test`;
    const attempts = [
      await post('/api/auth/signup', { email, password: 'long-enough-password' }),
      await post('/api/auth/login', { email, password: 'any-password' }),
      await post('/api/auth/password-reset', { email }),
      await post('/api/auth/login', { email: 'someone@other-corp.test', password: 'any-password' }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'sso_required' });
      expect(res.json().message).toMatch(/^Addresses at (corp|other-corp)\.test sign in with single sign-on/);
    }
    expect(await weft.services.users.findByEmail(email)).toBeUndefined();
  });

  it('leaves other domains and subdomains on passwords', async () => {
    for (const email of [uniqueEmail('outsider'), `${uniqueEmail('sub').split('@')[0]}@eu.corp.test`]) {
      const res = await post('/api/auth/signup', { email, password: 'long-enough-password' });
      expect(res.statusCode).toBe(201);
    }
  });

  it('still signs people at those domains in through SAML', async () => {
    const start = await weft.app.inject({ method: 'GET', url: '/api/auth/saml/start' });
    const nonce = start.cookies.find((c) => c.name === 'weft_saml')?.value ?? '';
    const { form } = await respondAtSamlPeer(String(start.headers.location));
    const done = await weft.app.inject({
      method: 'POST',
      url: '/api/auth/saml/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
      cookies: { weft_saml: nonce },
    });
    expect(done.headers.location).toBe('/editor');
    expect(await weft.services.users.findByEmail(peer.account.email)).toMatchObject({ password_hash: null });
  });
});
