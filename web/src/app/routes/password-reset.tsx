import { useSearchParams } from 'react-router';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { VerifyEmail } from '@/features/auth/components/verify-email';
import { AuthShell } from './auth-shell';

export function ForgotPasswordPage() {
  return (
    <AuthShell>
      <ForgotPasswordForm />
    </AuthShell>
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  return (
    <AuthShell>
      <ResetPasswordForm token={searchParams.get('token')} />
    </AuthShell>
  );
}

export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  return (
    <AuthShell>
      <VerifyEmail token={searchParams.get('token')} />
    </AuthShell>
  );
}
