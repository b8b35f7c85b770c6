import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';
import { type SelfSignedCertificate, selfSignedCertificate } from './self-signed-certificate.js';

/**
 * A SAML 2.0 identity provider on 127.0.0.1 for tests: it takes an AuthnRequest by the
 * HTTP-Redirect binding at `/sso` and answers with an HTML page whose form posts a signed
 * Response to the request's ACS by itself (HTTP-POST binding), as real providers do once
 * their user is signed in. The assertion is signed with xml-crypto (RSA-SHA256, exclusive
 * c14n) under a key and self-signed certificate made for this peer. No vitest imports: the
 * browser suite uses it as well.
 *
 * `next` bends the next response for one test (another audience, an old assertion, a
 * stranger's key, an edit after signing), then the peer goes back to honest answers.
 */
export interface SamlTestAccount {
  nameId: string;
  email: string;
  name: string;
  groups: string[];
}

export const DEFAULT_SAML_ACCOUNT: SamlTestAccount = {
  nameId: 'saml-subject-1',
  email: 'saml.user@corp.test',
  name: 'Sam Ell',
  groups: ['weft-editors'],
};

export interface SamlResponseTweaks {
  account?: Partial<SamlTestAccount>;
  /** The Audience to name instead of the requester's entity id. */
  audience?: string;
  /** Moves every instant of the response by this much (negative: in the past). */
  shiftMs?: number;
  /** Signs with this key instead of the peer's (a forger without the provider's key). */
  signWith?: SelfSignedCertificate;
  /** Changes the signed XML afterwards (a man in the middle). */
  afterSigning?: (xml: string) => string;
  /** Answers InResponseTo this ID instead of the request's. */
  inResponseTo?: string;
}

export interface SamlPeer {
  /** `http://127.0.0.1:<port>/sso`. */
  entryPoint: string;
  /** The provider's entity id (its responses' Issuer). */
  entityId: string;
  /** The signing certificate (PEM) Weft is configured to trust. */
  certificate: string;
  /** Environment for Weft: SAML_ENTRY_POINT, SAML_IDP_CERT, SAML_IDP_ISSUER. */
  env: Record<string, string>;
  account: SamlTestAccount;
  /** Tweaks for the next response only. */
  next(tweaks: SamlResponseTweaks): void;
  /** AuthnRequests received, newest last (ID, ACS URL, Issuer). */
  requests: Array<{ id: string; acs: string; issuer: string }>;
  close(): Promise<void>;
}

export async function startSamlPeer(options: { port?: number; account?: SamlTestAccount } = {}): Promise<SamlPeer> {
  const keys = selfSignedCertificate('Weft SAML test IdP');
  const account = options.account ?? DEFAULT_SAML_ACCOUNT;
  const requests: SamlPeer['requests'] = [];
  let tweaks: SamlResponseTweaks = {};

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/sso') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    try {
      const encoded = url.searchParams.get('SAMLRequest');
      if (!encoded) throw new Error('no SAMLRequest');
      const request = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
      const id = attribute(request, 'ID');
      const acs = attribute(request, 'AssertionConsumerServiceURL');
      const issuer = /<(?:saml2?:)?Issuer[^>]*>([^<]+)</.exec(request)?.[1] ?? '';
      requests.push({ id, acs, issuer });
      const current = tweaks;
      tweaks = {};
      const xml = signedResponse({ id, acs, issuer }, { ...account, ...current.account }, current, keys, entityId);
      const relayState = url.searchParams.get('RelayState');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(autoPostPage(acs, xml, relayState));
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(`SAML test peer: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${origin}/metadata`;
  const entryPoint = `${origin}/sso`;

  return {
    entryPoint,
    entityId,
    certificate: keys.certificate,
    env: { SAML_ENTRY_POINT: entryPoint, SAML_IDP_CERT: keys.certificate, SAML_IDP_ISSUER: entityId },
    account,
    requests,
    next: (t) => {
      tweaks = t;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Plays the browser at the provider without one: follows Weft's redirect to the peer and
 * reads the auto-posting form. Returns where it posts and its fields.
 */
export async function respondAtSamlPeer(redirectUrl: string): Promise<{ action: string; form: Record<string, string> }> {
  const response = await fetch(redirectUrl);
  const html = await response.text();
  if (response.status !== 200) throw new Error(`SAML peer answered ${response.status}: ${html}`);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`SAML peer page has no form: ${html.slice(0, 300)}`);
  const form: Record<string, string> = {};
  for (const [, name = '', value = ''] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) form[name] = unescapeHtml(value);
  return { action: unescapeHtml(action), form };
}

function signedResponse(
  request: { id: string; acs: string; issuer: string },
  account: SamlTestAccount,
  tweaks: SamlResponseTweaks,
  keys: SelfSignedCertificate,
  entityId: string,
): string {
  const at = (offsetMs: number) => new Date(Date.now() + (tweaks.shiftMs ?? 0) + offsetMs).toISOString();
  const inResponseTo = escapeXml(tweaks.inResponseTo ?? request.id);
  const assertionId = `_a${randomBytes(16).toString('hex')}`;
  const attributes = [
    attributeXml('email', [account.email]),
    attributeXml('displayName', [account.name]),
    ...(account.groups.length > 0 ? [attributeXml('groups', account.groups)] : []),
  ].join('');
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${at(0)}">` +
    `<saml:Issuer>${escapeXml(entityId)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${escapeXml(account.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${inResponseTo}" NotOnOrAfter="${at(5 * 60_000)}" Recipient="${escapeXml(request.acs)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${at(-30_000)}" NotOnOrAfter="${at(5 * 60_000)}"><saml:AudienceRestriction><saml:Audience>${escapeXml(tweaks.audience ?? request.issuer)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${at(0)}" SessionIndex="_s${randomBytes(8).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` +
    '</saml:Assertion>';
  const response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${at(0)}" Destination="${escapeXml(request.acs)}" InResponseTo="${inResponseTo}">` +
    `<saml:Issuer>${escapeXml(entityId)}</saml:Issuer>` +
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
    assertion +
    '</samlp:Response>';
  const signer = tweaks.signWith ?? keys;
  const signature = new SignedXml({
    privateKey: signer.privateKey,
    publicCert: signer.certificate,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signature.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signature.computeSignature(response, { location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' } });
  const signed = signature.getSignedXml();
  return tweaks.afterSigning ? tweaks.afterSigning(signed) : signed;
}

function attributeXml(name: string, values: string[]): string {
  const inner = values.map((v) => `<saml:AttributeValue>${escapeXml(v)}</saml:AttributeValue>`).join('');
  return `<saml:Attribute Name="${escapeXml(name)}">${inner}</saml:Attribute>`;
}

function autoPostPage(acs: string, xml: string, relayState: string | null): string {
  const field = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeXml(value)}">`;
  return (
    '<!doctype html><html><head><meta charset="utf-8"><title>Signing you in</title></head>' +
    '<body onload="document.forms[0].submit()"><p>Signing you in…</p>' +
    `<form method="post" action="${escapeXml(acs)}">${field('SAMLResponse', Buffer.from(xml).toString('base64'))}` +
    `${relayState === null ? '' : field('RelayState', relayState)}<noscript><button type="submit">Continue</button></noscript></form></body></html>`
  );
}

function attribute(xml: string, name: string): string {
  const value = new RegExp(`\\s${name}="([^"]+)"`).exec(xml)?.[1];
  if (!value) throw new Error(`AuthnRequest has no ${name}`);
  return unescapeHtml(value);
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e] ?? '');
}
