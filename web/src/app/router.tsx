import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { RedirectIfAuthenticated, RequireAdmin, RequireAuth } from './guards/require-auth';
import { WorkspaceLayout } from './layouts/workspace-layout';
import { ContactsRoute } from './routes/contacts';
import { ErrorPage } from './routes/error-page';
import { NotFoundPage } from './routes/not-found';

/** Every route; lazily loaded pages show the spinner while their code arrives. */
export const routes: RouteObject[] = [
  {
    element: <RedirectIfAuthenticated />,
    children: [
      { path: '/auth', lazy: async () => ({ Component: (await import('./routes/auth')).AuthPage }) },
    ],
  },
  {
    path: '/auth/google/callback',
    lazy: async () => ({ Component: (await import('./routes/google-callback')).GoogleCallbackPage }),
  },
  {
    path: '/forgot-password',
    lazy: async () => ({ Component: (await import('./routes/password-reset')).ForgotPasswordPage }),
  },
  {
    path: '/reset-password',
    lazy: async () => ({ Component: (await import('./routes/password-reset')).ResetPasswordPage }),
  },
  {
    path: '/verify-email',
    lazy: async () => ({ Component: (await import('./routes/password-reset')).VerifyEmailPage }),
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
          { path: '/contacts', element: <ContactsRoute /> },
          {
            path: '/tasks',
            lazy: async () => ({
              Component: (await import('./routes/tasks')).TasksRoute,
            }),
          },
          {
            path: '/events',
            lazy: async () => ({
              Component: (await import('./routes/events')).EventsRoute,
            }),
          },
          {
            path: '/settings',
            lazy: async () => ({
              Component: (await import('./routes/settings')).SettingsPage,
            }),
          },
          {
            path: '/notifications',
            lazy: async () => ({ Component: (await import('./routes/notifications')).NotificationsRoute }),
          },
          {
            path: '/reach-out',
            lazy: async () => ({ Component: (await import('./routes/reach-out')).ReachOutRoute }),
          },
          {
            path: '/trash',
            lazy: async () => ({
              Component: (await import('@/features/trash/components/trash-page')).TrashPage,
            }),
          },
          {
            path: '/companies',
            lazy: async () => ({ Component: (await import('./routes/companies')).CompaniesRoute }),
          },
          {
            path: '/companies/:id',
            lazy: async () => ({ Component: (await import('./routes/companies')).CompanyRoute }),
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

export const router = createBrowserRouter([
  { HydrateFallback: FullPageSpinner, errorElement: <ErrorPage />, children: routes },
]);
