import type { LoginResponse, User } from '@relate/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { clearSession, readSession, refreshToken, saveTokens, saveUser } from '@/lib/auth-storage';
import { toast } from '@/lib/toast';
import * as authApi from './api/auth-api';

type Status = 'loading' | 'authenticated' | 'unauthenticated';

interface AuthContextValue {
  status: Status;
  user: User | null;
  /** Stores a signed-in session; answers false (and logs out) when the account is not approved. */
  startSession: (
    session: Pick<LoginResponse, 'access_token' | 'refresh_token' | 'user'> & { expires_in?: number },
  ) => boolean;
  refreshUser: () => Promise<void>;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const notApproved = () =>
  toast.error('Account Not Approved', { description: 'Your account is pending admin approval.' });

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('loading');
  const [user, setUser] = useState<User | null>(null);

  const endSession = useCallback(() => {
    clearSession();
    setUser(null);
    setStatus('unauthenticated');
    queryClient.clear();
  }, [queryClient]);

  const logout = useCallback(async () => {
    const token = refreshToken();
    await authApi.logout(token).catch(() => undefined); // a failed logout call is only logged (spec)
    endSession();
  }, [endSession]);

  /** The approval gate: the current-user record decides; any failure logs out. */
  const refreshUser = useCallback(async () => {
    const { data, error } = await authApi.getMe();
    if (error || !data) {
      endSession();
      return;
    }
    if (!data.is_approved) {
      await logout();
      notApproved();
      return;
    }
    saveUser(data);
    setUser(data);
    setStatus('authenticated');
  }, [endSession, logout]);

  const startSession = useCallback<AuthContextValue['startSession']>(
    (session) => {
      if (!session.user.is_approved) {
        saveTokens(session.access_token, session.refresh_token);
        void logout();
        notApproved();
        return false;
      }
      saveTokens(session.access_token, session.refresh_token, session.expires_in);
      saveUser(session.user);
      setUser(session.user);
      setStatus('authenticated');
      return true;
    },
    [logout],
  );

  useEffect(() => {
    setSessionExpiredHandler(endSession);
    const stored = readSession();
    if (!stored) {
      setStatus('unauthenticated');
      return;
    }
    setUser(stored.user); // restored at once; the check below confirms it
    setStatus('authenticated');
    void refreshUser();
  }, [endSession, refreshUser]);

  // Another tab signing out (or in) changes the stored session: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== 'auth_token' && event.key !== null) return;
      const stored = readSession();
      if (!stored) {
        setUser(null);
        setStatus('unauthenticated');
      } else void refreshUser();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refreshUser]);

  const value = useMemo(
    () => ({ status, user, startSession, refreshUser, logout }),
    [status, user, startSession, refreshUser, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
