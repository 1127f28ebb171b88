import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { seedStoredLogin } from '../../test/auth';
import { FakeChatSocket } from '../../test/chat-test-kit';

// The page uses the app's own session; only the network end is replaced.
const socket = vi.hoisted(() => ({ current: null as FakeChatSocket | null }));
vi.mock('../../lib/chat-socket', () => ({
  connectChatSocket: () => socket.current,
}));

describe('/chat (spec §2: broker only)', () => {
  it('sends a visitor who is not a signed-in broker to /login', async () => {
    const { router } = renderApp('/chat');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows a broker the help chat full-page, with the navbar, without the footer or the floating button', async () => {
    socket.current = new FakeChatSocket();
    await seedStoredLogin('broker');
    renderApp('/chat');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Welcome! Looking for your dream home?' });
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Help Chat' })).toBeNull();

    const page = heading.closest('section') as HTMLElement;
    // issue 17: while the socket connects nothing has failed, so the spec's disconnected line waits for a real loss.
    expect(within(page).getByText('Connecting...')).toBeTruthy();
    expect(within(page).queryByText('⚠️ Disconnected from server')).toBeNull();
    act(() => socket.current?.serverAccepts());
    expect(socket.current.sentMessages()).toEqual(['hi']);
    expect(within(page).queryByText('Connecting...')).toBeNull();
    act(() => socket.current?.serverDrops());
    expect(within(page).getByText('⚠️ Disconnected from server')).toBeTruthy();
    expect(within(page).getByRole('textbox', { name: 'Message' }).getAttribute('placeholder')).toBe(
      'Type your message...',
    );
  });
});
