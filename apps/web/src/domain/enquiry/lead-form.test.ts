import { describe, expect, it } from 'vitest';
import { checkLead, serverFieldErrors } from './lead-form';

const good = { name: 'Asha Rao', phone: '+91 98450 12345', email: 'asha@example.in', message: 'Call me after 6 pm' };

describe('checkLead (client validation mirroring the server)', () => {
  it('accepts a complete enquiry and sends what was typed, with the project when there is one', async () => {
    expect(await checkLead(good, 12)).toEqual({ ok: true, body: { ...good, projectId: 12 } });
  });

  it('leaves out an empty message', async () => {
    expect(await checkLead({ ...good, message: '  ' })).toEqual({
      ok: true,
      body: { name: good.name, phone: good.phone, email: good.email },
    });
  });

  it('explains each bad field in the server’s words', async () => {
    const checked = await checkLead({ name: 'A', phone: '12345', email: 'asha@', message: '' });
    expect(checked).toEqual({
      ok: false,
      errors: {
        name: 'Name must be at least 2 characters',
        phone: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9',
        email: 'Enter a valid e-mail address',
      },
    });
  });

  it('refuses a landline and an over-long message', async () => {
    const checked = await checkLead({ ...good, phone: '022 2222 3333', message: 'x'.repeat(1001) });
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.errors.phone).toMatch(/mobile/);
      expect(checked.errors.message).toBe('Message must be at most 1000 characters');
    }
  });
});

describe('serverFieldErrors', () => {
  it('reads the fields a 400 names', () => {
    const error = {
      status: 400,
      data: {
        success: false,
        statusCode: 400,
        error: 'Bad Request',
        message: 'phone: invalid',
        issues: [{ field: 'phone', message: 'Enter a valid phone' }],
      },
    };
    expect(serverFieldErrors(error)).toEqual({ phone: 'Enter a valid phone' });
    expect(serverFieldErrors({ status: 'FETCH_ERROR', error: 'offline' })).toEqual({});
  });
});
