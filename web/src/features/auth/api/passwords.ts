import type {
  ChangePasswordBody,
  EmailVerificationStatus,
  ForgotPasswordBody,
  Message,
  ResendVerificationBody,
  ResetPasswordBody,
  VerifyEmailBody,
} from '@relate/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';

export const changePassword = (body: ChangePasswordBody) =>
  fetchJson<Message>('/auth/change-password', { method: 'POST', body });

export const forgotPassword = (body: ForgotPasswordBody) =>
  fetchJson<Message>('/auth/forgot-password', { method: 'POST', body });

export const resetPassword = (body: ResetPasswordBody) =>
  fetchJson<Message>('/auth/reset-password', { method: 'POST', body });

export const verifyEmail = (body: VerifyEmailBody) =>
  fetchJson<Message>('/auth/verify-email', { method: 'POST', body });

const verificationKey = ['auth', 'email-verification'] as const;

/** Whether the signed-in account's e-mail still needs its link, and whether the server can send one. */
export const useEmailVerification = () =>
  useQuery({
    queryKey: verificationKey,
    queryFn: ({ signal }) => fetchJson<EmailVerificationStatus>('/auth/email-verification', { signal }),
  });

/** A new verification link to the signed-in user's own address. */
export const useResendVerification = () =>
  useAppMutation({
    mutationFn: () => fetchJson<Message>('/auth/resend-verification', { method: 'POST' }),
    invalidates: [verificationKey],
  });

/** A new verification link to an address (not signed in); the answer is the same whatever the address. */
export const useResendVerificationByEmail = () =>
  useAppMutation({
    mutationFn: (body: ResendVerificationBody) =>
      fetchJson<Message>('/auth/resend-verification/by-email', { method: 'POST', body }),
  });

export const useChangePassword = () => useAppMutation({ mutationFn: changePassword });
export const useForgotPassword = () => useAppMutation({ mutationFn: forgotPassword });
export const useResetPassword = () => useAppMutation({ mutationFn: resetPassword });
export const useVerifyEmail = () => useAppMutation({ mutationFn: verifyEmail });

/** The field an API error names (`details: [{ field, message }]`), if any. */
export function fieldOf(error: unknown): { field: string; message: string } | undefined {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return undefined;
  const [first] = error.details as { field?: unknown; message?: unknown }[];
  return typeof first?.field === 'string' && typeof first.message === 'string'
    ? { field: first.field, message: first.message }
    : undefined;
}
