import { SearchIcon } from 'lucide-react';
import { Suspense, startTransition, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyWithPreload, preloadOn, useOpenedOnce } from '@/lib/lazy-with-preload';

// The palette, cmdk and the search query load when it first opens (or the pointer reaches the button):
// the first load of every page carries only this button and the key listener (decision 27).
const CommandPalette = lazyWithPreload(async () => (await import('./command-palette')).CommandPalette);

const isMac = () => /Mac|iPhone|iPad/.test(navigator.userAgent);

/** Cmd+K (Mac) or Ctrl+K anywhere, and the top bar's search button, open the command palette. */
export function SearchLauncher() {
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  const show = () => startTransition(() => setOpen(true));

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey) return;
      if (!(event.metaKey || event.ctrlKey)) return;
      event.preventDefault();
      startTransition(() => setOpen((now) => !now));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <Button
        variant="outline"
        onClick={show}
        {...preloadOn(CommandPalette.preload)}
        aria-keyshortcuts="Meta+K Control+K"
        aria-label="Search and commands"
        className="size-9 justify-start gap-2 p-0 text-muted-foreground max-md:justify-center md:w-44 md:px-3 lg:w-56"
      >
        <SearchIcon />
        <span className="hidden flex-1 text-left font-normal md:inline">Search…</span>
        <kbd className="hidden rounded border bg-muted px-1.5 font-sans text-[11px] font-medium md:inline">
          {isMac() ? '⌘K' : 'Ctrl K'}
        </kbd>
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <CommandPalette open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
