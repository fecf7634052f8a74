import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, startTransition, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithPreload, useOpenedOnce } from './lazy-with-preload';

function Panel({ open }: { open: boolean }) {
  return open ? <p>Panel open</p> : <p>Panel closed</p>;
}

describe('lazyWithPreload', () => {
  it('downloads once, whether preloaded first or rendered first', async () => {
    const load = vi.fn(async () => Panel);
    const LazyPanel = lazyWithPreload(load);
    const first = LazyPanel.preload();
    expect(LazyPanel.preload()).toBe(first);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyPanel open />
      </Suspense>,
    );
    expect(await screen.findByText('Panel open')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('useOpenedOnce', () => {
  it('mounts a lazy dialog on its first opening only, keeps it mounted after, and never shows the fallback', async () => {
    let arrive: (component: typeof Panel) => void = () => {};
    const load = vi.fn(() => new Promise<typeof Panel>((resolve) => (arrive = resolve)));
    const LazyPanel = lazyWithPreload(load);
    function Page() {
      const [open, setOpen] = useState(false);
      const mounted = useOpenedOnce(open);
      return (
        <>
          <button type="button" onClick={() => startTransition(() => setOpen(true))}>
            Open
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
          <Suspense fallback={<p>Loading</p>}>{mounted && <LazyPanel open={open} />}</Suspense>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Page />);
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    // While the code is on its way, the page stays as it was: no fallback, no half-open dialog.
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument();
    await act(async () => arrive(Panel));
    expect(await screen.findByText('Panel open')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByText('Panel closed')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
