import { create } from 'zustand';
import { ApiError, api, setCsrfToken } from '../lib/api';
import { STORAGE_KEYS, writeStorage } from '../lib/storage-keys';
import type { AuthResponse, SessionAnswer, User } from '../lib/types';
import { useToastStore } from './toast.store';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Resolves the current session once on start-up. */
  init(): Promise<void>;
  signIn(email: string, password: string): Promise<User>;
  signUp(input: { email: string; password: string; displayName?: string; subscribe: boolean }): Promise<User>;
  signOut(): Promise<void>;
  /** The server said the session is gone (401): forget it locally. */
  sessionEnded(): void;
  setUser(user: User): void;
}

/** Stores to clear on sign-out; feature stores register themselves here. */
const resetters = new Set<() => void>();
export function onSignOut(reset: () => void): void {
  resetters.add(reset);
}

function clearLocalState(): void {
  setCsrfToken(null);
  writeStorage(STORAGE_KEYS.nodeDefinitions, null);
  writeStorage(STORAGE_KEYS.tutorial, null);
  writeStorage(STORAGE_KEYS.lastWorkflowId, null);
  useToastStore.getState().reset();
  for (const reset of resetters) reset();
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  status: 'loading',
  user: null,
  async init() {
    try {
      // A visitor is answered with `user: null`, not a 401, so public pages log no failed request.
      const info = await api<SessionAnswer>('/api/auth/session', { allowUnauthorized: true });
      if (info.user === null) {
        set({ status: 'signed-out', user: null });
        return;
      }
      setCsrfToken(info.csrfToken);
      set({ status: 'signed-in', user: info.user });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) console.warn('Could not resolve the session', error);
      set({ status: 'signed-out', user: null });
    }
  },
  async signIn(email, password) {
    const result = await api<AuthResponse>('/api/auth/login', { body: { email, password }, allowUnauthorized: true });
    setCsrfToken(result.csrfToken);
    set({ status: 'signed-in', user: result.user });
    return result.user;
  },
  async signUp(input) {
    const result = await api<AuthResponse>('/api/auth/signup', { body: input, allowUnauthorized: true });
    setCsrfToken(result.csrfToken);
    set({ status: 'signed-in', user: result.user });
    return result.user;
  },
  async signOut() {
    try {
      await api('/api/auth/logout', { method: 'POST', allowUnauthorized: true });
    } finally {
      clearLocalState();
      set({ status: 'signed-out', user: null });
    }
  },
  sessionEnded() {
    if (get().status !== 'signed-in') return;
    clearLocalState();
    set({ status: 'signed-out', user: null });
  },
  setUser(user) {
    set({ user });
  },
}));
