import type { PaidPlanName, PlanName, Plugin } from '@relate/contracts';

/** What the server lets a plan do. Free keeps everything the app did before plans existed. */
export const ENTITLEMENTS = [
  'contacts',
  'companies',
  'tasks',
  'calendar',
  'csv_import',
  'google_sync',
  'messaging_bots',
  'groups',
] as const;
export type Entitlement = (typeof ENTITLEMENTS)[number];

const EVERYTHING: readonly Entitlement[] = ENTITLEMENTS;

/**
 * The API routes (path prefixes) each entitlement covers. The access control checks the caller's plan
 * against this on every request; a test proves that each prefix names a registered route.
 */
export const ENTITLEMENT_ROUTES: Record<Entitlement, readonly string[]> = {
  contacts: ['/api/people', '/api/custom-fields'],
  companies: ['/api/companies', '/api/company-csv-processor'],
  tasks: ['/api/tasks', '/api/projects'],
  calendar: ['/api/events'],
  csv_import: ['/api/csv', '/api/company-csv-processor', '/api/people/export', '/api/events/import'],
  google_sync: [],
  messaging_bots: [],
  groups: ['/api/user-group', '/api/people/share'],
};

const covers = (prefix: string, url: string) => url === prefix || url.startsWith(`${prefix}/`);

/** The entitlements a route needs (none for most account, plan and admin calls). */
export const entitlementsForRoute = (url: string): Entitlement[] =>
  ENTITLEMENTS.filter((entitlement) => ENTITLEMENT_ROUTES[entitlement].some((prefix) => covers(prefix, url)));

/** How each entitlement reads in a plan's features list. */
const ENTITLEMENT_LABELS: Record<Entitlement, string> = {
  contacts: 'Unlimited contacts with custom fields',
  companies: 'Company directory with duplicate merging',
  tasks: 'Projects and tasks with assignees',
  calendar: 'Calendar with recurring events',
  csv_import: 'CSV import and export',
  google_sync: 'Google Contacts & Calendar sync',
  messaging_bots: 'Telegram & WhatsApp bots',
  groups: 'Group sharing',
};

interface PlanDefinition {
  order: number;
  /** US dollars per month; null where there is no list price. */
  monthlyPrice: number | null;
  description: string;
  entitlements: readonly Entitlement[];
  /** Support answer time (spec section 9 legal terms), shown last in the features list. */
  support: string;
}

/** The one table of plans: order, price, description and entitlements. */
export const PLANS: Record<PlanName, PlanDefinition> = {
  Free: {
    order: 0,
    monthlyPrice: 0,
    description: 'Everything you need to keep your contacts and work in one place.',
    entitlements: EVERYTHING,
    support: 'Community support',
  },
  Starter: {
    order: 1,
    monthlyPrice: 9,
    description: 'For freelancers who want a guaranteed answer when something goes wrong.',
    entitlements: EVERYTHING,
    support: 'Email support, answered within 48 h',
  },
  Pro: {
    order: 2,
    monthlyPrice: 29,
    description: 'For growing teams that rely on Relate every day.',
    entitlements: EVERYTHING,
    support: 'Priority support, answered within 24 h',
  },
  Business: {
    order: 3,
    monthlyPrice: 79,
    description: 'For companies that need the fastest help and room to grow.',
    entitlements: EVERYTHING,
    support: 'Dedicated support, answered within 8 h',
  },
  Enterprise: {
    order: 4,
    monthlyPrice: null,
    description: 'Custom terms, arranged with our team.',
    entitlements: EVERYTHING,
    support: 'A named account manager',
  },
};

export const PAID_PLANS: readonly PaidPlanName[] = ['Starter', 'Pro', 'Business'];

/**
 * A plan's features list: its entitlements and support. A plan that includes everything the paid plan
 * below it does says so in one line, so that the cards show what the higher price adds.
 */
export function planFeatures(plan: PlanName): string[] {
  const below = (Object.keys(PLANS) as PlanName[]).find(
    (name) => PLANS[name].order === PLANS[plan].order - 1 && name !== 'Free',
  );
  const includesBelow =
    below !== undefined &&
    PLANS[below].entitlements.every((entitlement) => PLANS[plan].entitlements.includes(entitlement));
  const extra = PLANS[plan].entitlements.filter(
    (entitlement) => !below || !PLANS[below].entitlements.includes(entitlement),
  );
  return includesBelow
    ? [
        `Everything in ${below}`,
        ...extra.map((entitlement) => ENTITLEMENT_LABELS[entitlement]),
        PLANS[plan].support,
      ]
    : [
        ...PLANS[plan].entitlements.map((entitlement) => ENTITLEMENT_LABELS[entitlement]),
        PLANS[plan].support,
      ];
}

/** The plugin catalogue (spec sections 1 and 9). Only "basic" is available today; it comes with every plan. */
export const PLUGINS: Plugin[] = [
  {
    id: 'basic',
    name: 'Basic',
    description: 'Contacts, companies, tasks and calendar: the core of Relate.',
    features: ['Contacts and companies', 'Projects and tasks', 'Calendar and reminders', 'Notifications'],
    price: 0,
    icon: 'package',
    category: 'Essentials',
    popular: false,
    integrations: ['Google', 'Telegram', 'WhatsApp'],
    included: true,
  },
  {
    id: 'companies-list',
    name: 'Companies List',
    description: 'Curated company lists with enrichment and firmographic filters.',
    features: ['Saved company lists', 'Industry and size filters', 'Enrichment from public sources'],
    price: 9.99,
    icon: 'building-2',
    category: 'Sales',
    popular: true,
    integrations: ['LinkedIn', 'Crunchbase'],
    included: false,
  },
  {
    id: 'financial-manager',
    name: 'Financial Manager',
    description: 'Invoices, expenses and cash flow next to your customers.',
    features: ['Invoices and quotes', 'Expense tracking', 'Cash-flow forecast'],
    price: 14.99,
    icon: 'wallet',
    category: 'Finance',
    popular: false,
    integrations: ['Stripe', 'QuickBooks', 'Xero'],
    included: false,
  },
  {
    id: 'portfolio-tracker',
    name: 'Portfolio Tracker',
    description: 'Follow the companies you invest in and their key figures.',
    features: ['Holdings per company', 'Valuation history', 'Quarterly reports'],
    price: 19.99,
    icon: 'trending-up',
    category: 'Finance',
    popular: false,
    integrations: ['Carta', 'Google Sheets'],
    included: false,
  },
  {
    id: 'crm-pro',
    name: 'CRM Pro',
    description: 'Pipelines, deal stages and forecasts for your sales team.',
    features: ['Deal pipelines', 'Stage automation', 'Revenue forecast'],
    price: 24.99,
    icon: 'briefcase',
    category: 'Sales',
    popular: true,
    integrations: ['Gmail', 'Outlook', 'Slack'],
    included: false,
  },
  {
    id: 'analytics-dashboard',
    name: 'Analytics Dashboard',
    description: 'Charts of your contacts, tasks and events over time.',
    features: ['Custom dashboards', 'Team activity reports', 'CSV and PDF export'],
    price: 16.99,
    icon: 'bar-chart-3',
    category: 'Productivity',
    popular: true,
    integrations: ['Google Sheets', 'Looker Studio'],
    included: false,
  },
  {
    id: 'security-center',
    name: 'Security Center',
    description: 'Single sign-on, audit logs and access reviews for your team.',
    features: ['SAML single sign-on', 'Audit log export', 'Access reviews'],
    price: 29.99,
    icon: 'shield-check',
    category: 'Security',
    popular: false,
    integrations: ['Okta', 'Azure AD', 'Google Workspace'],
    included: false,
  },
  {
    id: 'payment-processor',
    name: 'Payment Processor',
    description: 'Take card payments and send payment links to your contacts.',
    features: ['Payment links', 'Card and SEPA payments', 'Payment reminders'],
    price: 12.99,
    icon: 'credit-card',
    category: 'Finance',
    popular: false,
    integrations: ['Stripe', 'PayPal'],
    included: false,
  },
  {
    id: 'event-planner',
    name: 'Event Planner',
    description: 'Plan events with guest lists, invitations and check-in.',
    features: ['Guest lists from contacts', 'Invitations and RSVPs', 'Check-in on the day'],
    price: 8.99,
    icon: 'calendar-days',
    category: 'Productivity',
    popular: false,
    integrations: ['Google Calendar', 'Zoom'],
    included: false,
  },
  {
    id: 'social-manager',
    name: 'Social Manager',
    description: 'Schedule posts and follow mentions of your contacts and companies.',
    features: ['Post scheduling', 'Mention tracking', 'Engagement reports'],
    price: 18.99,
    icon: 'share-2',
    category: 'Marketing',
    popular: true,
    integrations: ['X (Twitter)', 'LinkedIn', 'Facebook'],
    included: false,
  },
  {
    id: 'document-manager',
    name: 'Document Manager',
    description: 'Keep contracts and files with the contacts and companies they belong to.',
    features: ['File attachments', 'E-signatures', 'Version history'],
    price: 7.99,
    icon: 'file-text',
    category: 'Productivity',
    popular: false,
    integrations: ['Google Drive', 'Dropbox', 'DocuSign'],
    included: false,
  },
  {
    id: 'goal-tracker',
    name: 'Goal Tracker',
    description: 'Set goals for your team and follow them with your tasks.',
    features: ['Team and personal goals', 'Progress from tasks', 'Weekly check-ins'],
    price: 6.99,
    icon: 'target',
    category: 'Productivity',
    popular: false,
    integrations: ['Slack'],
    included: false,
  },
];
