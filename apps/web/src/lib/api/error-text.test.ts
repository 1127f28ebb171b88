import { describe, expect, it } from 'vitest';
import { serverMessage, TOO_MANY_REQUESTS_MESSAGE } from './error-text';

const body = (statusCode: number, message: string) => ({ success: false, statusCode, error: 'Error', message });

describe('serverMessage', () => {
  it("is the server's message whenever it sent the API's error body, a 429 included", () => {
    expect(serverMessage({ status: 429, data: body(429, 'Too many attempts. Please try again in 3 minutes.') })).toBe('Too many attempts. Please try again in 3 minutes.');
    expect(serverMessage({ status: 400, data: body(400, 'Enter a valid e-mail address') })).toBe('Enter a valid e-mail address');
  });

  it("shows a refused body's field message, never 'Invalid body' or the field's key (issue 17)", () => {
    const refused = {
      status: 400,
      data: {
        ...body(400, 'Invalid body: email: Enter a valid phone number or e-mail address'),
        field: 'email',
        issues: [{ field: 'email', message: 'Enter a valid phone number or e-mail address' }],
      },
    };
    expect(serverMessage(refused)).toBe('Enter a valid phone number or e-mail address');
  });

  it('asks the visitor to wait for a 429 that came without the body (a proxy answered), JSON or not', () => {
    expect(serverMessage({ status: 429, data: { message: 'slow down' } })).toBe(TOO_MANY_REQUESTS_MESSAGE);
    expect(serverMessage({ status: 'PARSING_ERROR', originalStatus: 429, data: '<html>429 Too Many Requests</html>', error: 'SyntaxError' })).toBe(
      TOO_MANY_REQUESTS_MESSAGE,
    );
  });

  it("leaves any other failure without a message to the screen's own fallback", () => {
    expect(serverMessage({ status: 'PARSING_ERROR', originalStatus: 502, data: 'Bad gateway', error: 'SyntaxError' })).toBeNull();
    expect(serverMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBeNull();
    expect(serverMessage(undefined)).toBeNull();
  });
});
