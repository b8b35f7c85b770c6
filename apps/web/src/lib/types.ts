/** Shapes the API returns (see docs/API.md). */
export interface User {
  id: string;
  email: string;
  displayName: string | null;
  hasPassword: boolean;
  createdAt: string;
}

export interface SessionInfo {
  user: User;
  csrfToken: string;
}

/** GET /api/auth/session: the signed-in user, or nobody (a visitor, answered with a 200). */
export type SessionAnswer = SessionInfo | { user: null; csrfToken: null };

export interface AuthResponse extends SessionInfo {
  token: string;
}
