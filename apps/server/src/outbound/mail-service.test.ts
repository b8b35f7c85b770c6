import dns from 'node:dns';
import net from 'node:net';
import type { MailSendRequest } from '@weft/nodes';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../test-support/free-port.js';
import { captureLogs } from '../test-support/log-capture.js';
import { type SmtpPeer, startSmtpPeer } from '../test-support/smtp-peer.js';
import { TEST_TLS } from '../test-support/test-tls.js';
import { createMailService, type MailServiceOptions } from './mail-service.js';

/** The mail service against real SMTP servers on 127.0.0.1 (smtp-server), with real TLS. */

const PASSWORD = 'app-pass-9f8e7d6c';
const users = { ada: PASSWORD };
const signal = new AbortController().signal;
let starttls: SmtpPeer;
let implicitTls: SmtpPeer;
let plain: SmtpPeer;

beforeAll(async () => {
  [starttls, implicitTls, plain] = await Promise.all([
    startSmtpPeer({ tls: 'starttls', users, rejectRecipients: ['nobody@example.com', 'ghost@example.com'] }),
    startSmtpPeer({ tls: 'tls', users }),
    startSmtpPeer({}),
  ]);
});
afterAll(async () => {
  await Promise.all([starttls.close(), implicitTls.close(), plain.close()]);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Private networks allowed (the peers are on 127.0.0.1), the peers' certificate trusted. */
function service(options: Partial<MailServiceOptions> = {}) {
  return createMailService({ allowPrivateNetwork: true, allowedPrivateHosts: [], tls: { ca: TEST_TLS.cert }, ...options });
}

function request(peer: SmtpPeer, change: Partial<MailSendRequest> = {}): MailSendRequest {
  return {
    host: '127.0.0.1',
    port: peer.port,
    security: 'starttls',
    user: 'ada',
    password: PASSWORD,
    from: 'Weft <alerts@example.com>',
    to: ['ada@example.com'],
    subject: 'Nightly report',
    text: 'All green.',
    timeoutMs: 5000,
    ...change,
  };
}

describe('sending', () => {
  it.each([
    ['STARTTLS', () => starttls, 'starttls'],
    ['TLS from the start', () => implicitTls, 'tls'],
  ] as const)('signs in and delivers over %s, with To, Cc and Bcc', async (_what, peer, security) => {
    const result = await service().send(request(peer(), { security, cc: ['grace@example.com'], bcc: ['audit@example.com'], replyTo: 'help@example.com' }), {
      signal,
    });
    expect(result).toMatchObject({
      accepted: ['ada@example.com', 'grace@example.com', 'audit@example.com'],
      rejected: [],
      response: expect.stringMatching(/^250 /),
    });
    const mail = await peer().waitForMail('audit@example.com');
    expect(mail).toMatchObject({
      secure: true,
      authUser: 'ada',
      subject: 'Nightly report',
      text: expect.stringMatching(/^All green\.\s*$/),
      from: 'Weft <alerts@example.com>',
      to: 'ada@example.com',
    });
    expect(mail.headers.cc).toBe('grace@example.com');
    expect(mail.headers['reply-to']).toBe('help@example.com');
    expect(mail.headers.bcc).toBeUndefined();
    expect(mail.headers['message-id']).toBe(result.messageId);
  });

  it('checks the certificate against the host name written, not the address connected to', async () => {
    await service().send(request(starttls, { host: 'localhost', to: ['named@example.com'] }), { signal });
    expect((await starttls.waitForMail('named@example.com')).secure).toBe(true);
  });

  it('sends plain text without encryption to a relay, signing in to none', async () => {
    await service().send(request(plain, { security: 'none', user: undefined, password: undefined, to: ['relay@example.com'] }), { signal });
    expect(await plain.waitForMail('relay@example.com')).toMatchObject({ secure: false, authUser: undefined, text: expect.stringMatching(/^All green\.\s*$/) });
  });

  it('sanitises an HTML body and adds a plain-text alternative made from it', async () => {
    const html =
      '<h1 onclick="steal()">Report</h1><script>alert(1)</script><p style="color: red; background: url(https://t.example/pixel)">All <b>green</b>.</p>' +
      '<a href="javascript:alert(1)">bad</a> <a href="https://example.com/run/1">Open the run</a><img src="data:image/png;base64,AAAA"><iframe src="https://evil.example"></iframe>';
    await service().send(request(starttls, { text: undefined, html, to: ['html@example.com'] }), { signal });
    const mail = await starttls.waitForMail('html@example.com');
    expect(mail.html).toBe('<h1>Report</h1><p style="color:red">All <b>green</b>.</p><a>bad</a> <a href="https://example.com/run/1">Open the run</a>');
    expect(mail.text).toBe('REPORT\n\nAll green.\n\nbad Open the run [https://example.com/run/1]');
  });

  it('refuses an HTML body that is empty once cleaned, before connecting', async () => {
    await expect(service().send(request(starttls, { text: undefined, html: '<script>only()</script>' }), { signal })).rejects.toThrow(
      'The HTML body is empty once cleaned (scripts, styles and forms are removed): write the body as HTML text',
    );
  });

  it('delivers to the recipients the server accepts and reports the others', async () => {
    const result = await service().send(request(starttls, { to: ['partial@example.com', 'nobody@example.com'] }), { signal });
    expect(result).toMatchObject({ accepted: ['partial@example.com'], rejected: ['nobody@example.com'] });
  });
});

describe('readable errors', () => {
  it.each([
    [
      'a wrong password',
      () => request(starttls, { password: 'wrong-password' }),
      /^127\.0\.0\.1:\d+ refused the user name or password \(the server said: 535 5\.7\.8 Authentication credentials invalid\): check User and the Password secret/,
    ],
    [
      'no credentials for a server that wants them',
      () => request(starttls, { user: undefined, password: undefined }),
      /^127\.0\.0\.1:\d+ asks you to sign in before sending \(the server said: 530 .*\): fill in User and pick the Password secret$/,
    ],
    [
      'every recipient refused',
      () => request(starttls, { to: ['nobody@example.com', 'ghost@example.com'] }),
      /refused every recipient: nobody@example\.com \(550 5\.1\.1 <nobody@example\.com>: Recipient address rejected: User unknown\); ghost@example\.com \(550 .*\)\. Check the addresses$/,
    ],
    [
      'STARTTLS required but not offered',
      () => request(plain),
      /^127\.0\.0\.1:\d+ does not offer STARTTLS \(the server said: 500 .*\): choose TLS if this is port 465, or None for a relay without encryption$/,
    ],
    [
      'TLS on a STARTTLS port',
      () => request(starttls, { security: 'tls' }),
      /^127\.0\.0\.1:\d+ does not speak TLS from the start: choose STARTTLS for a port such as 587/,
    ],
    [
      'STARTTLS on a TLS port',
      () => request(implicitTls, { timeoutMs: 1000 }),
      /^127\.0\.0\.1:\d+ accepted the connection but sent no SMTP greeting: if this is port 465, choose TLS$/,
    ],
  ])('for %s', async (_what, make, message) => {
    const error = await service()
      .send(make(), { signal })
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain(PASSWORD);
  });

  it('for a connection refused', async () => {
    const port = await freePort();
    await expect(service().send(request(plain, { port }), { signal })).rejects.toThrow(
      `Could not connect to 127.0.0.1:${port}: connection refused. Is the port right? Most providers take 587 (STARTTLS) or 465 (TLS)`,
    );
  });

  it('for a certificate the machine does not trust', async () => {
    await expect(createMailService({ allowPrivateNetwork: true, allowedPrivateHosts: [] }).send(request(starttls), { signal })).rejects.toThrow(
      /^The TLS certificate of 127\.0\.0\.1:\d+ is not valid for 127\.0\.0\.1 \(self-signed certificate\)/,
    );
  });

  it('for a host that does not resolve', async () => {
    await expect(service().send(request(plain, { host: 'smtp.invalid', security: 'none' }), { signal })).rejects.toThrow(
      'The SMTP host smtp.invalid does not resolve: check its spelling',
    );
  });

  it('rejects with the caller’s reason when the run is cancelled', async () => {
    const controller = new AbortController();
    // Accepts the connection and never greets: only the cancellation can end the send.
    const silent = net.createServer(() => controller.abort(new Error('run cancelled')));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as net.AddressInfo).port;
      await expect(service().send(request(plain, { port, security: 'none', timeoutMs: 60_000 }), { signal: controller.signal })).rejects.toThrow(
        'run cancelled',
      );
    } finally {
      silent.close();
    }
  });
});

describe('the outbound guard', () => {
  const guarded = (extra: Partial<MailServiceOptions> = {}) => service({ allowPrivateNetwork: false, ...extra });

  it.each([
    ['a loopback address', '127.0.0.1', /^Refused to connect to 127\.0\.0\.1 \(loopback address\)\. .*WEFT_ALLOW_PRIVATE_NETWORK=1/],
    ['a name resolving to loopback', 'localhost', /^Refused to connect to localhost \((127\.0\.0\.1|::1), loopback address\)/],
    ['a private address', '10.1.2.3', /^Refused to connect to 10\.1\.2\.3 \(private network address\)/],
  ])('refuses %s before connecting', async (_what, host, message) => {
    const before = plain.messages.length;
    await expect(guarded().send(request(plain, { host, security: 'none' }), { signal })).rejects.toThrow(message);
    expect(plain.messages.length).toBe(before);
  });

  it('refuses cloud metadata even with private networks allowed', async () => {
    await expect(service().send(request(plain, { host: '169.254.169.254', security: 'none' }), { signal })).rejects.toThrow(/cloud metadata address/);
  });

  it('refuses a name when any of its addresses is private, as a rebinding DNS server would answer', async () => {
    vi.spyOn(dns.promises, 'lookup').mockResolvedValue([
      { address: '93.184.215.14', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ] as never);
    await expect(guarded().send(request(plain, { host: 'mail.rebind.test', security: 'none' }), { signal })).rejects.toThrow(
      /^Refused to connect to mail\.rebind\.test \(127\.0\.0\.1, loopback address\)/,
    );
  });

  it('connects to the address it checked, not to the name again', async () => {
    // The name exists only in this one answer: were it resolved a second time, sending would fail.
    const lookup = vi.spyOn(dns.promises, 'lookup').mockResolvedValueOnce([{ address: '127.0.0.1', family: 4 }] as never);
    await service().send(request(plain, { host: 'mail.weft.test', security: 'none', user: undefined, password: undefined, to: ['once@example.com'] }), {
      signal,
    });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(await plain.waitForMail('once@example.com')).toMatchObject({ subject: 'Nightly report' });
  });

  it('reaches a private host the operator named, on the port named', async () => {
    const allowed = guarded({ allowedPrivateHosts: [`127.0.0.1:${plain.port}`] });
    await allowed.send(request(plain, { security: 'none', user: undefined, password: undefined, to: ['allowed@example.com'] }), { signal });
    expect(await plain.waitForMail('allowed@example.com')).toBeDefined();
    await expect(allowed.send(request(starttls), { signal })).rejects.toThrow(/^Refused to connect to 127\.0\.0\.1/);
  });
});

describe('logging', () => {
  it('logs one line per send with the run and the server, never the password or the body', async () => {
    const { logger, lines } = captureLogs('info');
    const logged = service({ logger });
    await logged.send(request(starttls, { text: 'Body text 5c1e', to: ['logged@example.com'] }), { signal }, { userId: 'u1', executionId: 'e1' });
    await logged.send(request(starttls, { password: 'wrong-password' }), { signal }, { userId: 'u1', executionId: 'e2' }).catch(() => undefined);
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      msg: 'Sent an e-mail for a workflow',
      userId: 'u1',
      executionId: 'e1',
      host: '127.0.0.1',
      security: 'starttls',
      recipients: 1,
      accepted: 1,
    });
    expect(JSON.parse(lines[1] as string)).toMatchObject({
      level: 40,
      executionId: 'e2',
      code: 'EAUTH',
      msg: expect.stringContaining('refused the user name or password'),
    });
    for (const line of lines) {
      expect(line).not.toContain(PASSWORD);
      expect(line).not.toContain('wrong-password');
      expect(line).not.toContain('Body text 5c1e');
    }
  });
});
