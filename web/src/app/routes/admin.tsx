import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { useAuth } from '@/features/auth/auth-provider';

export function AdminPage() {
  const { user } = useAuth();
  return <AdminDashboard currentUserId={user?.id ?? 0} />;
}
