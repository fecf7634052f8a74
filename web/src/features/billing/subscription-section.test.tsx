import type { AllPlansResponse, CurrentPlanResponse, Plan, PluginsResponse } from '@relate/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubscriptionSection } from './components/subscription-section';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const plan = (name: Plan['name'], order: number, price: number | null, purchasable = true): Plan => ({
  name,
  order,
  monthly_price: price,
  currency: 'usd',
  billing_interval: 'month',
  description: `${name} description`,
  features: [`${name} feature`],
  purchasable,
});

const allPlans: AllPlansResponse = {
  success: true,
  plans: {
    Business: plan('Business', 3, 79),
    Free: plan('Free', 0, 0, false),
    Pro: plan('Pro', 2, 29),
    Starter: plan('Starter', 1, 9),
    Enterprise: plan('Enterprise', 4, null, false),
  },
};

const plugins: PluginsResponse = {
  success: true,
  plugins: [
    {
      id: 'basic',
      name: 'Basic',
      description: 'The core',
      features: ['Contacts'],
      price: 0,
      icon: 'package',
      category: 'Essentials',
      popular: false,
      integrations: [],
      included: true,
    },
    {
      id: 'crm-pro',
      name: 'CRM Pro',
      description: 'Pipelines and deal stages',
      features: ['Deal pipelines', 'Revenue forecast'],
      price: 24.99,
      icon: 'briefcase',
      category: 'Sales',
      popular: true,
      integrations: ['Gmail', 'Slack'],
      included: false,
    },
    {
      id: 'goal-tracker',
      name: 'Goal Tracker',
      description: 'Goals for your team',
      features: ['Weekly check-ins'],
      price: 6.99,
      icon: 'target',
      category: 'Productivity',
      popular: false,
      integrations: ['Slack'],
      included: false,
    },
  ],
};

const current = (overrides: Partial<CurrentPlanResponse> = {}): CurrentPlanResponse => ({
  success: true,
  plan: 'Free',
  subscription: null,
  billing_enabled: true,
  has_billing_account: false,
  ...overrides,
});

function serve(plan: CurrentPlanResponse, portal?: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/api/plan')) return json(200, plan);
      if (url.endsWith('/api/all-plans')) return json(200, allPlans);
      if (url.endsWith('/api/plugins')) return json(200, plugins);
      if (url.endsWith('/api/stripe-portal-session') && portal) return portal;
      return json(404, { error: 'Not found', code: 'NOT_FOUND' });
    }),
  );
}

const renderSection = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/settings?section=subscription']}>
        <SubscriptionSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const card = async (name: string) => screen.findByLabelText(`${name} plan`);

beforeEach(() => vi.mocked(toast.error).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('Settings → Subscription', () => {
  it('shows Starter, Pro and Business in order, with Upgrade buttons for a Free user', async () => {
    serve(current());
    renderSection();
    const list = await screen.findByRole('list', { name: 'Plans' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading', { level: 3 })
          .map((heading) => heading.textContent),
      ).toEqual(['Starter', 'Pro', 'Business']),
    );
    expect(within(await card('Pro')).getByText('$29')).toBeInTheDocument();
    expect(within(await card('Pro')).getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
  });

  it("shows 'Coming Soon' disabled when payments are off, and Manage Billing on the current plan", async () => {
    serve(current({ plan: 'Pro', billing_enabled: false }));
    renderSection();
    for (const name of ['Starter', 'Business']) {
      expect(within(await card(name)).getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    }
    expect(within(await card('Pro')).getByText('Current plan')).toBeInTheDocument();
    expect(within(await card('Pro')).getByRole('button', { name: 'Manage Billing' })).toBeInTheDocument();
  });

  it('says a cancelled plan stays until the end of the period, and warns about a failed payment', async () => {
    const periodEnd = '2026-12-23T10:00:00.000Z';
    serve(
      current({
        plan: 'Pro',
        has_billing_account: true,
        subscription: {
          plan: 'Pro',
          status: 'active',
          cancel_at_period_end: true,
          current_period_end: periodEnd,
        },
      }),
    );
    const { unmount } = renderSection();
    expect(await screen.findByText('Subscription cancelled')).toBeInTheDocument();
    expect(screen.getByText(/Your Pro plan stays active until December 23, 2026/)).toBeInTheDocument();
    unmount();

    serve(
      current({
        plan: 'Pro',
        has_billing_account: true,
        subscription: {
          plan: 'Pro',
          status: 'past_due',
          cancel_at_period_end: false,
          current_period_end: periodEnd,
        },
      }),
    );
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not collect your last payment');
    expect(screen.getByTestId('current-plan')).toHaveTextContent('Pro');
  });

  it('explains a missing Stripe customer when Manage Billing fails (spec section 8)', async () => {
    serve(
      current({ plan: 'Starter', has_billing_account: false }),
      json(404, { error: 'No Stripe customer found', code: 'NO_STRIPE_CUSTOMER' }),
    );
    renderSection();
    await userEvent.click(within(await card('Starter')).getByRole('button', { name: 'Manage Billing' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to open billing portal', {
        description: 'Your account is not set up for billing yet. Choose a plan to get started.',
      }),
    );
  });

  it('searches the plugin catalogue, filters by category and opens the details', async () => {
    serve(current());
    renderSection();
    const catalogue = await screen.findByRole('list', { name: 'Plugin catalogue' });
    expect(within(catalogue).getByLabelText('Basic')).toHaveTextContent('Subscribed');
    expect(within(catalogue).getByLabelText('CRM Pro')).toHaveTextContent('Popular');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search plugins' }), 'slack');
    expect(within(catalogue).queryByLabelText('Basic')).not.toBeInTheDocument();
    expect(within(catalogue).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Sales' }));
    expect(within(catalogue).getAllByRole('listitem')).toHaveLength(1);

    await userEvent.click(within(catalogue).getByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'CRM Pro' });
    expect(dialog).toHaveTextContent('Revenue forecast');
    expect(dialog).toHaveTextContent('Gmail');
    expect(dialog).toHaveTextContent('$24.99/mo');
    expect(within(dialog).getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
  });
});
