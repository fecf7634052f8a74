import { CheckIcon, SearchIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Input } from '@/components/ui/input';
import { formatCount, initials } from '@/lib/format';
import { cn } from '@/lib/utils';

export interface PickableUser {
  id: number;
  name: string;
  email: string;
}

interface UserPickerProps {
  users: PickableUser[];
  selected: number[];
  onChange: (selected: number[]) => void;
}

/** The reusable multi-select of users with search (spec section 2 "User picker"). */
export function UserPicker({ users, selected, onChange }: UserPickerProps) {
  const [query, setQuery] = useState('');
  const visible = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return users;
    return users.filter((user) => `${user.name} ${user.email}`.toLowerCase().includes(needle));
  }, [users, query]);

  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((item) => item !== id) : [...selected, id]);

  return (
    <div className="grid gap-2">
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          className="pl-8"
          placeholder="Select users..."
          aria-label="Search users"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <ul className="grid max-h-60 gap-1 overflow-y-auto rounded-lg border p-1" aria-label="Users">
        {visible.length === 0 ? (
          <li className="px-3 py-6 text-center text-sm text-muted-foreground">No users</li>
        ) : (
          visible.map((user) => {
            const isSelected = selected.includes(user.id);
            return (
              <li key={user.id}>
                <button
                  type="button"
                  aria-pressed={isSelected}
                  onClick={() => toggle(user.id)}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-md px-2 py-1.5 text-left text-sm transition-colors hover:bg-accent',
                    isSelected && 'bg-primary/10',
                  )}
                >
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary">
                    {initials(user.name || user.email)}
                  </span>
                  <span className="grid min-w-0 flex-1">
                    <span className="truncate font-medium">{user.name}</span>
                    <span className="truncate text-xs text-muted-foreground">{user.email}</span>
                  </span>
                  {isSelected && <CheckIcon className="size-4 text-primary" />}
                </button>
              </li>
            );
          })
        )}
      </ul>
      <p className="text-xs text-muted-foreground">
        {formatCount(selected.length, 'user', 'users')} selected
      </p>
    </div>
  );
}
