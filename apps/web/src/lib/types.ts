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

export interface AuthResponse extends SessionInfo {
  token: string;
}
