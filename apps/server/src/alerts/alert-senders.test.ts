import type { AlertSettings } from '@weft/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpService } from '../outbound/http-service.js';
import { SmtpMailer } from '../platform/mailer.js';
import { freePort } from '../test-support/free-port.js';
import { type HttpPeer, startHttpPeer } from '../test-support/http-peer.js';
import { type SmtpPeer, startSmtpPeer } from '../test-support/smtp-peer.js';
import type { AlertEvent } from './alert-messages.js';
import { AlertSenders, type AlertSendersOptions } from './alert-senders.js';

/**
 * The senders against real peers on 127.0.0.1 and real dead ends: a peer that never
 * answers, a port nobody listens on, the outbound guard with private addresses refused.
 * Every outcome is a delivery with its reason, in bounded time; nothing throws.
 */

let hooks: HttpPeer;
let smtp: SmtpPeer;
beforeAll(async () => {
  [hooks, smtp] = await Promise.all([startHttpPeer(), startSmtpPeer({ rejectRecipients: ['gone@example.com'] })]);
});
afterAll(async () => {
  await Promise.all([hooks.close(), smtp.close()]);
});

const quiet = pino({ level: 'silent' });
const policy = { allowPrivateNetwork: true, allowedPrivateHosts: [], maxResponseBytes: 1024 * 1024 };
const event: AlertEvent = {
  kind: 'failure',
  failed: {
    executionId: 'e1',
    workflowId: 'w1',
    workflowName: 'Nightly report',
    trigger: 'schedule',
    error: 'Boom',
    failedNode: null,
    url: 'http://localhost/workflow/w1?execution=e1',
    at: '2026-01-01T00:00:00.000Z',
  },
};
const none: AlertSettings = { emails: [], slack: null, webhookUrl: null, errorWorkflowId: null };

function senders(overrides: Partial<AlertSendersOptions> = {}): AlertSenders {
  return new AlertSenders({
    mailer: new SmtpMailer({ host: smtp.host, port: smtp.port, secure: false, user: undefined, password: undefined }, 'Weft <alerts@localhost>', quiet),
    http: createHttpService(policy),
    secretValues: async () => ({ HOOK_TOKEN: 's3cret-token' }),
    startRun: async () => ({ ok: false, reason: 'not_found', message: 'not used here' }),
    workflows: { loadForRun: async () => undefined },
    ...overrides,
  });
}

describe('Alert senders', () => {
  it('gives up on a webhook that never answers at the timeout, saying so', async () => {
    const started = Date.now();
    const [delivery] = await senders({ timeoutMs: 300 }).send('u1', { ...none, webhookUrl: `${hooks.url}/slow` }, event, { errorWorkflow: true });
    expect(delivery).toMatchObject({ channel: 'webhook', ok: false });
    expect(delivery?.detail).toMatch(/timed out|No answer within|aborted/i);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a private address unless the operator allows it, as every outbound request', async () => {
    const guarded = senders({ http: createHttpService({ ...policy, allowPrivateNetwork: false }) });
    const [delivery] = await guarded.send('u1', { ...none, webhookUrl: `${hooks.url}/echo` }, event, { errorWorkflow: true });
    expect(delivery).toMatchObject({ channel: 'webhook', ok: false });
    expect(delivery?.detail).toMatch(/private|loopback|not allowed/i);
    expect(hooks.requests.filter((r) => r.path === '/echo')).toHaveLength(0);
  });

  it('fills a secret into the webhook URL and keeps its value out of what is shown', async () => {
    const [delivery] = await senders().send('u1', { ...none, webhookUrl: `${hooks.url}/status/500?t={{ secrets.HOOK_TOKEN }}` }, event, {
      errorWorkflow: true,
    });
    expect(hooks.requests.at(-1)?.query.t).toBe('s3cret-token');
    expect(delivery).toEqual({ channel: 'webhook', ok: false, detail: expect.stringMatching(/^Answered 500/) });
    expect(delivery?.detail).not.toContain('s3cret-token');
    const [missing] = await senders().send('u1', { ...none, webhookUrl: `${hooks.url}/echo?t={{secrets.NOPE}}` }, event, { errorWorkflow: true });
    expect(missing?.detail).toBe('No secret named NOPE: add it under Settings → Secrets, or change the webhook URL.');
  });

  it('mails each address alone, and one refused address does not stop the others', async () => {
    const [delivery] = await senders().send('u1', { ...none, emails: ['ops@example.com', 'gone@example.com'] }, event, { errorWorkflow: true });
    expect(delivery).toMatchObject({ channel: 'email', ok: false });
    expect(delivery?.detail).toMatch(/^Sent to ops@example.com; not sent to gone@example.com: /);
    expect(smtp.mailTo('ops@example.com').at(-1)?.envelopeTo).toEqual(['ops@example.com']);
  });

  it('reports an SMTP server nobody answers on, without throwing', async () => {
    const dead = new SmtpMailer(
      { host: '127.0.0.1', port: await freePort(), secure: false, user: undefined, password: undefined },
      'Weft <alerts@localhost>',
      quiet,
    );
    const [delivery] = await senders({ mailer: dead }).send('u1', { ...none, emails: ['ops@example.com'] }, event, { errorWorkflow: true });
    expect(delivery).toMatchObject({ channel: 'email', ok: false, detail: expect.stringMatching(/^Not sent to ops@example.com: .*ECONNREFUSED/) });
  });

  it('leaves the error workflow out when told to, and names a Slack secret that is gone', async () => {
    const deliveries = await senders().send(
      'u1',
      { ...none, slack: { mode: 'webhook', secret: 'GONE', channel: '', apiUrl: null }, errorWorkflowId: 'w2' },
      event,
      {
        errorWorkflow: false,
      },
    );
    expect(deliveries).toEqual([{ channel: 'slack', ok: false, detail: 'No secret named GONE: add it under Settings → Secrets, or pick another.' }]);
  });
});
