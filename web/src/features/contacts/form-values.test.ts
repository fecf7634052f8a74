import { describe, expect, it } from 'vitest';
import { changedFields, toFormValues, toPayload } from './form-values';

const contact = {
  id: 7,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  birthday: '1815-12-10',
  last_contact_date: '2026-11-20T09:30:00.000Z',
  custom_fields: { Team: 'Analytics', Region: null },
};

describe('contact form values', () => {
  it('turns a contact into strings, with custom fields under custom_<name>', () => {
    const values = toFormValues(contact, ['Team', 'Region']);
    expect(values.first_name).toBe('Ada');
    expect(values.phone).toBe('');
    expect(values.birthday).toBe('1815-12-10');
    expect(values.last_contact_date).toMatch(/^2026-11-2\dT\d\d:30$/);
    expect(values.custom_Team).toBe('Analytics');
    expect(values.custom_Region).toBe('');
  });

  it('sends only the changed fields, empty values as null', () => {
    const original = toFormValues(contact, ['Team', 'Region']);
    const edited = { ...original, email: '', phone: ' +44 20 ' };
    expect(changedFields(original, edited)).toEqual({ email: null, phone: '+44 20' });
  });

  it('sends the whole custom_fields map when one custom field changes', () => {
    const original = toFormValues(contact, ['Team', 'Region']);
    const edited = { ...original, custom_Region: 'EMEA' };
    expect(changedFields(original, edited)).toEqual({ custom_fields: { Team: 'Analytics', Region: 'EMEA' } });
  });

  it('builds a full payload with custom fields moved into custom_fields', () => {
    const payload = toPayload({ first_name: 'Grace', custom_Team: 'Navy' });
    expect(payload).toMatchObject({ first_name: 'Grace', last_name: null, custom_fields: { Team: 'Navy' } });
    expect(payload).not.toHaveProperty('custom_Team');
  });

  it('sends a company picked in the organization field, and only the text when one was typed', () => {
    const original = toFormValues({ ...contact, organization: 'Acme', company_id: 4 }, []);
    expect(original.company_id).toBe('4');
    expect(changedFields(original, { ...original, job_title: 'CTO' })).toEqual({ job_title: 'CTO' });
    expect(changedFields(original, { ...original, organization: 'Globex', company_id: '9' })).toEqual({
      organization: 'Globex',
      company_id: 9,
    });
    expect(changedFields(original, { ...original, organization: 'Initech', company_id: '' })).toEqual({
      organization: 'Initech',
    });
    expect(
      changedFields(original, {
        ...original,
        organization: 'Initech',
        company_id: '',
        create_company: 'true',
      }),
    ).toEqual({ organization: 'Initech', create_company: true });
    expect(toPayload({ organization: 'Acme', company_id: '4' })).toMatchObject({ company_id: 4 });
    expect(toPayload({ organization: 'Acme', company_id: '' })).not.toHaveProperty('company_id');
  });
});
