import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

/** A dialog opened by a button that sets state (no Radix Trigger), as most of our dialogs are. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button>Before</Button>
      <Button onClick={() => setOpen(true)}>Add</Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Add New Contact</DialogTitle>
          <DialogDescription>Who to add.</DialogDescription>
          <Button onClick={() => setOpen(false)}>Save</Button>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('gives the focus back to the button that opened it, after Escape and after its own button', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const add = screen.getByRole('button', { name: 'Add' });

    await user.click(add);
    expect(await screen.findByRole('dialog', { name: 'Add New Contact' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(add).toHaveFocus());

    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(add).toHaveFocus());
  });
});
