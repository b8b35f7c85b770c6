import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/free-port.js';
import { captureLogs } from '../test-support/log-capture.js';
import { addSecret, createWorkflow, edge, node, runAndWait, workflow } from '../test-support/run-fixtures.js';
import { everythingStored } from '../test-support/run-records.js';
import { type SmtpPeer, startSmtpPeer } from '../test-support/smtp-peer.js';
import { signUp, useTestWeft } from '../test-support/test-weft.js';

/**
 * The Send E-mail node run through the HTTP API against a real SMTP server on 127.0.0.1
 * (smtp-server, signing in required): delivery, the readable errors, the outbound guard,
 * and the password kept out of the run and the server log. TLS itself is tested against
 * the mail service (outbound/mail-service.test.ts), where the peer's certificate is trusted.
 */

const PASSWORD = 'smtp-app-password-7a6b5c';
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer({ users: { 'alerts@example.com': PASSWORD }, rejectRecipients: ['nobody@example.com', 'ghost@example.com'] });
});
afterAll(async () => {
  await smtp.close();
});

/** Text Input → Send E-mail → Output, the mail node configured by `config` over the peer's defaults. */
function mailWorkflow(config: Record<string, unknown> = {}, port = smtp.port) {
  return workflow(
    'Mail the report',
    [
      node('in', 'input.text', { text: 'All systems green.', askOnRun: true }),
      node('mail', 'email.send', {
        host: '127.0.0.1',
        port,
        security: 'none',
        user: 'alerts@example.com',
        password: '{{secrets.SMTP_PASSWORD}}',
        from: 'Weft <alerts@example.com>',
        to: '{{params.team}}@example.com, Grace <grace@example.com>',
        subject: 'Report for {{params.team}}',
        format: 'text',
        body: 'Hello,\n\n{{input}}',
        timeoutSeconds: 10,
        ...config,
      }),
      node('out', 'output'),
    ],
    [edge('in', 'mail'), edge('mail', 'out')],
    { team: 'ops' },
  );
}

describe('Send E-mail', () => {
  const { logger, lines } = captureLogs('info');
  const weft = useTestWeft('sqlite', { logger });

  const runWith = async (config: Record<string, unknown> = {}, inputs: Record<string, unknown> = {}, password = PASSWORD) => {
    const user = await signUp(weft());
    await addSecret(weft(), user, 'SMTP_PASSWORD', password);
    const execution = await runAndWait(weft(), user, await createWorkflow(weft(), user, mailWorkflow(config)), inputs);
    return { user, execution };
  };

  it('delivers a sanitised HTML mail with its text alternative, and keeps the password out of everything', async () => {
    const { user, execution } = await runWith(
      { format: 'html', body: '<p>Hello,</p><p>{{input}}</p><script>steal()</script><a href="javascript:x()" onclick="y()">details</a>' },
      { in: 'Disk at <b>91%</b>.' },
    );
    expect(execution.status, execution.error ?? '').toBe('success');
    const mail = await smtp.waitForMail('grace@example.com');
    expect(mail).toMatchObject({ authUser: 'alerts@example.com', subject: 'Report for ops', from: 'Weft <alerts@example.com>' });
    expect(mail.envelopeTo).toEqual(['ops@example.com', 'grace@example.com']);
    expect(mail.html).toBe('<p>Hello,</p><p>Disk at <b>91%</b>.</p><a>details</a>');
    expect(mail.text).toBe('Hello,\n\nDisk at 91%.\n\ndetails');
    expect(execution.outputs.out).toEqual({
      messageId: mail.headers['message-id'],
      accepted: ['ops@example.com', 'grace@example.com'],
      rejected: [],
      response: expect.stringMatching(/^250 /),
    });
    const logs = execution.nodes.mail?.logs ?? [];
    expect(logs.map((l) => l.message)).toEqual([
      `Signing in to 127.0.0.1:${smtp.port} (no encryption) without encryption: the password crosses the network readable`,
      expect.stringMatching(new RegExp(`^127\\.0\\.0\\.1:${smtp.port} \\(no encryption\\) accepted 2 of 2 recipients: 250 `)),
    ]);
    expect(await everythingStored(weft(), user, execution)).not.toContain(PASSWORD);
    const serverLine = lines.find((line) => line.includes('Sent an e-mail for a workflow') && line.includes(execution.id));
    expect(serverLine).toBeDefined();
    expect(JSON.parse(serverLine as string)).toMatchObject({ userId: user.userId, host: '127.0.0.1', recipients: 2, accepted: 2, rejected: 0 });
    for (const line of lines) expect(line).not.toContain(PASSWORD);
  });

  it('sends to the recipients the server accepts and warns about the others', async () => {
    const { execution } = await runWith({ to: 'partial@example.com, nobody@example.com' });
    expect(execution.status, execution.error ?? '').toBe('success');
    expect(execution.outputs.out).toMatchObject({ accepted: ['partial@example.com'], rejected: ['nobody@example.com'] });
    expect(execution.nodes.mail?.logs.at(-1)).toMatchObject({ level: 'warn', message: 'The server refused nobody@example.com; the others got the mail' });
  });

  it('fails readably on a wrong password, and the wrong one is kept out too', async () => {
    const { user, execution } = await runWith({}, {}, 'not-the-password-123');
    expect(execution.status).toBe('error');
    expect(execution.nodes.mail?.error).toMatch(
      /^127\.0\.0\.1:\d+ refused the user name or password \(the server said: 535 5\.7\.8 Authentication credentials invalid\): check User and the Password secret/,
    );
    expect(await everythingStored(weft(), user, execution)).not.toContain('not-the-password-123');
    const failed = lines.find((line) => line.includes('An e-mail for a workflow failed') && line.includes(execution.id));
    expect(failed).toBeDefined();
    for (const line of lines) expect(line).not.toContain('not-the-password-123');
  });

  it.each([
    [
      'every recipient refused',
      { to: 'nobody@example.com, ghost@example.com' },
      /refused every recipient: nobody@example\.com \(550 5\.1\.1 .*User unknown\); ghost@example\.com .*Check the addresses$/,
    ],
    [
      'STARTTLS required but not offered',
      { security: 'starttls' },
      /does not offer STARTTLS .*: choose TLS if this is port 465, or None for a relay without encryption$/,
    ],
    ['signing in left out', { user: '', password: '' }, /asks you to sign in before sending .*: fill in User and pick the Password secret$/],
    ['a recipient that is no address', { to: 'ops at example.com' }, /^To: "ops at example\.com" is not an e-mail address/],
    ['a missing secret', { password: '{{secrets.NOT_THERE}}' }, /^Secret "NOT_THERE" does not exist\. Add it in Settings → Secrets\.$/],
  ])('fails readably on %s', async (_what, config, message) => {
    const { execution } = await runWith(config);
    expect(execution.status).toBe('error');
    expect(execution.nodes.mail?.error).toMatch(message);
  });

  it('fails readably when nothing listens on the port', async () => {
    const port = await freePort();
    const user = await signUp(weft());
    await addSecret(weft(), user, 'SMTP_PASSWORD', PASSWORD);
    const execution = await runAndWait(weft(), user, await createWorkflow(weft(), user, mailWorkflow({}, port)));
    expect(execution.nodes.mail?.error).toBe(
      `Could not connect to 127.0.0.1:${port}: connection refused. Is the port right? Most providers take 587 (STARTTLS) or 465 (TLS)`,
    );
  });
});

describe('Send E-mail with the default outbound policy', () => {
  const weft = useTestWeft('sqlite', { env: { WEFT_ALLOW_PRIVATE_NETWORK: '0' } });

  it.each([
    ['a loopback address', '127.0.0.1', /^Refused to connect to 127\.0\.0\.1 \(loopback address\)\. .*WEFT_ALLOW_PRIVATE_NETWORK=1/],
    ['a name resolving to loopback', 'localhost', /^Refused to connect to localhost \((127\.0\.0\.1|::1), loopback address\)/],
  ])('refuses %s and sends nothing', async (_what, host, message) => {
    const user = await signUp(weft());
    await addSecret(weft(), user, 'SMTP_PASSWORD', PASSWORD);
    const before = smtp.messages.length;
    const execution = await runAndWait(weft(), user, await createWorkflow(weft(), user, mailWorkflow({ host })));
    expect(execution.status).toBe('error');
    expect(execution.nodes.mail?.error).toMatch(message);
    expect(smtp.messages.length).toBe(before);
  });
});
