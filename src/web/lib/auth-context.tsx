import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { AppUser, SignUpInput } from '../../shared/auth';
import type { Digits, Language } from '../../shared/i18n/languages';
import { ApiError, onUnauthorized } from './api';
import { changePasswordRequest, readSession, saveLanguageRequest, signInRequest, signOutRequest, signUpRequest } from './session';

/** The auth events of spec section 4 (password recovery needs e-mail and is not offered). */
export type AuthEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED';

export interface AuthContextValue {
  user: AppUser | null;
  /** True while the profile (session user) is being fetched. */
  loading: boolean;
  /** True after the first session check. */
  initialized: boolean;
  /** The password step; when a second step is due, the user is not signed in until completeSignIn(). */
  signIn(email: string, password: string): Promise<{ user: AppUser; secondFactor: 'verify' | 'enrol' | null }>;
  /** After the second step (a code, or enrolment): reads the now full session. */
  completeSignIn(): Promise<AppUser | null>;
  signUp(input: SignUpInput): Promise<void>;
  signOut(): Promise<void>;
  /** `email`: the real address, at the generated administrator's first sign-in (asksForRealEmail). */
  changePassword(currentPassword: string, newPassword: string, email?: string): Promise<void>;
  /** Keeps a language choice on the signed-in user's account (issue 16). */
  setLanguage(language: Language): Promise<void>;
  /** Keeps the digits Arabic pages use on the signed-in user's account (issue 16). */
  setDigits(digits: Digits): Promise<void>;
  /** Re-reads the session (the server renews its idle timer). */
  refresh(): Promise<AppUser | null>;
  onAuthStateChange(listener: (event: AuthEvent, user: AppUser | null) => void): () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Told before anyone else when the signed-in account changes or leaves: the query cache (loaded
 * with the first screen that needs it, not with the landing page) clears itself here.
 */
const accountChangeListeners = new Set<() => void>();
export function onAccountChange(listener: () => void): () => void {
  accountChangeListeners.add(listener);
  return () => accountChangeListeners.delete(listener);
}

const REFRESH_INTERVAL_MS = 5 * 60_000;

function warnIfInactive(user: AppUser | null) {
  if (user && user.status !== 'active') console.warn(`User account status is ${user.status}; access is limited to active accounts.`);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AppUser | null>(null);
  const [loading, setLoading] = useState(true);
  const [initialized, setInitialized] = useState(false);
  const listeners = useRef(new Set<(event: AuthEvent, user: AppUser | null) => void>());
  const userRef = useRef<AppUser | null>(null);

  const emit = useCallback((event: AuthEvent, next: AppUser | null) => {
    // Another user's cached data must never show after a sign-out or a change of account.
    if (event === 'SIGNED_OUT' || (event === 'SIGNED_IN' && userRef.current?.id !== next?.id)) for (const l of accountChangeListeners) l();
    userRef.current = next;
    setUser(next);
    for (const l of listeners.current) l(event, next);
  }, []);

  const fetchSession = useCallback(async (): Promise<AppUser | null> => {
    try {
      // 200 with user null when nobody is signed in: an anonymous visit logs no error.
      const { user: u, secondFactor } = await readSession();
      // A session still waiting for its second step is not a signed-in user yet.
      if (!u || secondFactor) return null;
      warnIfInactive(u);
      return u;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  }, []);

  useEffect(() => {
    let cancelled = false;
    fetchSession()
      .catch(() => null)
      .then((u) => {
        if (cancelled) return;
        emit('INITIAL_SESSION', u);
        setLoading(false);
        setInitialized(true);
      });
    return () => {
      cancelled = true;
    };
  }, [fetchSession, emit]);

  const refresh = useCallback(async () => {
    const u = await fetchSession().catch(() => userRef.current);
    if (!u && userRef.current) emit('SIGNED_OUT', null);
    else if (u) emit(JSON.stringify(u) === JSON.stringify(userRef.current) ? 'TOKEN_REFRESHED' : 'USER_UPDATED', u);
    return u;
  }, [fetchSession, emit]);

  // Any 401 from the API means the session is gone (expired, revoked or suspended).
  useEffect(() => onUnauthorized(() => userRef.current && emit('SIGNED_OUT', null)), [emit]);

  // Keep the session fresh while the app is open and notice revocation on return.
  useEffect(() => {
    const tick = () => {
      if (userRef.current && document.visibilityState === 'visible') void refresh();
    };
    const id = window.setInterval(tick, REFRESH_INTERVAL_MS);
    window.addEventListener('focus', tick);
    return () => {
      window.clearInterval(id);
      window.removeEventListener('focus', tick);
    };
  }, [refresh]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading,
      initialized,
      async signIn(email, password) {
        setLoading(true);
        try {
          const res = await signInRequest(email, password);
          if (!res.secondFactor) emit('SIGNED_IN', res.user);
          return res;
        } finally {
          setLoading(false);
        }
      },
      async completeSignIn() {
        const u = await fetchSession();
        if (u) emit('SIGNED_IN', u);
        return u;
      },
      async signUp(input) {
        await signUpRequest(input);
      },
      async signOut() {
        try {
          await signOutRequest();
        } catch (err) {
          if (!(err instanceof ApiError && err.status === 401)) throw err;
        } finally {
          emit('SIGNED_OUT', null);
        }
      },
      async changePassword(currentPassword, newPassword, email) {
        await changePasswordRequest(currentPassword, newPassword, email);
        const u = await fetchSession();
        emit('USER_UPDATED', u);
      },
      async setLanguage(language) {
        await saveLanguageRequest({ language });
        const current = userRef.current;
        if (current) emit('USER_UPDATED', { ...current, language });
      },
      async setDigits(digits) {
        await saveLanguageRequest({ digits });
        const current = userRef.current;
        if (current) emit('USER_UPDATED', { ...current, digits });
      },
      refresh,
      onAuthStateChange(listener) {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
    }),
    [user, loading, initialized, emit, fetchSession, refresh],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}

/** Where a signed-in user belongs (spec section 4). */
export const homeFor = (user: Pick<AppUser, 'role'>) => (user.role === 'admin' ? '/admin' : '/investor');
