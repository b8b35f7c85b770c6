/// <reference path="./oidc-provider.d.ts" />
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type OidcContext } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for tests: one confidential
 * client, test accounts, and oidc-provider's development login form, where any login
 * name and any password sign in. No vitest imports: the browser suite uses it as well.
 *
 * Login names map to accounts: a name registered with `accounts` (or `addAccount`)
 * signs in as that account, any other name as the default account. So a browser test
 * types anything, and a test that needs a second person types that person's name.
 * The form is oidc-provider's own; its submission is handled here, because the stock
 * handler would make the typed name the subject.
 */
export interface OidcTestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export const DEFAULT_OIDC_ACCOUNT: OidcTestAccount = {
  sub: 'weft-test-subject-1',
  email: 'oidc.user@example.com',
  email_verified: true,
  name: 'Olive Idsen',
};

export interface OidcPeerOptions {
  /** Where the provider may send the browser back, e.g. `http://127.0.0.1:3100/api/auth/oidc/callback`. */
  redirectUris: string[];
  /** Defaults to 0: any free port. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** The account any unregistered login name signs in as. */
  account?: OidcTestAccount;
  /** Extra accounts by login name. */
  accounts?: Record<string, OidcTestAccount>;
}

export interface OidcPeer {
  /** `http://127.0.0.1:<port>`, also the provider's issuer identifier. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  account: OidcTestAccount;
  /** Environment for Weft: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET. */
  env: Record<string, string>;
  /** Registers (or replaces) the account a login name signs in as. */
  addAccount(login: string, account: OidcTestAccount): void;
  close(): Promise<void>;
}

export async function startOidcPeer(options: OidcPeerOptions): Promise<OidcPeer> {
  const clientId = options.clientId ?? 'weft-test-client';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const account = options.account ?? DEFAULT_OIDC_ACCOUNT;
  const accounts = new Map(Object.entries(options.accounts ?? {}));

  // The issuer has to name the port, which is known only once listening: listen first,
  // then build the provider and route requests to it.
  let handle: http.RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      { client_id: clientId, client_secret: clientSecret, redirect_uris: options.redirectUris, grant_types: ['authorization_code'], response_types: ['code'] },
    ],
    // A fresh signing key per peer; without one oidc-provider warns and uses a shared development key.
    jwks: { keys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    // Sessions and tokens carry the subject (see finishLogin), so look accounts up by it.
    findAccount: (_ctx, sub) => {
      const found = [...accounts.values(), account].find((a) => a.sub === sub);
      return found ? { accountId: found.sub, claims: () => ({ ...found }) } : undefined;
    },
    // Treat the client as first party: grant the scopes it asks for without a consent
    // screen, so a sign-in is one form (like Google for an app already approved).
    loadExistingGrant: async (ctx: OidcContext) => {
      const { client, session, result, provider: self } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return self.Grant.find(grantId);
      const grant = new self.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Sign-in error</title><h1>Sign-in error</h1><pre>${escapeHtml(JSON.stringify(out, null, 2))}</pre>`;
    },
  });
  const providerHandler = provider.callback();
  handle = (req, res) => {
    if (req.method === 'POST' && /^\/interaction\/[^/?]+$/.test(req.url ?? '')) void finishLogin(req, res);
    else providerHandler(req, res);
  };

  async function finishLogin(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const details = await provider.interactionDetails(req, res);
      // Consent never comes up (loadExistingGrant grants it), so login is the only prompt.
      if (details.prompt.name !== 'login' || form.get('prompt') !== 'login') throw new Error(`unexpected prompt ${details.prompt.name}`);
      const login = form.get('login') ?? '';
      const signedIn = accounts.get(login) ?? account;
      await provider.interactionFinished(req, res, { login: { accountId: signedIn.sub } }, { mergeWithLastSubmission: false });
    } catch (error) {
      res.statusCode = 400;
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end(`OIDC test peer could not finish the login: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    issuer,
    clientId,
    clientSecret,
    account,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    addAccount: (login, added) => void accounts.set(login, added),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Plays the browser at the provider without one: starts at the authorization URL Weft
 * redirected to, fills in the login form, follows redirects with a cookie jar, and
 * returns the first URL that leads away from the provider (Weft's callback with `code`
 * and `state`, or with `error`).
 */
export async function signInAtOidcPeer(authorizationUrl: string, options: { login?: string; password?: string } = {}): Promise<string> {
  const providerOrigin = new URL(authorizationUrl).origin;
  const jar = new Map<string, string>();
  let request: { url: string; form?: Record<string, string> } = { url: authorizationUrl };
  for (let step = 0; step < 20; step++) {
    const response = await fetch(request.url, {
      method: request.form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(request.form ? { body: new URLSearchParams(request.form).toString() } : {}),
    });
    storeCookies(jar, response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, request.url);
      if (next.origin !== providerOrigin) return next.href;
      request = { url: next.href };
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action || !prompt) {
      throw new Error(`OIDC peer answered ${response.status} at ${request.url} with no form to submit: ${html.replace(/<[^>]+>/g, ' ').slice(0, 300)}`);
    }
    const form: Record<string, string> =
      prompt === 'login' ? { prompt, login: options.login ?? 'tester', password: options.password ?? 'any password' } : { prompt };
    request = { url: new URL(action.replace(/&amp;/g, '&'), request.url).href, form };
  }
  throw new Error('OIDC peer sign-in did not finish within 20 steps');
}

function storeCookies(jar: Map<string, string>, setCookies: string[]): void {
  for (const line of setCookies) {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => {
      const [key = '', val = ''] = a.split('=').map((s) => s.trim());
      return (key.toLowerCase() === 'expires' && Date.parse(val) <= Date.now()) || (key.toLowerCase() === 'max-age' && Number(val) <= 0);
    });
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}
