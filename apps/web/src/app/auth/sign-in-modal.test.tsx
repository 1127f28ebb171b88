import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInModalOpened } from '../../domain/auth/auth-slice';
import { readStoredLogin } from '../../domain/auth/login-vault';
import { forgetAllPasscodes } from '../../domain/auth/passcode-memory';
import { errorResponse, type MockRoute } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

// The first render of a file transforms lazy route chunks, which on two busy cores can take seconds.
vi.setConfig({ testTimeout: 20_000 });

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../lib/toast', () => ({ showSuccess: toasts.success, showError: toasts.error, showWarning: toasts.warning }));

const SENT = { success: true, message: 'We have sent a passcode.', resendAfterSeconds: 30 };
const SIGNED_IN = {
  success: true,
  message: 'Logged in successfully!',
  role: 'user',
  user: { id: 41, name: 'Asha Rao', phone: '9876543210', email: null, photo: null },
  token: 'access-token-41',
};

beforeEach(() => {
  toasts.success.mockReset();
  toasts.error.mockReset();
  forgetAllPasscodes();
});

afterEach(() => {
  vi.useRealTimers();
});

async function openModal(routes: Record<string, MockRoute> = {}) {
  const view = renderApp('/about', {
    '/api/auth/portal/send-otp': SENT,
    '/api/auth/portal/verify-otp': SIGNED_IN,
    ...routes,
  });
  await screen.findByRole('navigation', { name: 'Main' });
  act(() => {
    view.store.dispatch(signInModalOpened());
  });
  const dialog = await screen.findByRole('dialog', { name: 'Find Your Dream Home' });
  return { ...view, dialog };
}

async function bodiesTo(fetchMock: ReturnType<typeof vi.fn>, path: string) {
  const requests = fetchMock.mock.calls.map(([input]) => input as Request).filter((request) => new URL(request.url).pathname === path);
  return Promise.all(requests.map(async (request) => (await request.clone().json()) as unknown));
}

const field = () => screen.getByRole('textbox', { name: 'Enter Phone Number' });
const boxes = () => Array.from({ length: 6 }, (_, i) => screen.getByRole('textbox', { name: `Digit ${i + 1} of 6` }));
const stepTwo = () => screen.queryByRole('heading', { name: 'Confirm Your Phone Number' });

async function toStepTwo(user: ReturnType<typeof userEvent.setup>, value = '9876543210') {
  await user.type(field(), value);
  await user.click(screen.getByRole('button', { name: 'Get OTP' }));
  await screen.findByRole('heading', { name: 'Confirm Your Phone Number' });
}

describe('sign-in modal, step 1 (spec §2, §4, §5)', () => {
  it('shows the copy, a labelled phone field with its placeholder and focus in it', async () => {
    const { dialog } = await openModal();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('Access saved searches and favorites')).toBeTruthy();
    expect(field().getAttribute('placeholder')).toBe('Enter your phone number');
    await waitFor(() => expect(document.activeElement).toBe(field()));
    expect(within(dialog).getByRole('button', { name: 'Get OTP' })).toBeTruthy();
    expect(stepTwo()).toBeNull();
  });

  it("says 'Phone number is required' for an empty or blank input, without a call", async () => {
    const user = userEvent.setup();
    const { api } = await openModal();
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    await user.type(field(), '   ');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    expect(stepTwo()).toBeNull();
    expect(await bodiesTo(api.fetchMock, '/api/auth/portal/send-otp')).toEqual([]);
  });

  it("toasts 'Please enter a valid phone number' for neither a phone nor an e-mail, with step 2 open and no call", async () => {
    const user = userEvent.setup();
    const { api } = await openModal();
    await user.type(field(), 'asha at home');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(toasts.error).toHaveBeenCalledWith('Please enter a valid phone number');
    expect(stepTwo()).not.toBeNull();
    expect(await bodiesTo(api.fetchMock, '/api/auth/portal/send-otp')).toEqual([]);
  });

  it('sends a first passcode as {email} whatever was typed, and opens step 2 with the value and the countdown', async () => {
    const user = userEvent.setup();
    const { api } = await openModal();
    await toStepTwo(user);
    expect(await bodiesTo(api.fetchMock, '/api/auth/portal/send-otp')).toEqual([{ email: '9876543210' }]);
    expect(screen.getByText(/Please enter the four digit verification code we sent to/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /9876543210/ })).toBeTruthy();
    const resend = await screen.findByRole('button', { name: 'Resend OTP ( 30s )' });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Didn't get the Phone Number\?/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(boxes()[0]));
  });

  it('hides step 2 again and toasts the server message when the send fails', async () => {
    const user = userEvent.setup();
    await openModal({ '/api/auth/portal/send-otp': errorResponse(429, 'Too many passcodes asked for. Try again later.') });
    await user.type(field(), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Too many passcodes asked for. Try again later.'));
    expect(stepTwo()).toBeNull();
    expect(field()).toBeTruthy();
  });

  it("falls back to 'Something went wrong!' when the server sends no message", async () => {
    const user = userEvent.setup();
    await openModal({ '/api/auth/portal/send-otp': new Response('Bad gateway', { status: 502 }) });
    await user.type(field(), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Something went wrong!'));
    expect(stepTwo()).toBeNull();
  });
});

describe('sign-in modal, step 2: the boxes (spec §4, §5)', () => {
  it('moves forward on a digit, ignores anything else, and moves back on Backspace in an empty box', async () => {
    const user = userEvent.setup();
    await openModal();
    await toStepTwo(user);
    const [first, second, third] = boxes();
    await waitFor(() => expect(document.activeElement).toBe(first));
    await user.keyboard('4');
    expect((first as HTMLInputElement).value).toBe('4');
    expect(document.activeElement).toBe(second);
    await user.keyboard('x');
    expect((second as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(second);
    await user.keyboard('2');
    expect(document.activeElement).toBe(third);
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(second);
    expect((second as HTMLInputElement).value).toBe('2');
  });

  it('fills every box from a pasted code', async () => {
    const user = userEvent.setup();
    await openModal();
    await toStepTwo(user);
    await waitFor(() => expect(document.activeElement).toBe(boxes()[0]));
    await user.paste('123456');
    expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('spreads a whole code typed or filled into one box (a keyboard or password manager) over the six', async () => {
    const user = userEvent.setup();
    await openModal();
    await toStepTwo(user);
    fireEvent.input(boxes()[0] as HTMLInputElement, { target: { value: '908172' } });
    expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['9', '0', '8', '1', '7', '2']);
    // Typing over a filled box replaces its digit.
    fireEvent.input(boxes()[2] as HTMLInputElement, { target: { value: '85' } });
    expect((boxes()[2] as HTMLInputElement).value).toBe('5');
  });

  it('turns the boxes red and makes no call for fewer than four digits', async () => {
    const user = userEvent.setup();
    const { api } = await openModal();
    await toStepTwo(user);
    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'CONFIRM' }));
    expect(boxes().every((box) => box.getAttribute('aria-invalid') === 'true')).toBe(true);
    expect(await bodiesTo(api.fetchMock, '/api/auth/portal/verify-otp')).toEqual([]);
  });

  it('goes back to step 1 with the value kept and the boxes cleared when the value is clicked', async () => {
    const user = userEvent.setup();
    await openModal();
    await toStepTwo(user);
    await user.keyboard('1234');
    await user.click(screen.getByRole('button', { name: /9876543210/ }));
    await waitFor(() => expect(stepTwo()).toBeNull());
    expect((field() as HTMLInputElement).value).toBe('9876543210');
    await waitFor(() => expect(document.activeElement).toBe(field()));
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    await screen.findByRole('heading', { name: 'Confirm Your Phone Number' });
    expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['', '', '', '', '', '']);
  });
});

describe('sign-in modal: no dead end when going back (issue 17)', () => {
  it('opens step 2 again with the countdown, without a call, when Get OTP is pressed for the same number inside it', async () => {
    const user = userEvent.setup();
    const { api } = await openModal();
    await toStepTwo(user);
    await user.click(screen.getByRole('button', { name: /9876543210/ }));
    await waitFor(() => expect(stepTwo()).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    await screen.findByRole('heading', { name: 'Confirm Your Phone Number' });
    expect(screen.getByRole('status').textContent).toMatch(/The code we sent still works/);
    expect(((await screen.findByRole('button', { name: /^Resend OTP \( \d+s \)$/ })) as HTMLButtonElement).disabled).toBe(true);
    expect(await bodiesTo(api.fetchMock, '/api/auth/portal/send-otp')).toHaveLength(1);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('sends again at once for a corrected number', async () => {
    const user = userEvent.setup();
    const { api } = await openModal();
    await toStepTwo(user, '9876543210');
    await user.click(screen.getByRole('button', { name: /9876543210/ }));
    await waitFor(() => expect(stepTwo()).toBeNull());
    await user.clear(field());
    await user.type(field(), '9876543211');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    await screen.findByRole('heading', { name: 'Confirm Your Phone Number' });
    await waitFor(async () => expect(await bodiesTo(api.fetchMock, '/api/auth/portal/send-otp')).toEqual([{ email: '9876543210' }, { email: '9876543211' }]));
  });

  it("keeps step 2 open with the server's wait when it says the code already sent still works", async () => {
    const user = userEvent.setup();
    const wait = errorResponse(429, 'Please wait 25 seconds before asking for another OTP. The last code we sent still works.');
    wait.headers.set('retry-after', '25');
    await openModal({ '/api/auth/portal/send-otp': wait });
    await toStepTwo(user);
    expect(screen.getByRole('status').textContent).toMatch(/Please wait 25 seconds.*still works/);
    expect(await screen.findByRole('button', { name: /^Resend OTP \( 2[45]s \)$/ })).toBeTruthy();
    expect(toasts.error).not.toHaveBeenCalled();
  });
});

describe('sign-in modal: verify (spec §4, §8)', () => {
  it("reads 'Logging in...' while verifying, then stores the login, toasts the message and closes", async () => {
    let answer: (response: unknown) => void = () => undefined;
    const held = new Promise((resolve) => (answer = resolve));
    const user = userEvent.setup();
    const { api, store } = await openModal({ '/api/auth/portal/verify-otp': () => held });
    await toStepTwo(user);
    await user.paste('654321');
    await user.click(screen.getByRole('button', { name: 'CONFIRM' }));

    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(await bodiesTo(api.fetchMock, '/api/auth/portal/verify-otp')).toEqual([{ email: '9876543210', otp: '654321' }]);
    answer(SIGNED_IN);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts.success).toHaveBeenCalledWith('Logged in successfully!');
    expect(store.getState().auth.user).toMatchObject({ id: 41, role: 'user', token: 'access-token-41', email: '9876543210', name: 'Asha Rao' });
    await expect.poll(async () => (await readStoredLogin('user'))?.token).toBe('access-token-41');
    expect(await screen.findByRole('button', { name: 'Your account' })).toBeTruthy();
  });

  it('toasts the server message and stays open when the code is wrong', async () => {
    const user = userEvent.setup();
    const { store } = await openModal({ '/api/auth/portal/verify-otp': errorResponse(400, 'The passcode is wrong or has expired') });
    await toStepTwo(user);
    await user.paste('000000');
    await user.click(screen.getByRole('button', { name: 'CONFIRM' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('The passcode is wrong or has expired'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(store.getState().auth.user).toBeNull();
  });
});

/** Each second renders and schedules the next, so time moves one second per act. */
async function waitOutCountdown() {
  for (let second = 0; second < 30; second += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
  }
}

describe('sign-in modal: resend (spec §4, §7, §9)', () => {
  it('unlocks after 30 s, resends as {phone} for a phone and restarts the countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { api } = await openModal();
    await toStepTwo(user);
    await screen.findByRole('button', { name: 'Resend OTP ( 30s )' });
    await waitOutCountdown();
    const resend = await screen.findByRole('button', { name: 'Resend OTP' });
    expect((resend as HTMLButtonElement).disabled).toBe(false);
    await user.click(resend);
    expect(await bodiesTo(api.fetchMock, '/api/auth/portal/send-otp')).toEqual([{ email: '9876543210' }, { phone: '9876543210' }]);
    expect(await screen.findByRole('button', { name: 'Resend OTP ( 30s )' })).toBeTruthy();
  });

  it('resends as {email} for an e-mail and toasts a failure', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let calls = 0;
    const { api } = await openModal({
      '/api/auth/portal/send-otp': () => (++calls === 1 ? SENT : errorResponse(429, 'Wait a little before asking again')),
    });
    await toStepTwo(user, 'asha@example.in');
    await waitOutCountdown();
    await user.click(await screen.findByRole('button', { name: 'Resend OTP' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Wait a little before asking again'));
    expect((await bodiesTo(api.fetchMock, '/api/auth/portal/send-otp'))[1]).toEqual({ email: 'asha@example.in' });
  });
});

describe('sign-in modal: closing (spec §2)', () => {
  it('closes on Escape, on the close button and on the overlay', async () => {
    const user = userEvent.setup();
    const { store } = await openModal();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() => {
      store.dispatch(signInModalOpened());
    });
    await user.click(await screen.findByRole('button', { name: 'Close sign-in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() => {
      store.dispatch(signInModalOpened());
    });
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByTestId('sign-in-overlay'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    const { dialog } = await openModal();
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });
});
