import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { api, server } from '@/test/msw';
import { WorkspaceHeader } from './workspace-header';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const signedIn = vi.hoisted(() => ({ user: { id: 1, email: 'ada@example.com', is_admin: false } }));
vi.mock('@/features/auth/auth-provider', () => ({
  useAuth: () => ({ user: signedIn.user, logout: vi.fn() }),
}));
vi.mock('@/features/tasks/api/tasks-api', () => ({ useOpenTaskCount: () => ({ data: 0 }) }));
vi.mock('@/features/events/api/events-api', () => ({ useUpcomingCount: () => ({ data: 0 }) }));
vi.mock('@/features/billing/api/get-current-plan', () => ({ useCurrentPlan: () => ({ data: undefined }) }));
vi.mock('@/features/notifications/components/notification-bell', () => ({ NotificationBell: () => null }));

/** Two queries on screen, as a workspace page has; `load` decides how each refetch ends. */
function renderHeader(load: (key: string) => Promise<string>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Page() {
    const people = useQuery({ queryKey: ['people'], queryFn: () => load('people') });
    const tasks = useQuery({ queryKey: ['tasks'], queryFn: () => load('tasks') });
    return <p>{`${people.data ?? '…'} ${tasks.data ?? '…'}`}</p>;
  }
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <MemoryRouter>
          <WorkspaceHeader />
          <Page />
        </MemoryRouter>
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.clearAllMocks();
  signedIn.user = { id: 1, email: 'ada@example.com', is_admin: false };
});

describe('workspace header refresh button', () => {
  it('refetches the data on screen and says so when every refetch succeeds', async () => {
    let round = 0;
    renderHeader(async (key) => `${key}-${round}`);
    await screen.findByText('people-0 tasks-0');
    round = 1;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh data' }));
    await screen.findByText('people-1 tasks-1');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Data refreshed successfully!'));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('reports a failure, not success, when one refetch fails', async () => {
    let failing = false;
    renderHeader(async (key) => {
      if (failing && key === 'tasks') throw new Error('Failed to fetch tasks');
      return key;
    });
    await screen.findByText('people tasks');
    failing = true;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh data' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to refresh data', {
        description: 'Failed to fetch tasks',
      }),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Refresh data' })).toBeEnabled();
  });
});

describe('admin button', () => {
  it('shows how many accounts wait for approval', async () => {
    signedIn.user = { id: 1, email: 'ada@example.com', is_admin: true };
    server.use(
      http.get(api('/admin/pending-users'), () => HttpResponse.json({ users: [{ id: 2 }, { id: 3 }] })),
    );
    renderHeader(async (key) => key);
    const admin = screen.getByRole('link', { name: /Admin dashboard/ });
    await waitFor(() => expect(admin).toHaveTextContent('2 accounts wait for approval'));
    expect(screen.getByTestId('pending-users-badge')).toHaveTextContent(/^2/);
  });

  it('asks nothing for a user who is not an administrator', async () => {
    let asked = false;
    server.use(
      http.get(api('/admin/pending-users'), () => {
        asked = true;
        return HttpResponse.json({ users: [] });
      }),
    );
    renderHeader(async (key) => key);
    await screen.findByText('people tasks');
    expect(screen.queryByRole('link', { name: /Admin dashboard/ })).not.toBeInTheDocument();
    expect(asked).toBe(false);
  });
});
