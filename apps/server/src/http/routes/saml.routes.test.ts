import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../test-support/manual-clock.js';
import { DEFAULT_SAML_ACCOUNT, respondAtSamlPeer, type SamlPeer, type SamlResponseTweaks, startSamlPeer } from '../../test-support/saml-peer.js';
import { selfSignedCertificate } from '../../test-support/self-signed-certificate.js';
import { describeEachDatabase, signUp, startTestWeft, type TestWeft, useTestWeft } from '../../test-support/test-weft.js';

// Weft is driven with inject(), so nothing listens here: the peer's form names this
// origin's ACS and the test carries the post into inject() like a browser would.
const PUBLIC_URL = 'http://127.0.0.1:4188';
const ACS = `${PUBLIC_URL}/api/auth/saml/acs`;
const SP_ENTITY_ID = `${PUBLIC_URL}/api/auth/saml/metadata`;

describeEachDatabase('SAML sign-in', (database) => {
  let peer: SamlPeer;
  let weft: TestWeft;
  const clock = new ManualClock();

  beforeAll(async () => {
    peer = await startSamlPeer();
    weft = await startTestWeft(database, { env: { ...peer.env, PUBLIC_URL, SAML_LABEL: 'Corp SSO' }, clock });
  });
  afterAll(async () => {
    await weft?.close();
    await peer?.close();
  });

  /** Weft's start, the provider's answer, and its form as the browser would post it. */
  async function startAndRespond(tweaks: SamlResponseTweaks = {}) {
    const start = await weft.app.inject({ method: 'GET', url: '/api/auth/saml/start' });
    expect(start.statusCode).toBe(302);
    const location = String(start.headers.location);
    expect(location.startsWith(`${peer.entryPoint}?SAMLRequest=`)).toBe(true);
    // The SAML bindings cap RelayState at 80 bytes.
    expect(new URL(location).searchParams.get('RelayState')?.length).toBeLessThanOrEqual(80);
    const cookie = start.cookies.find((c) => c.name === 'weft_saml');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/saml', maxAge: 600 });
    peer.next(tweaks);
    const { action, form } = await respondAtSamlPeer(location);
    expect(action).toBe(ACS);
    return { form, nonce: cookie?.value ?? '' };
  }

  function post(form: Record<string, string>, nonce: string | undefined) {
    return weft.app.inject({
      method: 'POST',
      url: '/api/auth/saml/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
      cookies: nonce ? { weft_saml: nonce } : {},
    });
  }

  async function signedInUser(response: Awaited<ReturnType<typeof post>>) {
    const session = response.cookies.find((c) => c.name === 'weft_session');
    expect(session?.httpOnly).toBe(true);
    const me = await weft.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { weft_session: session?.value ?? '' } });
    expect(me.statusCode).toBe(200);
    return me.json().user as { id: string; email: string; displayName: string | null; hasPassword: boolean };
  }

  const refused = (response: Awaited<ReturnType<typeof post>>) => {
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login?error=saml');
    expect(response.cookies.find((c) => c.name === 'weft_session')).toBeUndefined();
  };

  it('lists SAML with its label beside OIDC', async () => {
    const res = await weft.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ oidc: { enabled: false, label: 'Google' }, saml: { enabled: true, label: 'Corp SSO' } });
  });

  it('serves SP metadata naming the entity id and the ACS', async () => {
    const res = await weft.app.inject({ method: 'GET', url: '/api/auth/saml/metadata' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/samlmetadata\+xml/);
    expect(res.body).toContain(`entityID="${SP_ENTITY_ID}"`);
    expect(res.body).toContain(`Location="${ACS}"`);
  });

  it('creates a user on first sign-in, links the identity, and reuses it on the next', async () => {
    const first = await startAndRespond();
    expect(peer.requests.at(-1)).toMatchObject({ acs: ACS, issuer: SP_ENTITY_ID });
    const done = await post(first.form, first.nonce);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/editor');
    expect(done.cookies.find((c) => c.name === 'weft_saml')?.value).toBe('');
    const user = await signedInUser(done);
    expect(user).toMatchObject({ email: DEFAULT_SAML_ACCOUNT.email, displayName: DEFAULT_SAML_ACCOUNT.name, hasPassword: false });
    const identities = await weft.services.db.selectFrom('identities').selectAll().where('user_id', '=', user.id).execute();
    expect(identities).toMatchObject([{ provider: `saml:${peer.entityId}`, subject: DEFAULT_SAML_ACCOUNT.nameId }]);

    const second = await startAndRespond({ account: { email: 'changed.address@corp.test' } });
    const again = await post(second.form, second.nonce);
    expect((await signedInUser(again)).id).toBe(user.id);
    // Both sign-ins are in the account's audit trail, saying how.
    await weft.services.audit.settle();
    const trail = await weft.services.audit.list(user.id, { action: 'auth.sign_in' }, { limit: 10 });
    expect(trail.entries.map((e) => [e.actor.userId, e.details])).toEqual([
      [user.id, { via: 'saml' }],
      [user.id, { via: 'saml' }],
    ]);
  });

  it('links an existing password account with the same e-mail', async () => {
    const existing = await signUp(weft, { password: 'password-user' });
    const flow = await startAndRespond({ account: { nameId: 'saml-existing', email: existing.email } });
    const user = await signedInUser(await post(flow.form, flow.nonce));
    expect(user).toMatchObject({ id: existing.userId, hasPassword: true });
  });

  it('refuses a response signed with another key, and one altered after signing', async () => {
    const forged = await startAndRespond({ signWith: selfSignedCertificate('Not the IdP') });
    refused(await post(forged.form, forged.nonce));
    const altered = await startAndRespond({ afterSigning: (xml) => xml.replace(DEFAULT_SAML_ACCOUNT.email, 'intruder@corp.test') });
    refused(await post(altered.form, altered.nonce));
    expect(await weft.services.users.findByEmail('intruder@corp.test')).toBeUndefined();
  });

  it('refuses an assertion for another audience', async () => {
    const flow = await startAndRespond({ audience: 'https://some-other-app.example.com/saml' });
    refused(await post(flow.form, flow.nonce));
  });

  it('refuses an expired assertion', async () => {
    const flow = await startAndRespond({ shiftMs: -60 * 60_000 });
    refused(await post(flow.form, flow.nonce));
  });

  it('refuses a replayed response, and one answering another request', async () => {
    const flow = await startAndRespond();
    expect((await post(flow.form, flow.nonce)).headers.location).toBe('/editor');
    refused(await post(flow.form, flow.nonce));

    const stray = await startAndRespond({ inResponseTo: '_not-a-request-weft-sent' });
    refused(await post(stray.form, stray.nonce));
  });

  it('refuses a response posted without the browser’s flow cookie or with a forged RelayState', async () => {
    const flow = await startAndRespond();
    refused(await post(flow.form, undefined));
    refused(await post(flow.form, 'another-browsers-nonce'));
    refused(await post({ ...flow.form, RelayState: `${flow.form.RelayState}x` }, flow.nonce));
    refused(await post({ SAMLResponse: flow.form.SAMLResponse ?? '' }, flow.nonce));
    // None of those used the sign-in up: the real browser still completes it.
    expect((await post(flow.form, flow.nonce)).headers.location).toBe('/editor');
  });

  it('refuses a sign-in that comes back after ten minutes', async () => {
    const flow = await startAndRespond();
    clock.advance(11 * 60_000);
    refused(await post(flow.form, flow.nonce));
  });

  it('answers a garbled or empty post with the login page, never a 500', async () => {
    const flow = await startAndRespond();
    refused(await post({ SAMLResponse: 'not base64 xml', RelayState: flow.form.RelayState ?? '' }, flow.nonce));
    refused(await post({}, flow.nonce));
  });
});

describeEachDatabase('SAML not configured', (database) => {
  const weft = useTestWeft(database);

  it('reports SAML as disabled and answers its routes with 404', async () => {
    const providers = await weft().app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json().saml.enabled).toBe(false);
    for (const [method, url] of [
      ['GET', '/api/auth/saml/start'],
      ['GET', '/api/auth/saml/metadata'],
      ['POST', '/api/auth/saml/acs'],
    ] as const) {
      const res = await weft().app.inject({
        method,
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: method === 'POST' ? 'a=b' : undefined,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/not configured/);
    }
  });
});

describe('SAML over https', () => {
  it('sends the flow cookie SameSite=None and Secure, so it comes back with the provider’s cross-site post', async () => {
    const peer = await startSamlPeer();
    const weft = await startTestWeft('sqlite', { env: { ...peer.env, PUBLIC_URL: 'https://weft.example.com' } });
    try {
      const start = await weft.app.inject({ method: 'GET', url: '/api/auth/saml/start' });
      expect(start.cookies.find((c) => c.name === 'weft_saml')).toMatchObject({ sameSite: 'None', secure: true, httpOnly: true, path: '/api/auth/saml' });
      const request = new URL(String(start.headers.location));
      expect(request.origin).toBe(new URL(peer.entryPoint).origin);
      await respondAtSamlPeer(request.href);
      expect(peer.requests.at(-1)).toMatchObject({
        acs: 'https://weft.example.com/api/auth/saml/acs',
        issuer: 'https://weft.example.com/api/auth/saml/metadata',
      });
    } finally {
      await weft.close();
      await peer.close();
    }
  });
});
