import { Outlet } from 'react-router';
import { SiteFooter } from '@/components/site-footer';
import { useNotificationStream } from '@/features/notifications/hooks/use-notification-stream';
import { notificationSubjectKeys } from '../notification-subjects';
import { WorkspaceHeader } from './workspace-header';

export function WorkspaceLayout() {
  useNotificationStream(true, notificationSubjectKeys);
  return (
    <div className="flex min-h-screen flex-col">
      <WorkspaceHeader />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
