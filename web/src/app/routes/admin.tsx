import { AdminDashboard } from '@/features/admin/components/admin-dashboard';

export function AdminPage() {
  return <AdminDashboard />;
}
