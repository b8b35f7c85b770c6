import { afterAll, beforeAll, expect, it } from 'vitest';
import { findLink } from '../../test-support/mime.js';
import { type SmtpPeer, startSmtpPeer } from '../../test-support/smtp-peer.js';
import { describeEachDatabase, startTestWeft, type TestWeft, uniqueEmail } from '../../test-support/test-weft.js';

describeEachDatabase('subscription confirmation mail', (database) => {
  let smtp: SmtpPeer;
  let weft: TestWeft;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    weft = await startTestWeft(database, { env: { ...smtp.env, PUBLIC_URL: 'http://weft.test' } });
  });
  afterAll(async () => {
    await weft?.close();
    await smtp?.close();
  });

  it('mails a one-click unsubscribe link that turns the subscription off', async () => {
    const email = uniqueEmail('news');
    const res = await weft.app.inject({ method: 'POST', url: '/api/subscriptions', payload: { email } });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('You are subscribed to Weft updates');
    const link = findLink(mail, '/unsubscribe');
    expect(link).toMatch(/^http:\/\/weft\.test\/unsubscribe\?token=/);
    const token = new URL(link ?? '').searchParams.get('token');

    const out = await weft.app.inject({ method: 'POST', url: '/api/subscriptions/unsubscribe', payload: { token } });
    expect(out.statusCode).toBe(200);
    expect((await weft.services.subscriptions.find(email))?.notificationsEnabled).toBe(false);

    // Someone else types the address in again: the same answer, but the opt-out stands and no mail goes.
    const again = await weft.app.inject({ method: 'POST', url: '/api/subscriptions', payload: { email }, remoteAddress: '203.0.113.9' });
    expect(again.statusCode).toBe(201);
    expect((await weft.services.subscriptions.find(email))?.notificationsEnabled).toBe(false);
    await weft.services.background.idle();
    expect(smtp.mailTo(email)).toHaveLength(1);
  });

  it('mails one address once however many IPs ask (issue 9, abuse 5)', async () => {
    const email = uniqueEmail('flood');
    for (let i = 1; i <= 15; i++) {
      const res = await weft.app.inject({ method: 'POST', url: '/api/subscriptions', payload: { email }, remoteAddress: `198.51.100.${i}` });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Successfully subscribed!' });
    }
    await smtp.waitForMail(email);
    await weft.services.background.idle();
    expect(smtp.mailTo(email)).toHaveLength(1);
  });

  it('sends nothing for an address the server refuses', async () => {
    const res = await weft.app.inject({ method: 'POST', url: '/api/subscriptions', payload: { email: 'not-an-address' } });
    expect(res.statusCode).toBe(400);
    await weft.services.background.idle();
    expect(smtp.mailTo('not-an-address')).toEqual([]);
  });
});
