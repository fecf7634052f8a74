import type { Plugin } from '@relate/contracts';
import {
  BarChart3Icon,
  BriefcaseIcon,
  Building2Icon,
  CalendarDaysIcon,
  CheckIcon,
  CreditCardIcon,
  FileTextIcon,
  type LucideIcon,
  PackageIcon,
  SearchIcon,
  Share2Icon,
  ShieldCheckIcon,
  StarIcon,
  TargetIcon,
  TrendingUpIcon,
  WalletIcon,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

const ICONS: Record<string, LucideIcon> = {
  package: PackageIcon,
  'building-2': Building2Icon,
  wallet: WalletIcon,
  'trending-up': TrendingUpIcon,
  briefcase: BriefcaseIcon,
  'bar-chart-3': BarChart3Icon,
  'shield-check': ShieldCheckIcon,
  'credit-card': CreditCardIcon,
  'calendar-days': CalendarDaysIcon,
  'share-2': Share2Icon,
  'file-text': FileTextIcon,
  target: TargetIcon,
};

const ALL = 'All';
const monthly = (price: number) => (price === 0 ? 'Included' : `$${price.toFixed(2)}/mo`);

function PluginIcon({ plugin, className }: { plugin: Plugin; className?: string }) {
  const Icon = ICONS[plugin.icon] ?? PackageIcon;
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary',
        className,
      )}
    >
      <Icon className="size-5" />
    </span>
  );
}

function matches(plugin: Plugin, search: string, category: string) {
  if (category !== ALL && plugin.category !== category) return false;
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [plugin.name, plugin.description, plugin.category, ...plugin.features, ...plugin.integrations].some(
    (text) => text.toLowerCase().includes(needle),
  );
}

function PluginDetailsDialog({ plugin, onClose }: { plugin: Plugin | null; onClose: () => void }) {
  return (
    <Dialog open={plugin !== null} onOpenChange={(open) => !open && onClose()}>
      {plugin && (
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <div className="flex items-center gap-3">
              <PluginIcon plugin={plugin} />
              <div className="grid gap-1 text-left">
                <DialogTitle>{plugin.name}</DialogTitle>
                <p className="text-sm text-muted-foreground">
                  {plugin.category} · {monthly(plugin.price)}
                </p>
              </div>
            </div>
            <DialogDescription className="pt-2 text-left">{plugin.description}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 text-sm">
            <section className="grid gap-2">
              <h4 className="font-medium">Features</h4>
              <ul className="grid gap-1.5">
                {plugin.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" />
                    {feature}
                  </li>
                ))}
              </ul>
            </section>
            <section className="grid gap-2">
              <h4 className="font-medium">Integrations</h4>
              <div className="flex flex-wrap gap-1.5">
                {plugin.integrations.map((integration) => (
                  <Badge key={integration} variant="outline">
                    {integration}
                  </Badge>
                ))}
              </div>
            </section>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button disabled>Coming Soon</Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}

/** The searchable plugin catalogue: "basic" is included (Subscribed); the others show their details. */
export function PluginCatalogue({ plugins }: { plugins: Plugin[] | undefined }) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL);
  const [open, setOpen] = useState<Plugin | null>(null);
  const categories = useMemo(
    () => [ALL, ...new Set((plugins ?? []).map((plugin) => plugin.category))],
    [plugins],
  );
  const shown = (plugins ?? []).filter((plugin) => matches(plugin, search, category));

  return (
    <section className="grid gap-4" aria-labelledby="plugins-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="plugins-heading" className="text-lg font-semibold">
            Plugins
          </h3>
          <p className="text-sm text-muted-foreground">Extend Relate with add-ons, billed monthly.</p>
        </div>
        <div className="relative w-full sm:w-64">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            aria-label="Search plugins"
            placeholder="Search plugins"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>
      <fieldset className="flex min-w-0 gap-1.5 overflow-x-auto pb-1" aria-label="Plugin categories">
        {categories.map((name) => (
          <Button
            key={name}
            size="sm"
            variant={category === name ? 'default' : 'outline'}
            aria-pressed={category === name}
            onClick={() => setCategory(name)}
            className="shrink-0 rounded-full"
          >
            {name}
          </Button>
        ))}
      </fieldset>
      {!plugins ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-44 rounded-xl" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <EmptyState
          icon={SearchIcon}
          title="No plugins found"
          description="Try another search or category."
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Plugin catalogue">
          {shown.map((plugin) => (
            <li key={plugin.id} className="grid">
              <Card aria-label={plugin.name} className="flex flex-col">
                <CardHeader className="flex-row items-start gap-3 space-y-0 pb-3">
                  <PluginIcon plugin={plugin} />
                  <div className="grid min-w-0 flex-1 gap-1">
                    <CardTitle className="flex flex-wrap items-center gap-2 text-base">
                      {plugin.name}
                      {plugin.popular && (
                        <Badge variant="warning">
                          <StarIcon className="size-3" />
                          Popular
                        </Badge>
                      )}
                    </CardTitle>
                    <p className="text-xs text-muted-foreground">{plugin.category}</p>
                  </div>
                </CardHeader>
                <CardContent className="flex-1 text-sm text-muted-foreground">
                  {plugin.description}
                </CardContent>
                <CardFooter className="justify-between gap-2">
                  <span className="text-sm font-medium">{monthly(plugin.price)}</span>
                  {plugin.included ? (
                    <Button size="sm" variant="secondary" disabled>
                      <CheckIcon />
                      Subscribed
                    </Button>
                  ) : (
                    <Button size="sm" variant="outline" onClick={() => setOpen(plugin)}>
                      View Details
                    </Button>
                  )}
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <PluginDetailsDialog plugin={open} onClose={() => setOpen(null)} />
    </section>
  );
}
