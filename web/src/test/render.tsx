import type { User } from '@relate/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AuthProvider } from '@/features/auth/auth-provider';
import { saveTokens, saveUser } from '@/lib/auth-storage';

export interface RenderOptions {
  /** The URL the page starts at (path and search). */
  route?: string;
  /** The route pattern the element is mounted on, when it reads route params. */
  path?: string;
  /** Signs this user in (stored session + AuthProvider); the MSW `/auth/me` handler should answer it. */
  user?: User;
}

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

/**
 * Renders a page or component the way the app does: query client, router (in memory, so the URL can be
 * read back from `router.state.location`), tooltips, and optionally a signed-in user.
 */
export function renderWithProviders(ui: ReactElement, { route = '/', path = '*', user }: RenderOptions = {}) {
  if (user) {
    saveTokens('test-access-token', 'test-refresh-token');
    saveUser(user);
  }
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [route] });
  const tree = <RouterProvider router={router} />;
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>{user ? <AuthProvider>{tree}</AuthProvider> : tree}</TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...result, user: userEvent.setup(), queryClient, router };
}
