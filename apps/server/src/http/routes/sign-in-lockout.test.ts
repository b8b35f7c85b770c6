import { expect, it } from 'vitest';
import { describeEachDatabase, uniqueEmail, useTestWeft } from '../../test-support/test-weft.js';

/** Issue 9, abuse 8: guessing is bounded, but strangers' guesses do not lock the owner out. */
describeEachDatabase('sign-in limits', (database) => {
  const weft = useTestWeft(database, { env: { AUTH_RATE_LIMIT: '10', WEFT_SCHEDULER: 'off' } });

  const login = (email: string, password: string, ip: string, device?: string) =>
    weft().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
      ...(device ? { cookies: { weft_device: device } } : {}),
    });

  it('bounds a guesser spread over many IPs, and still lets the owner in from a browser that signed in before', async () => {
    const email = uniqueEmail('owner');
    const signup = await weft().app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'the right one', subscribe: false },
      remoteAddress: '10.0.0.1',
    });
    expect(signup.statusCode).toBe(201);
    const device = signup.cookies.find((c) => c.name === 'weft_device');
    expect(device).toMatchObject({ httpOnly: true, path: '/api/auth' });

    // Twelve guesses from twelve addresses: the account's budget for unknown browsers ends at ten.
    const guesses = [];
    for (let i = 1; i <= 12; i++) guesses.push((await login(email, `guess ${i}`, `192.0.2.${i}`)).statusCode);
    expect(guesses).toEqual([...Array(10).fill(401), 429, 429]);

    // The owner's browser is known to the account: the strangers' guesses do not hold it back.
    const owner = await login(email, 'the right one', '10.0.0.1', device?.value);
    expect(owner.statusCode).toBe(200);
    // A forged or other account's device cookie is no key.
    expect((await login(email, 'the right one', '10.0.0.2', 'forged-value')).statusCode).toBe(429);
  });

  it('bounds guessing from one source even with a device cookie', async () => {
    const email = uniqueEmail('stolen');
    const signup = await weft().app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'the right one', subscribe: false } });
    const device = signup.cookies.find((c) => c.name === 'weft_device')?.value;
    const answers = [];
    // One address: the (account, IP) count (and the per-IP route limit) stop it, device cookie or not.
    for (let i = 1; i <= 11; i++) answers.push((await login(email, `guess ${i}`, '198.51.100.7', device)).statusCode);
    expect(answers).toEqual([...Array(10).fill(401), 429]);
  });
});
