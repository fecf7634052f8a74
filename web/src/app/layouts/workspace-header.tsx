import { useQueryClient } from '@tanstack/react-query';
import {
  Building2Icon,
  CalendarIcon,
  CheckSquareIcon,
  CrownIcon,
  HeartHandshakeIcon,
  LogOutIcon,
  RefreshCwIcon,
  SettingsIcon,
  ShieldIcon,
  Trash2Icon,
  UsersIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button, buttonVariants } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { usePendingUserCount } from '@/features/admin/api/pending-count';
import { useAuth } from '@/features/auth/auth-provider';
import { useCurrentPlan } from '@/features/billing/api/get-current-plan';
import { useUpcomingCount } from '@/features/events/api/events-api';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { SearchLauncher } from '@/features/search/components/search-launcher';
import { useOpenTaskCount } from '@/features/tasks/api/tasks-api';
import { formatCount, formatNumber, initials } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

const tabs = [
  { to: '/contacts', label: 'Contacts', icon: UsersIcon },
  { to: '/companies', label: 'Companies', icon: Building2Icon },
  { to: '/reach-out', label: 'Reach out', icon: HeartHandshakeIcon },
  { to: '/tasks', label: 'Tasks', icon: CheckSquareIcon },
  { to: '/events', label: 'Events', icon: CalendarIcon },
  // Trash and Settings: icons below 1280 px, where the top bar has no room for every label; on a phone
  // the account menu leads to them (five tabs fit at 390 px, seven do not).
  { to: '/trash', label: 'Trash', icon: Trash2Icon, compact: true, desktopOnly: true },
  { to: '/settings', label: 'Settings', icon: SettingsIcon, compact: true, desktopOnly: true },
];

function PlanLabel({ plan }: { plan: string }) {
  const Icon = plan === 'Pro' ? CrownIcon : plan === 'Enterprise' ? Building2Icon : null;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
      {Icon && <Icon className="size-3.5 text-amber-500" />}
      {plan} plan
    </span>
  );
}

function TabCount({ count, label }: { count: number | undefined; label: string }) {
  if (!count) return null;
  return (
    <span
      className="rounded-full bg-primary/15 px-1.5 text-[11px] leading-4 font-semibold text-primary tabular-nums"
      title={label}
    >
      {count > 99 ? `${formatNumber(99)}+` : formatNumber(count)}
    </span>
  );
}

const waitingLabel = (count: number) =>
  count === 1 ? '1 account waits for approval' : `${count} accounts wait for approval`;

export function WorkspaceHeader() {
  const { user, logout } = useAuth();
  const openTasks = useOpenTaskCount();
  const upcoming = useUpcomingCount();
  const pendingUsers = usePendingUserCount(user?.is_admin === true);
  // Live: a plan change (Stripe webhook, administrator) arrives as a notification and refreshes it.
  const currentPlan = useCurrentPlan();
  const counts: Record<string, { count: number | undefined; label: string }> = {
    '/tasks': { count: openTasks.data, label: formatCount(openTasks.data ?? 0, 'open task', 'open tasks') },
    '/events': {
      count: upcoming.data,
      label: `${formatCount(upcoming.data ?? 0, 'event', 'events')} in the coming week`,
    },
  };
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      // Without throwOnError a failed refetch resolves quietly and the user would be told it worked.
      await queryClient.refetchQueries({ type: 'active' }, { throwOnError: true });
      toast.success('Data refreshed successfully!');
    } catch (error) {
      toast.error('Failed to refresh data', {
        description: error instanceof Error ? error.message : 'Please try again.',
      });
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <header className="sticky top-0 z-40 border-b bg-card/85 backdrop-blur supports-[backdrop-filter]:bg-card/70">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link to="/contacts" className="shrink-0" aria-label="Relate home">
          <Logo />
        </Link>
        <nav aria-label="Workspace" className="ml-4 hidden items-center gap-1 md:flex">
          {tabs.map((tab) => (
            <NavLink
              key={tab.to}
              to={tab.to}
              title={'compact' in tab ? tab.label : undefined}
              className={({ isActive }) =>
                cn(
                  'inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                  isActive
                    ? 'bg-primary/10 text-primary'
                    : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
                )
              }
            >
              <tab.icon className="size-4" />
              {'compact' in tab ? <span className="sr-only xl:not-sr-only">{tab.label}</span> : tab.label}
              {counts[tab.to] && <TabCount {...counts[tab.to]} />}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-0.5">
          <div className="mr-1">
            <SearchLauncher />
          </div>
          <Tooltip>
            <TooltipTrigger asChild>
              <Button variant="ghost" size="icon" onClick={refresh} disabled={refreshing}>
                <RefreshCwIcon className={cn(refreshing && 'animate-spin')} />
                <span className="sr-only">Refresh data</span>
              </Button>
            </TooltipTrigger>
            <TooltipContent>Refresh data</TooltipContent>
          </Tooltip>
          <ThemeToggle />
          <NotificationBell />
          {user?.is_admin && (
            <Tooltip>
              <TooltipTrigger asChild>
                <Link
                  to="/admin"
                  className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}
                >
                  <ShieldIcon />
                  <span className="sr-only">Admin dashboard</span>
                  {pendingUsers.data ? (
                    <span
                      className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white tabular-nums"
                      data-testid="pending-users-badge"
                    >
                      {pendingUsers.data > 99 ? '99+' : pendingUsers.data}
                      <span className="sr-only"> {waitingLabel(pendingUsers.data)}</span>
                    </span>
                  ) : null}
                </Link>
              </TooltipTrigger>
              <TooltipContent>
                {pendingUsers.data
                  ? `Admin dashboard: ${waitingLabel(pendingUsers.data)}`
                  : 'Admin dashboard'}
              </TooltipContent>
            </Tooltip>
          )}
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" className="ml-1 size-9 rounded-full p-0" aria-label="Account menu">
                <span className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                  {initials(user?.full_name || user?.email)}
                </span>
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="w-64">
              <DropdownMenuLabel className="grid gap-1">
                <span className="truncate font-medium">{user?.full_name || 'Signed in'}</span>
                <span className="truncate text-xs font-normal text-muted-foreground">{user?.email}</span>
                <PlanLabel plan={currentPlan.data?.plan ?? user?.plan ?? 'Free'} />
              </DropdownMenuLabel>
              <DropdownMenuSeparator />
              <DropdownMenuItem asChild>
                <Link to="/settings">
                  <SettingsIcon />
                  Settings
                </Link>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <Link to="/trash">
                  <Trash2Icon />
                  Trash
                </Link>
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => void logout()}>
                <LogOutIcon />
                Log out
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
      <nav aria-label="Workspace" className="grid grid-cols-5 gap-1 border-t px-2 py-1.5 md:hidden">
        {tabs
          .filter((tab) => !tab.desktopOnly)
          .map((tab) => (
            <NavLink
              key={tab.to}
              to={tab.to}
              className={({ isActive }) =>
                cn(
                  'flex flex-col items-center justify-center gap-0.5 rounded-md px-1 py-1 text-xs font-medium',
                  isActive ? 'bg-primary/10 text-primary' : 'text-muted-foreground',
                )
              }
            >
              <tab.icon className="size-4" />
              {tab.label}
            </NavLink>
          ))}
      </nav>
    </header>
  );
}
