import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { ContactsPage } from '@/features/contacts/components/contacts-page';
import { NotificationsList } from '@/features/notifications/components/notifications-list';
import { RedirectIfAuthenticated, RequireAdmin, RequireAuth } from './guards/require-auth';
import { WorkspaceLayout } from './layouts/workspace-layout';
import { AuthPage } from './routes/auth';
import { NotFoundPage } from './routes/not-found';

/** Every route; lazily loaded pages show the spinner while their code arrives. */
const routes: RouteObject[] = [
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
          {
            path: '/tasks',
            lazy: async () => ({
              Component: (await import('@/features/tasks/components/tasks-page')).TasksPage,
            }),
          },
          {
            path: '/events',
            lazy: async () => ({
              Component: (await import('@/features/events/components/events-page')).EventsPage,
            }),
          },
          {
            path: '/settings',
            lazy: async () => ({
              Component: (await import('@/features/settings/components/settings-page')).SettingsPage,
            }),
          },
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
];

export const router = createBrowserRouter([{ HydrateFallback: FullPageSpinner, children: routes }]);
