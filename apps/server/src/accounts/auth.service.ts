import type { Logger } from 'pino';
import type { UserRow } from '../db/schema.js';
import type { SubscriptionsService } from '../marketing/subscriptions.service.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
import type { IssuedSession, SessionsService } from './sessions.service.js';
import type { UsersService } from './users.service.js';

export interface SignUpInput {
  email: string;
  password: string;
  displayName: string | null;
  subscribe: boolean;
  userAgent: string | undefined;
}

export type AuthResult = { ok: true; user: UserRow; session: IssuedSession } | { ok: false; reason: 'email_taken' | 'invalid_credentials' };

/** Sign-up and sign-in with e-mail and password; sessions come from SessionsService. */
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly log: Logger,
  ) {}

  async signUp(input: SignUpInput): Promise<AuthResult> {
    const passwordHash = await hashPassword(input.password);
    const user = await this.users.create({ email: input.email, displayName: input.displayName, passwordHash });
    if (!user) return { ok: false, reason: 'email_taken' };
    if (input.subscribe) {
      // SPEC.md section 8: a subscription failure during sign-up is only logged.
      try {
        await this.subscriptions.subscribe({ email: user.email, userId: user.id, source: 'signup' });
      } catch (error) {
        this.log.warn({ err: error, userId: user.id }, 'Failed to subscribe to notifications during sign-up');
      }
    }
    const session = await this.sessions.create(user.id, input.userAgent);
    return { ok: true, user, session };
  }

  async signIn(email: string, password: string, userAgent: string | undefined): Promise<AuthResult> {
    const user = await this.users.findByEmail(email);
    if (!user?.password_hash) {
      await burnPasswordCheck(password);
      return { ok: false, reason: 'invalid_credentials' };
    }
    if (!(await verifyPassword(user.password_hash, password))) return { ok: false, reason: 'invalid_credentials' };
    const session = await this.sessions.create(user.id, userAgent);
    return { ok: true, user, session };
  }
}
