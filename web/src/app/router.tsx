import { createBrowserRouter, Navigate } from 'react-router';
import { ContactsPage } from '@/features/contacts/components/contacts-page';
import { EventsPage } from '@/features/events/components/events-page';
import { NotificationsList } from '@/features/notifications/components/notifications-list';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { TasksPage } from '@/features/tasks/components/tasks-page';
import { RedirectIfAuthenticated, RequireAdmin, RequireAuth } from './guards/require-auth';
import { WorkspaceLayout } from './layouts/workspace-layout';
import { AuthPage } from './routes/auth';
import { NotFoundPage } from './routes/not-found';

export const router = createBrowserRouter([
  { element: <RedirectIfAuthenticated />, children: [{ path: '/auth', element: <AuthPage /> }] },
  {
    path: '/auth/google/callback',
    lazy: async () => ({ Component: (await import('./routes/google-callback')).GoogleCallbackPage }),
  },
  {
    path: '/privacy-policy',
    lazy: async () => ({ Component: (await import('./routes/privacy-policy')).PrivacyPolicyPage }),
  },
  {
    path: '/terms-of-service',
    lazy: async () => ({ Component: (await import('./routes/terms-of-service')).TermsOfServicePage }),
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <WorkspaceLayout />,
        children: [
          { path: '/', element: <Navigate to="/contacts" replace /> },
          { path: '/dashboard', element: <Navigate to="/contacts" replace /> },
          { path: '/contacts', element: <ContactsPage /> },
          { path: '/tasks', element: <TasksPage /> },
          { path: '/events', element: <EventsPage /> },
          { path: '/settings', element: <SettingsPage /> },
          { path: '/notifications', element: <NotificationsList /> },
          {
            path: '/companies',
            lazy: async () => ({ Component: (await import('./routes/companies')).CompaniesRoute }),
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                path: '/admin',
                lazy: async () => ({ Component: (await import('./routes/admin')).AdminPage }),
              },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]);
