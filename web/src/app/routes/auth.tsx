import { AuthForm } from '@/features/auth/components/auth-form';
import { AuthShell } from './auth-shell';

export function AuthPage() {
  return (
    <AuthShell>
      <AuthForm />
    </AuthShell>
  );
}
