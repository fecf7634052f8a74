import type {
  GoogleCallbackResponse,
  LoginBody,
  LoginResponse,
  RegisterBody,
  RegisterResponse,
  RegistrationInfo,
  User,
} from '@relate/contracts';
import { request } from '@/lib/api-client';

export const login = (body: LoginBody) => request<LoginResponse>('/auth/login', { method: 'POST', body });

export const register = (body: RegisterBody) =>
  request<RegisterResponse>('/auth/register', { method: 'POST', body });

/** Whether the next account is the installation's first (its administrator). */
export const getRegistrationInfo = () => request<RegistrationInfo>('/auth/registration');

export const getMe = () => request<User>('/auth/me');

export const logout = (refreshToken: string | null) =>
  request<{ message: string }>('/auth/logout', {
    method: 'POST',
    body: refreshToken ? { refresh_token: refreshToken } : {},
  });

export const getGoogleAuthorizationUrl = () => request<{ authorization_url: string }>('/auth/google');

/** Sign-in answers a session; connecting Google from Settings answers `connected`. */
export const exchangeGoogleCode = (code: string, state: string | null) =>
  request<GoogleCallbackResponse>('/auth/google/callback', { query: { code, state } });
