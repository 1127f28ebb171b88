import { describe, expect, it } from 'vitest';
import { CHECK_DETAILS_MESSAGE, readableErrorMessage } from './error-message';

describe('readableErrorMessage (issue 17: people see the field’s message, never "Invalid body" or a field key)', () => {
  it("is the field's own message for a body that failed its schema", () => {
    expect(
      readableErrorMessage({
        message: 'Invalid body: email: Enter a valid phone number or e-mail address',
        field: 'email',
        issues: [{ field: 'email', message: 'Enter a valid phone number or e-mail address' }],
      }),
    ).toBe('Enter a valid phone number or e-mail address');
  });

  it('skips library wording for the next issue written for people, and falls back to a plain request to check', () => {
    expect(
      readableErrorMessage({
        message: 'Invalid body: name: Too small: expected string to have >=1 characters; phone: Enter a valid mobile number',
        issues: [
          { field: 'name', message: 'Too small: expected string to have >=1 characters' },
          { field: 'phone', message: 'Enter a valid mobile number' },
        ],
      }),
    ).toBe('Enter a valid mobile number');
    expect(readableErrorMessage({ message: 'Invalid body: role: is not a field this request accepts', issues: [{ field: 'role', message: 'is not a field this request accepts' }] })).toBe(
      CHECK_DETAILS_MESSAGE,
    );
    expect(readableErrorMessage({ message: 'Invalid querystring: limit: Invalid input: expected number, received NaN', issues: [{ field: 'limit', message: 'Invalid input: expected number, received NaN' }] })).toBe(
      CHECK_DETAILS_MESSAGE,
    );
  });

  it('reads the summary itself when the issues are missing', () => {
    expect(readableErrorMessage({ message: 'Invalid body: email: Enter a valid phone number or e-mail address' })).toBe('Enter a valid phone number or e-mail address');
    expect(readableErrorMessage({ message: 'Invalid params: id: Invalid input: expected number' })).toBe(CHECK_DETAILS_MESSAGE);
  });

  it("keeps every other message as the server wrote it (domain refusals are written for people)", () => {
    expect(readableErrorMessage({ message: 'Please wait 12 seconds before asking for another OTP' })).toBe('Please wait 12 seconds before asking for another OTP');
    expect(readableErrorMessage({ message: 'Invalid or expired OTP. Please check the code or ask for a new one.', field: 'otp' })).toBe(
      'Invalid or expired OTP. Please check the code or ask for a new one.',
    );
    expect(readableErrorMessage({ message: '   ' })).toBe(CHECK_DETAILS_MESSAGE);
  });
});
