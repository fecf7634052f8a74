import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { api, server } from '@/test/msw';
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

  it('suggests companies for a typed organization and sends the one picked, or asks to add one', async () => {
    server.use(
      http.get(api('/companies/suggestions'), ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        return HttpResponse.json(
          q.toLowerCase().startsWith('acm')
            ? { companies: [{ id: 4, record: 'Acme Robotics Ltd' }], match_id: null }
            : { companies: [], match_id: null },
        );
      }),
    );
    const onSubmit = vi.fn(async (_payload: Record<string, unknown>) => true);
    const { user } = renderWithProviders(<Host onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('First Name'), 'Grace');
    await user.click(screen.getByRole('tab', { name: 'Professional Info' }));
    const organization = screen.getByRole('combobox', { name: 'Organization' });
    await user.type(organization, 'acm');
    await user.click(await screen.findByRole('option', { name: 'Acme Robotics Ltd' }, { timeout: 5000 }));
    expect(organization).toHaveValue('Acme Robotics Ltd');
    expect(screen.getByText('Linked to the company Acme Robotics Ltd.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({ organization: 'Acme Robotics Ltd', company_id: 4 }),
    );

    await user.clear(organization);
    await user.type(organization, 'Initech');
    const add = await screen.findByRole('option', { name: 'Add company "Initech"' }, { timeout: 5000 });
    await user.keyboard('{ArrowDown}');
    expect(organization).toHaveAttribute('aria-activedescendant', add.id);
    await user.keyboard('{Enter}');
    expect(screen.getByText('The company Initech will be added.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    const payload = onSubmit.mock.lastCall?.[0];
    expect(payload).toMatchObject({ organization: 'Initech', create_company: true });
    expect(payload).not.toHaveProperty('company_id');
  });
});
