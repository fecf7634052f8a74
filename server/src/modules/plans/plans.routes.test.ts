import { PlanNameSchema } from '@relate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';
import { loadConfig } from '../../config';
import { ENTITLEMENT_ROUTES, ENTITLEMENTS, entitlementsForRoute, PLANS } from './plans.catalog';
import type { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp(); // no STRIPE_SECRET_KEY
  await createUser(t.app); // the administrator
  user = await createUser(t.app);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });

describe('plans and plugins', () => {
  it('lists every plan with its monthly price and features; Starter, Pro and Business are for sale', async () => {
    const response = await get('/api/all-plans');
    expect(response.statusCode).toBe(200);
    const { success, plans } = response.json();
    expect(success).toBe(true);
    expect(Object.keys(plans)).toEqual(['Free', 'Starter', 'Pro', 'Business', 'Enterprise']);
    const forSale = Object.values<{ name: string; order: number; purchasable: boolean }>(plans)
      .filter((plan) => plan.purchasable)
      .sort((a, b) => a.order - b.order)
      .map((plan) => plan.name);
    expect(forSale).toEqual(['Starter', 'Pro', 'Business']);
    expect(plans.Pro).toMatchObject({ monthly_price: 29, currency: 'usd', billing_interval: 'month' });
    expect(plans.Starter.features).toContain('Google Contacts & Calendar sync');
    expect(plans.Starter.features).toContain('Email support, answered within 48 h');
    expect(plans.Pro.features).toEqual(['Everything in Starter', 'Priority support, answered within 24 h']);
    expect(plans.Business.features).toEqual(['Everything in Pro', 'Dedicated support, answered within 8 h']);
  });

  it('gives one plan’s details by name and 404 for an unknown plan', async () => {
    const pro = await get('/api/plan-details/pro');
    expect(pro.statusCode).toBe(200);
    expect(pro.json().plan).toMatchObject({ name: 'Pro', monthly_price: 29 });
    const unknown = await get('/api/plan-details/platinum');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });

  it('lists the plugin catalogue with the spec’s prices; basic is included', async () => {
    const { plugins } = (await get('/api/plugins')).json();
    expect(plugins).toHaveLength(12);
    const prices = Object.fromEntries(
      plugins.map((plugin: { name: string; price: number }) => [plugin.name, plugin.price]),
    );
    expect(prices).toMatchObject({
      'Companies List': 9.99,
      'Financial Manager': 14.99,
      'Portfolio Tracker': 19.99,
      'CRM Pro': 24.99,
      'Analytics Dashboard': 16.99,
      'Security Center': 29.99,
      'Payment Processor': 12.99,
      'Event Planner': 8.99,
      'Social Manager': 18.99,
      'Document Manager': 7.99,
      'Goal Tracker': 6.99,
    });
    expect(
      plugins.filter((plugin: { included: boolean }) => plugin.included).map((p: { id: string }) => p.id),
    ).toEqual(['basic']);
  });

  it('keeps everything the app does for every plan, Free included', () => {
    for (const plan of PlanNameSchema.options) {
      for (const entitlement of ENTITLEMENTS)
        expect(t.app.services.plans.isEntitled(plan, entitlement)).toBe(true);
    }
  });
});

describe('without Stripe', () => {
  it('shows the plan with payments switched off and answers 503 to checkout, portal and webhooks', async () => {
    expect((await get('/api/plan')).json()).toEqual({
      success: true,
      plan: 'Free',
      subscription: null,
      billing_enabled: false,
      has_billing_account: false,
    });
    const calls = [
      { url: '/api/stripe-checkout-session', payload: { plan: 'Pro' }, headers: user.headers },
      { url: '/api/stripe-portal-session', headers: user.headers },
      { url: '/api/stripe/webhook', payload: { id: 'evt_1' } },
    ];
    for (const call of calls) {
      const response = await t.app.inject({ method: 'POST', ...call });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('BILLING_NOT_CONFIGURED');
    }
  });

  it('refuses to start with a Stripe key but no webhook secret or prices', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set[\s\S]*STRIPE_PRICE_BUSINESS/,
    );
  });

  it('needs a signed-in account for the plan calls', async () => {
    for (const url of ['/api/plan', '/api/all-plans', '/api/plan-details/Pro', '/api/plugins']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('entitlements', () => {
  it('names registered routes only', () => {
    const paths = Object.keys(t.app.swagger().paths ?? {});
    for (const prefix of Object.values(ENTITLEMENT_ROUTES).flat()) {
      expect(
        paths.some((path) => path === prefix || path.startsWith(`${prefix}/`)),
        prefix,
      ).toBe(true);
    }
    expect(entitlementsForRoute('/api/company-csv-processor')).toEqual(['companies', 'csv_import']);
    expect(entitlementsForRoute('/api/people/:id')).toEqual(['contacts']);
    expect(entitlementsForRoute('/api/plan')).toEqual([]);
  });

  it('refuses what a plan does not include with 403 PLAN_REQUIRED', () => {
    const table = { ...PLANS, Free: { ...PLANS.Free, entitlements: ['contacts'] as const } };
    const service = new PlansService(
      t.database.db,
      {} as PlansRepository,
      t.app.services.users,
      t.app.services.notifications,
      table,
    );
    expect(() => service.assertEntitled('Free', 'contacts')).not.toThrow();
    expect(() => service.assertEntitled('Free', 'csv_import')).toThrow(
      expect.objectContaining({ status: 403, code: 'PLAN_REQUIRED' }),
    );
    expect(() => service.assertEntitled('Pro', 'csv_import')).not.toThrow();
    // What the access plugin asks on each request: the route's entitlements against the plan.
    expect(() => service.assertRouteEntitled('Free', '/api/people/:id')).not.toThrow();
    expect(() => service.assertRouteEntitled('Free', '/api/company-csv-processor')).toThrow(
      expect.objectContaining({ status: 403, code: 'PLAN_REQUIRED' }),
    );
    expect(() => service.assertRouteEntitled('Pro', '/api/company-csv-processor')).not.toThrow();
  });
});
