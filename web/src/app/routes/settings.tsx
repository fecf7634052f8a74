import type { LucideIcon } from 'lucide-react';
import {
  BotIcon,
  CalendarIcon,
  ContactIcon,
  CreditCardIcon,
  GlobeIcon,
  KeyRoundIcon,
  ServerIcon,
  UsersRoundIcon,
} from 'lucide-react';
import { type ComponentType, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { SystemSection } from '@/features/admin/components/system-section';
import { useAuth } from '@/features/auth/auth-provider';
import { ChangePasswordCard } from '@/features/auth/components/change-password-card';
import { VerifyEmailNotice } from '@/features/auth/components/verify-email-notice';
import { SubscriptionSection } from '@/features/billing/components/subscription-section';
import { BotConnection } from '@/features/bots/components/bot-connection';
import { peopleKeys } from '@/features/contacts/api/keys';
import { ContactsSettings } from '@/features/contacts/components/contacts-settings';
import { eventKeys } from '@/features/events/api/keys';
import { CalendarSettings } from '@/features/events/components/calendar-settings';
import { GoogleIntegration } from '@/features/google/components/google-integration';
import { GroupManagement } from '@/features/groups/components/group-management';
import { cn } from '@/lib/utils';

/** A Google sync refreshes the contacts and events it brought over: their keys, composed here. */
const googleRefreshes = { contacts: [peopleKeys.all], calendar: [eventKeys.all] };
function GoogleSection() {
  return <GoogleIntegration refreshes={googleRefreshes} />;
}

interface SettingsSection {
  key: string;
  title: string;
  subtitle: string;
  icon: LucideIcon;
  component: ComponentType;
  /** Shown to administrators only (the server's role for the signed-in user). */
  adminOnly?: boolean;
}

/** The Settings sections, in the spec's order; each comes from its own feature, composed here. */
const sections: SettingsSection[] = [
  {
    key: 'bots',
    title: 'Bot Connection',
    subtitle: 'Telegram & WhatsApp',
    icon: BotIcon,
    component: BotsSection,
  },
  {
    key: 'google',
    title: 'Google Integration',
    subtitle: 'Contacts & Calendar',
    icon: GlobeIcon,
    component: GoogleSection,
  },
  {
    key: 'contacts',
    title: 'Contacts',
    subtitle: 'Management & Fields',
    icon: ContactIcon,
    component: ContactsSettings,
  },
  {
    key: 'calendar',
    title: 'Calendar',
    subtitle: 'Display & Events',
    icon: CalendarIcon,
    component: CalendarSettings,
  },
  {
    key: 'group',
    title: 'Group Management',
    subtitle: 'Organize Contacts',
    icon: UsersRoundIcon,
    component: GroupManagement,
  },
  {
    key: 'subscription',
    title: 'Subscription',
    subtitle: 'Plans & Plugins',
    icon: CreditCardIcon,
    component: SubscriptionSection,
  },
  {
    key: 'password',
    title: 'Password',
    subtitle: 'Sign-in security',
    icon: KeyRoundIcon,
    component: PasswordSection,
  },
  {
    key: 'system',
    title: 'System',
    subtitle: 'Version & Database',
    icon: ServerIcon,
    component: SystemSection,
    adminOnly: true,
  },
];

/** Sign-in security: the e-mail verification notice (while one is due), then the new password. */
function PasswordSection() {
  return (
    <>
      <VerifyEmailNotice />
      <ChangePasswordCard />
    </>
  );
}

/** The bots' section; an administrator also gets the card that unlinks every Telegram account. */
function BotsSection() {
  const { user } = useAuth();
  return <BotConnection isAdmin={user?.is_admin ?? false} />;
}

const DEFAULT_SECTION = 'contacts';

/** /settings: one page composing the features' settings sections. */
export function SettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { user } = useAuth();
  const visible = sections.filter((section) => !section.adminOnly || user?.is_admin);
  const requested = searchParams.get('section') ?? DEFAULT_SECTION;
  const active = visible.find((section) => section.key === requested) ?? visible[0];
  const Active = active.component;
  const strip = useRef<HTMLElement>(null);

  // On a phone the strip scrolls sideways: bring the active section into it (the page does not move).
  useEffect(() => {
    const nav = strip.current;
    const button = nav?.querySelector<HTMLElement>(`[data-section="${active.key}"]`);
    if (!nav || !button || nav.scrollWidth <= nav.clientWidth) return;
    const left = button.offsetLeft - nav.offsetLeft - (nav.clientWidth - button.offsetWidth) / 2;
    nav.scrollTo({ left: Math.max(0, left) });
  }, [active.key]);

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[240px_minmax(0,1fr)]">
      <aside className="grid min-w-0 content-start gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
        <nav
          ref={strip}
          aria-label="Settings sections"
          className="-mx-4 flex snap-x gap-1 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0 lg:flex-col lg:pb-0"
        >
          {visible.map((section) => (
            <button
              key={section.key}
              data-section={section.key}
              type="button"
              aria-current={section.key === active.key ? 'page' : undefined}
              onClick={() => setSearchParams({ section: section.key }, { replace: true })}
              className={cn(
                'flex shrink-0 snap-start items-start gap-3 rounded-lg px-3 py-2 text-left transition-colors',
                section.key === active.key
                  ? 'bg-primary/10 text-primary'
                  : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
              )}
            >
              <section.icon className="mt-0.5 size-4 shrink-0" />
              <span className="grid">
                <span className="text-sm font-medium">{section.title}</span>
                <span className="text-xs max-sm:hidden">{section.subtitle}</span>
              </span>
            </button>
          ))}
        </nav>
      </aside>
      <section className="grid content-start gap-4">
        <div>
          <h2 className="text-xl font-semibold">{active.title}</h2>
          <p className="text-sm text-muted-foreground">{active.subtitle}</p>
        </div>
        <Active />
      </section>
    </div>
  );
}
