import { ConnectionStrengthSchema } from '@relate/contracts';
import { FilterXIcon, SearchIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { ListState } from '@/lib/use-list-state';
import { strengthLabel } from '../company-form';

export const COMPANY_FILTERS = ['name', 'categories', 'connection_strength', 'domains'] as const;
export type CompanyFilterName = (typeof COMPANY_FILTERS)[number];

const ANY_STRENGTH = 'any';

/** The directory's search box and column filters. */
export function CompanyFilters({ list }: { list: ListState<CompanyFilterName> }) {
  const { filterInputs, setFilterInput } = list;
  return (
    <div className="grid gap-3 border-b bg-muted/30 px-4 py-3 sm:px-6">
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          placeholder="Search companies..."
          aria-label="Search companies"
          className="pl-8"
          value={list.searchInput}
          onChange={(event) => list.setSearchInput(event.target.value)}
        />
      </div>
      <div className="grid grid-cols-2 gap-2 md:grid-cols-[1fr_1fr_11rem_1fr_auto]">
        <Input
          placeholder="Filter by name"
          aria-label="Filter by name"
          value={filterInputs.name}
          onChange={(event) => setFilterInput('name', event.target.value)}
        />
        <Input
          placeholder="Filter by categories"
          aria-label="Filter by categories"
          value={filterInputs.categories}
          onChange={(event) => setFilterInput('categories', event.target.value)}
        />
        <Select
          value={filterInputs.connection_strength || ANY_STRENGTH}
          onValueChange={(value) =>
            setFilterInput('connection_strength', value === ANY_STRENGTH ? '' : value)
          }
        >
          <SelectTrigger aria-label="Filter by connection strength">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY_STRENGTH}>Any strength</SelectItem>
            {ConnectionStrengthSchema.options.map((strength) => (
              <SelectItem key={strength} value={strength}>
                {strengthLabel(strength)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Input
          placeholder="Filter by domains"
          aria-label="Filter by domains"
          value={filterInputs.domains}
          onChange={(event) => setFilterInput('domains', event.target.value)}
        />
        <Button
          variant="ghost"
          className="col-span-2 md:col-span-1"
          onClick={list.clearFilters}
          disabled={!list.filtering}
        >
          <FilterXIcon />
          Clear filters
        </Button>
      </div>
    </div>
  );
}
