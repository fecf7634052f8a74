import { screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ContactFormDialog } from './components/contact-form-dialog';

function Host({ onSubmit }: { onSubmit: (payload: Record<string, unknown>) => Promise<boolean> }) {
  // The page renders again and again (queries settling), each time with a new custom field array.
  const [, setRenders] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setRenders((count) => count + 1), 30);
    return () => clearInterval(timer);
  }, []);
  return (
    <ContactFormDialog open person={null} customFieldNames={[]} onOpenChange={() => {}} onSubmit={onSubmit} />
  );
}

describe('Add New Contact', { timeout: 30_000 }, () => {
  it('refuses an empty contact and says what it needs, without calling the server', async () => {
    const onSubmit = vi.fn(async () => true);
    const { user } = renderWithProviders(<Host onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter a name, an email, a phone number or an organization',
    );
    expect(screen.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps what was typed when the page renders again, and sends it', async () => {
    const onSubmit = vi.fn(async () => true);
    const { user } = renderWithProviders(<Host onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('First Name'), 'Grace');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await user.type(screen.getByLabelText('Last Name'), 'Hopper');
    expect(screen.getByLabelText('First Name')).toHaveValue('Grace');
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ first_name: 'Grace', last_name: 'Hopper', email: null }),
    );
  });

  it("shows the contract's rule under the field, on its tab", async () => {
    const onSubmit = vi.fn(async () => true);
    const { user } = renderWithProviders(<Host onSubmit={onSubmit} />);
    await user.click(screen.getByLabelText('First Name'));
    await user.paste('x'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('First name must be at most 200 characters');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses an e-mail that is no address, with the rule the API and importer use', async () => {
    const onSubmit = vi.fn(async () => true);
    const { user } = renderWithProviders(<Host onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('First Name'), 'Grace');
    await user.type(screen.getByLabelText('Email'), 'bad@@example');
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email must be an e-mail address such as name@example.com',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
