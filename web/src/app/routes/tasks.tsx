import { useAuth } from '@/features/auth/auth-provider';
import { TasksPage } from '@/features/tasks/components/tasks-page';

/** The Tasks tab, for the signed-in user ("My tasks" and "(you)" need to know who that is). */
export function TasksRoute() {
  const { user } = useAuth();
  return <TasksPage user={user} />;
}
