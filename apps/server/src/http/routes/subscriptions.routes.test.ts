import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test-support/manual-clock.js';
import { describeEachDatabase, signUp, uniqueEmail, useTestWeft } from '../../test-support/test-weft.js';

describeEachDatabase('subscription routes', (database) => {
  const clock = new ManualClock();
  const weft = useTestWeft(database, { clock });

  const subscribe = (payload: unknown, headers: Record<string, string> = {}) =>
    weft().app.inject({ method: 'POST', url: '/api/subscriptions', payload: payload as object, headers });
  const rowsFor = (email: string) => weft().services.db.selectFrom('notification_subscriptions').selectAll().where('email', '=', email).execute();

  it('subscribes a new address from the landing page with every notification type on', async () => {
    const email = uniqueEmail('news');
    const res = await subscribe({ email: `  ${email.toUpperCase()} ` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Successfully subscribed!' });
    const subscription = await weft().services.subscriptions.find(email);
    expect(subscription).toMatchObject({
      email,
      userId: null,
      notificationsEnabled: true,
      subscriptionSource: 'landing_page',
      notificationTypes: { platformUpdates: true, serviceAnnouncements: true, newsletter: true, productNews: true, all: true },
    });
    expect(subscription?.subscribedAt).toBe(subscription?.updatedAt);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email: Enter a valid e-mail address'],
    [{ email: '' }, 'email: Email is required'],
    [{}, 'email: Email is required'],
    [{ email: 'a@example.com', source: 'spam' }, 'source: Source must be landing_page or signup'],
  ])('rejects %j', async (payload, message) => {
    const res = await subscribe(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('keeps one record per e-mail; an opt-out is undone only by its owner, keeping preferences (issue 9, abuse 5)', async () => {
    const email = uniqueEmail('again');
    await subscribe({ email });
    const first = await weft().services.subscriptions.find(email);
    await weft().services.subscriptions.updatePreferences(email, { notificationsEnabled: false, notificationTypes: { productNews: false } });
    const optedOut = await weft().services.subscriptions.find(email);

    // Anyone typing the address into the form: the same answer, and nothing changes.
    clock.advance(60_000);
    const anonymous = await subscribe({ email: email.toUpperCase(), source: 'signup' });
    expect(anonymous.statusCode).toBe(201);
    expect(anonymous.json().message).toBe('Successfully subscribed!');
    expect(await weft().services.subscriptions.find(email)).toEqual(optedOut);

    // The owner, signed in: mail is on again, with the preferences they had.
    const owner = await signUp(weft(), { email });
    clock.advance(60_000);
    const res = await subscribe({ email }, owner.headers);
    expect(res.statusCode).toBe(201);
    expect(await rowsFor(email)).toHaveLength(1);
    const again = await weft().services.subscriptions.find(email);
    expect(again?.notificationsEnabled).toBe(true);
    expect(again?.notificationTypes).toEqual({ platformUpdates: true, serviceAnnouncements: true, newsletter: true, productNews: false, all: true });
    expect(again?.subscriptionSource).toBe('landing_page');
    expect(again?.subscribedAt).toBe(first?.subscribedAt);
    expect(again?.updatedAt).toBe(clock.now().toISOString());
  });

  it('keeps one record when the same address is subscribed many times at once', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(Array.from({ length: 5 }, () => subscribe({ email })));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it('links the record to a signed-in caller only for their own address', async () => {
    const user = await signUp(weft());
    await subscribe({ email: user.email }, user.headers);
    expect((await weft().services.subscriptions.find(user.email))?.userId).toBe(user.userId);

    const someoneElse = uniqueEmail('friend');
    await subscribe({ email: someoneElse }, user.headers);
    expect((await weft().services.subscriptions.find(someoneElse))?.userId).toBeNull();
  });

  it('unsubscribes with the token from the mail link', async () => {
    const email = uniqueEmail('leaving');
    await subscribe({ email });
    const token = await weft().services.subscriptions.unsubscribeToken(email);
    clock.advance(60_000);
    const res = await weft().app.inject({ method: 'POST', url: '/api/subscriptions/unsubscribe', payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You have been unsubscribed.' });
    const after = await weft().services.subscriptions.find(email);
    expect(after?.notificationsEnabled).toBe(false);
    expect(after?.updatedAt).toBe(clock.now().toISOString());
  });

  it.each([
    [{ token: 'no-such-token' }, 404, 'Subscription not found'],
    [{}, 400, 'token: Token is required'],
    [{ token: '   ' }, 400, 'token: Token is required'],
  ])('answers unsubscribe %j with %i', async (payload, status, message) => {
    const res = await weft().app.inject({ method: 'POST', url: '/api/subscriptions/unsubscribe', payload });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });
});

describeEachDatabase('subscription rate limit', (database) => {
  const weft = useTestWeft(database, { env: { AUTH_RATE_LIMIT: '3' } });

  describe('per IP', () => {
    it('refuses the request past the limit with the product message', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await weft().app.inject({ method: 'POST', url: '/api/subscriptions', payload: { email: uniqueEmail('flood') } });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().message).toBe('Too many attempts. Please wait a minute and try again.');
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
    });
  });
});
