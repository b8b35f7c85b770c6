import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertAcceptableIssuer } from '../../accounts/oidc.service.js';
import { ManualClock } from '../../test-support/manual-clock.js';
import { DEFAULT_OIDC_ACCOUNT, type OidcPeer, signInAtOidcPeer, startOidcPeer } from '../../test-support/oidc-peer.js';
import { describeEachDatabase, signUp, startTestWeft, type TestWeft, uniqueEmail, useTestWeft } from '../../test-support/test-weft.js';

// Weft is driven with inject(), so nothing listens here: the peer redirects to this
// origin and the test carries the callback URL into inject() like a browser would.
const PUBLIC_URL = 'http://127.0.0.1:4187';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;

describeEachDatabase('OIDC sign-in', (database) => {
  let peer: OidcPeer;
  let weft: TestWeft;
  const clock = new ManualClock();

  beforeAll(async () => {
    peer = await startOidcPeer({ redirectUris: [CALLBACK] });
    weft = await startTestWeft(database, { env: { ...peer.env, PUBLIC_URL, OIDC_LABEL: 'Test IdP' }, clock });
  });
  afterAll(async () => {
    await weft?.close();
    await peer?.close();
  });

  /** Weft's start, the provider's login form, and the redirect back as far as the callback URL. */
  async function startAndSignIn(login?: string): Promise<{ callback: URL; flowCookie: string }> {
    const start = await weft.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(start.statusCode).toBe(302);
    const location = String(start.headers.location);
    expect(location.startsWith(`${peer.issuer}/auth?`)).toBe(true);
    const params = new URL(location).searchParams;
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    const cookie = start.cookies.find((c) => c.name === 'weft_oidc');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc', maxAge: 600 });
    const callback = new URL(await signInAtOidcPeer(location, login ? { login } : {}));
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
    return { callback, flowCookie: cookie?.value ?? '' };
  }

  async function callback(url: URL, flowCookie: string | undefined) {
    return weft.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, cookies: flowCookie ? { weft_oidc: flowCookie } : {} });
  }

  async function signedInUser(response: Awaited<ReturnType<typeof callback>>) {
    const session = response.cookies.find((c) => c.name === 'weft_session');
    expect(session?.httpOnly).toBe(true);
    const me = await weft.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { weft_session: session?.value ?? '' } });
    expect(me.statusCode).toBe(200);
    return me.json().user as { id: string; email: string; displayName: string | null; hasPassword: boolean };
  }

  const identitiesOf = (userId: string) => weft.services.db.selectFrom('identities').selectAll().where('user_id', '=', userId).execute();

  it('lists the provider with its label', async () => {
    const res = await weft.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ oidc: { enabled: true, label: 'Test IdP' }, saml: { enabled: false, label: 'SSO' } });
  });

  it('creates a user on first sign-in and reuses the identity on the next', async () => {
    const first = await startAndSignIn();
    const done = await callback(first.callback, first.flowCookie);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/editor');
    expect(done.cookies.find((c) => c.name === 'weft_oidc')?.value).toBe('');
    const user = await signedInUser(done);
    expect(user).toMatchObject({ email: DEFAULT_OIDC_ACCOUNT.email, displayName: DEFAULT_OIDC_ACCOUNT.name, hasPassword: false });
    expect(await identitiesOf(user.id)).toMatchObject([{ provider: peer.issuer, subject: DEFAULT_OIDC_ACCOUNT.sub }]);

    // Another login name at the provider, same account (same sub): same Weft user.
    const second = await startAndSignIn('someone-else-typing');
    const again = await callback(second.callback, second.flowCookie);
    expect(again.headers.location).toBe('/editor');
    expect((await signedInUser(again)).id).toBe(user.id);
    expect(await identitiesOf(user.id)).toHaveLength(1);
    const users = await weft.services.db.selectFrom('users').select('id').where('email', '=', DEFAULT_OIDC_ACCOUNT.email).execute();
    expect(users).toHaveLength(1);
    // Both sign-ins are in the account's audit trail, saying how.
    await weft.services.audit.settle();
    const trail = await weft.services.audit.list(user.id, { action: 'auth.sign_in' }, { limit: 10 });
    expect(trail.entries.map((e) => [e.actor.userId, e.details])).toEqual([
      [user.id, { via: 'oidc' }],
      [user.id, { via: 'oidc' }],
    ]);
  });

  it('links an existing account when the provider has verified the e-mail', async () => {
    const existing = await signUp(weft, { password: 'password-user' });
    peer.addAccount('verified-owner', { sub: 'sub-verified-owner', email: existing.email, email_verified: true, name: 'Owner' });
    const flow = await startAndSignIn('verified-owner');
    const done = await callback(flow.callback, flow.flowCookie);
    expect(done.headers.location).toBe('/editor');
    const user = await signedInUser(done);
    expect(user).toMatchObject({ id: existing.userId, hasPassword: true });
    expect(await identitiesOf(existing.userId)).toMatchObject([{ subject: 'sub-verified-owner' }]);
  });

  it('does not link an existing account to an unverified e-mail', async () => {
    const existing = await signUp(weft);
    peer.addAccount('squatter', { sub: 'sub-squatter', email: existing.email, email_verified: false, name: 'Squatter' });
    const flow = await startAndSignIn('squatter');
    const done = await callback(flow.callback, flow.flowCookie);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/login?error=oidc');
    expect(done.cookies.find((c) => c.name === 'weft_session')).toBeUndefined();
    expect(await identitiesOf(existing.userId)).toHaveLength(0);
    const anyIdentity = await weft.services.db.selectFrom('identities').select('id').where('subject', '=', 'sub-squatter').execute();
    expect(anyIdentity).toHaveLength(0);
  });

  it('does not create an account from an unverified e-mail nobody uses', async () => {
    const email = uniqueEmail('unverified');
    peer.addAccount('newcomer', { sub: 'sub-newcomer', email, email_verified: false, name: 'Newcomer' });
    const flow = await startAndSignIn('newcomer');
    const done = await callback(flow.callback, flow.flowCookie);
    expect(done.headers.location).toBe('/login?error=oidc');
    expect(await weft.services.users.findByEmail(email)).toBeUndefined();
  });

  it('refuses a callback whose state does not match the flow cookie', async () => {
    const flow = await startAndSignIn();
    const tampered = new URL(flow.callback);
    tampered.searchParams.set('state', 'forged-state');
    const done = await callback(tampered, flow.flowCookie);
    expect(done.headers.location).toBe('/login?error=oidc');
    expect(done.cookies.find((c) => c.name === 'weft_session')).toBeUndefined();
  });

  it('refuses a callback without the flow cookie, with an altered one, or with one from another sign-in', async () => {
    const flow = await startAndSignIn();
    const other = await weft.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    const otherCookie = other.cookies.find((c) => c.name === 'weft_oidc')?.value ?? '';
    const [payload = '', mac = ''] = flow.flowCookie.split('.');
    const altered = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), state: flow.callback.searchParams.get('state') })).toString('base64url')}x.${mac}`;
    for (const cookie of [undefined, otherCookie, altered]) {
      const done = await callback(flow.callback, cookie);
      expect(done.headers.location).toBe('/login?error=oidc');
    }
  });

  it('refuses a flow older than ten minutes and a replayed code', async () => {
    const stale = await startAndSignIn();
    clock.advance(11 * 60_000);
    expect((await callback(stale.callback, stale.flowCookie)).headers.location).toBe('/login?error=oidc');

    const flow = await startAndSignIn();
    expect((await callback(flow.callback, flow.flowCookie)).headers.location).toBe('/editor');
    expect((await callback(flow.callback, flow.flowCookie)).headers.location).toBe('/login?error=oidc');
  });

  it('sends the user back to the login page when the provider reports an error', async () => {
    const start = await weft.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const cookie = start.cookies.find((c) => c.name === 'weft_oidc')?.value;
    const url = new URL(`${CALLBACK}?error=access_denied&state=${state}&iss=${encodeURIComponent(peer.issuer)}`);
    expect((await callback(url, cookie)).headers.location).toBe('/login?error=oidc');
  });
});

describeEachDatabase('OIDC not configured', (database) => {
  const weft = useTestWeft(database);

  it('reports the provider as disabled and answers its routes with 404', async () => {
    const providers = await weft().app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json().oidc.enabled).toBe(false);
    for (const url of ['/api/auth/oidc/start', '/api/auth/oidc/callback?code=x&state=y']) {
      const res = await weft().app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/not configured/);
    }
  });
});

describe('OIDC issuer check', () => {
  it('accepts https anywhere and http only on this machine', () => {
    expect(() => assertAcceptableIssuer('https://accounts.google.com')).not.toThrow();
    expect(() => assertAcceptableIssuer('http://127.0.0.1:4100')).not.toThrow();
    expect(() => assertAcceptableIssuer('http://localhost:8080/realms/weft')).not.toThrow();
    expect(() => assertAcceptableIssuer('http://idp.example.com')).toThrow(/must use https/);
    expect(() => assertAcceptableIssuer('not a url')).toThrow(/not a URL/);
  });
});
