import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_IDLE_EXPIRY_MS } from '@nivaas/contracts/chat.schema';
import { CHAT_HISTORY_KEY } from '../../../lib/client-identity';
import { takeVisible, parseMarkup } from './bot-markup';
import { CHAT_CONTACTED_KEY, CHAT_LAST_ACTIVE_KEY, loadHistory } from './chat-history';
import type { ChatSession } from './chat-session';
import { chatCard, createTestSession, TEST_CLIENT_ID, type FakeChatSocket } from '../../../test/chat-test-kit';

/** The text of the message at `index` as the visitor sees it right now. */
function shownText(session: ChatSession, index: number): string {
  const view = session.getView();
  const message = view.messages[index];
  if (!message) return '';
  const runs = parseMarkup(message.message);
  const visible = view.reveal?.index === index ? takeVisible(runs, view.reveal.count) : runs;
  return visible.map((run) => run.text).join('');
}

/** How many cards of the group at `index` the visitor sees right now. */
function shownCards(session: ChatSession, index: number): number {
  const view = session.getView();
  const total = view.messages[index]?.property?.length ?? 0;
  return view.reveal?.index === index ? view.reveal.count : total;
}

let session: ChatSession;
let socket: FakeChatSocket;

function connected() {
  ({ session, socket } = createTestSession());
  session.open();
  socket.serverAccepts();
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  session?.dispose();
  vi.useRealTimers();
});

describe('connecting and the greeting (spec §4)', () => {
  it('sends the handshake clientId and, on the first connect with an empty history, says hi once', () => {
    const test = createTestSession();
    ({ session, socket } = test);
    session.open();
    expect(test.auths).toEqual([{ clientId: TEST_CLIENT_ID }]);
    expect(session.getView().connected).toBe(false);
    socket.serverAccepts();
    expect(session.getView().connected).toBe(true);
    expect(socket.emitted).toEqual([
      ['send_message', { message: 'hi', time: expect.any(String), clientId: TEST_CLIENT_ID }],
    ]);
    // The greeting is for the server: it is not a bubble the visitor typed.
    expect(session.getView().messages).toEqual([]);

    socket.serverDrops();
    expect(session.getView().connected).toBe(false);
    socket.serverAccepts();
    expect(socket.sentMessages()).toEqual(['hi']);
  });

  it("says 'connecting' until the first connect, and 'disconnected' only after a real failure or loss (issue 17)", () => {
    ({ session, socket } = createTestSession());
    expect(session.getView().connection).toBe('connecting');
    session.open();
    expect(session.getView()).toMatchObject({ connected: false, connection: 'connecting' });
    socket.serverAccepts();
    expect(session.getView()).toMatchObject({ connected: true, connection: 'connected' });

    // A new sign-in re-handshakes on purpose: that is not a loss.
    session.setToken('jwt-2');
    expect(session.getView()).toMatchObject({ connected: false, connection: 'connecting' });
    socket.serverAccepts();
    expect(session.getView().connection).toBe('connected');

    socket.serverDrops();
    expect(session.getView()).toMatchObject({ connected: false, connection: 'disconnected' });
    socket.serverAccepts();
    expect(session.getView().connection).toBe('connected');
  });

  it('reports a first connection that fails as disconnected', () => {
    ({ session, socket } = createTestSession());
    session.open();
    socket.serverRefuses('websocket error');
    expect(session.getView()).toMatchObject({ connected: false, connection: 'disconnected' });
  });

  it('shows what the assistant already said before the visitor’s next bubble, so the answer comes right under it', () => {
    connected();
    // The greeting's answer is still being typed out when the visitor asks (issue 17: its city picker came
    // between the question and the cards).
    socket.serverSends('reply', 'Hi! Which city are you looking in?');
    socket.serverSends('action_buttons', { data: { text: 'Choose an option:', options: [{ label: 'Bengaluru', value: 'Bengaluru' }] } });
    vi.advanceTimersByTime(900);
    session.send('2 bhk in whitefield');
    expect(session.getView().messages.map((m) => [m.sender, m.message])).toEqual([
      ['bot', 'Hi! Which city are you looking in?'],
      ['bot', 'Choose an option:'],
      ['user', '2 bhk in whitefield'],
    ]);
    expect(session.getView()).toMatchObject({ reveal: null, botTyping: false });

    socket.serverSends('reply', 'I found 2 matches.');
    socket.serverSends('property_card', { data: [chatCard(), chatCard()] });
    vi.advanceTimersByTime(10_000);
    const messages = session.getView().messages;
    expect(messages.slice(2).map((m) => [m.sender, m.message, m.property?.length ?? 0])).toEqual([
      ['user', '2 bhk in whitefield', 0],
      ['bot', 'I found 2 matches.', 0],
      ['bot', '', 2],
    ]);
  });

  it('does not greet when a history is already stored', () => {
    localStorage.setItem(CHAT_HISTORY_KEY, JSON.stringify([{ sender: 'bot', message: 'Welcome back' }]));
    connected();
    expect(socket.sentMessages()).toEqual([]);
    expect(session.getView().messages).toEqual([{ sender: 'bot', message: 'Welcome back' }]);
  });

  it('passes the signed-in token in the handshake', () => {
    const test = createTestSession();
    ({ session, socket } = test);
    session.setToken('jwt-1');
    session.open();
    expect(test.auths).toEqual([{ clientId: TEST_CLIENT_ID, token: 'jwt-1' }]);
  });
});

describe('reconnecting', () => {
  it('after the socket gave up, coming back to the chat or the browser going online tries again', () => {
    connected();
    socket.serverDrops();
    // socket.io's own 5 attempts ran out; nothing more happens by itself.
    session.ensureConnected();
    expect(socket.connectCalls).toBe(1);
    window.dispatchEvent(new Event('online'));
    expect(socket.connectCalls).toBe(2);
    socket.serverAccepts();
    expect(session.getView().connected).toBe(true);
    window.dispatchEvent(new Event('online'));
    session.ensureConnected();
    expect(socket.connectCalls).toBe(2);
    // A greeting is for an empty history on the first connect only.
    expect(socket.sentMessages()).toEqual(['hi']);
  });
});

describe('sending (spec §5 Chat send)', () => {
  it('sends the trimmed text with time and clientId and shows it as the user bubble', () => {
    connected();
    expect(session.send('  3 bhk in whitefield  ')).toBe(true);
    expect(socket.emitted.at(-1)).toEqual([
      'send_message',
      { message: '3 bhk in whitefield', time: expect.any(String), clientId: TEST_CLIENT_ID },
    ]);
    expect(session.getView().messages.at(-1)).toEqual({ sender: 'user', message: '3 bhk in whitefield' });
  });

  it('ignores blank text', () => {
    connected();
    expect(session.send('   ')).toBe(false);
    expect(socket.sentMessages()).toEqual(['hi']);
    expect(session.getView().messages).toEqual([]);
  });

  it('ignores a send while disconnected', () => {
    connected();
    socket.serverDrops();
    expect(session.send('hello')).toBe(false);
    expect(socket.sentMessages()).toEqual(['hi']);
    expect(session.getView().messages).toEqual([]);
  });

  it('keeps the conversation in local storage for the next page', () => {
    connected();
    session.send('villa in pune');
    session.dispose();
    ({ session, socket } = createTestSession());
    expect(session.getView().messages).toEqual([{ sender: 'user', message: 'villa in pune' }]);
  });
});

describe('typing out replies (spec §4, §9)', () => {
  it('a plain reply: three dots for 800 ms, then one character per 30 ms', () => {
    connected();
    socket.serverSends('reply', 'Hello there');
    expect(session.getView().botTyping).toBe(true);
    vi.advanceTimersByTime(799);
    expect(session.getView().messages).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(session.getView().botTyping).toBe(false);
    expect(shownText(session, 0)).toBe('H');
    vi.advanceTimersByTime(30);
    expect(shownText(session, 0)).toBe('He');
    vi.advanceTimersByTime(29);
    expect(shownText(session, 0)).toBe('He');
    vi.advanceTimersByTime(30 * 9 - 29);
    expect(shownText(session, 0)).toBe('Hello there');
    expect(session.getView().reveal).toBeNull();
    expect(session.getView().announcement?.text).toBe('Hello there');
  });

  it('a reply over 150 characters: 800 ms, then 10 ms per character', () => {
    connected();
    const long = 'a'.repeat(151);
    socket.serverSends('reply', long);
    vi.advanceTimersByTime(800);
    expect(shownText(session, 0)).toBe('a');
    vi.advanceTimersByTime(10);
    expect(shownText(session, 0)).toBe('aa');
    vi.advanceTimersByTime(10 * 149);
    expect(shownText(session, 0)).toBe(long);
  });

  it('a reply of exactly 150 characters still types at 30 ms', () => {
    connected();
    socket.serverSends('reply', 'b'.repeat(150));
    vi.advanceTimersByTime(800 + 30);
    expect(shownText(session, 0)).toBe('bb');
  });

  it('a reply with bold markup: 1.5 s, then 30 ms per visible character, markup never typed out', () => {
    connected();
    socket.serverSends('reply', `Found **3 homes** ${'x'.repeat(200)}`);
    vi.advanceTimersByTime(1_499);
    expect(session.getView().botTyping).toBe(true);
    expect(session.getView().messages).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(shownText(session, 0)).toBe('F');
    vi.advanceTimersByTime(30 * 6);
    expect(shownText(session, 0)).toBe('Found 3');
    const view = session.getView();
    expect(takeVisible(parseMarkup(view.messages[0]!.message), view.reveal!.count)).toEqual([
      { text: 'Found ', bold: false },
      { text: '3', bold: true },
    ]);
  });

  it('with reduced motion the whole text appears after the same wait', () => {
    const test = createTestSession({ reducedMotion: true });
    ({ session, socket } = test);
    session.open();
    socket.serverAccepts();
    socket.serverSends('reply', 'Hello there');
    vi.advanceTimersByTime(799);
    expect(session.getView().messages).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(shownText(session, 0)).toBe('Hello there');
    expect(session.getView().reveal).toBeNull();
  });

  it('keeps arrival order: a second reply waits for the first to finish typing', () => {
    connected();
    socket.serverSends('reply', 'One');
    socket.serverSends('reply', 'Two');
    vi.advanceTimersByTime(800 + 30 * 3);
    expect(session.getView().messages.map((m) => m.message)).toEqual(['One']);
    expect(session.getView().botTyping).toBe(true);
    vi.advanceTimersByTime(800);
    expect(session.getView().messages.map((m) => m.message)).toEqual(['One', 'Two']);
  });
});

describe('leaving the page mid-reply', () => {
  it('keeps what the server already said, whole and in order, in the stored history', () => {
    connected();
    socket.serverSends('reply', 'Here you go');
    socket.serverSends('reply', [chatCard({ projectId: 1 }), chatCard({ projectId: 2 })]);
    socket.serverSends('property_card', { data: chatCard({ projectId: 3 }) });
    socket.serverSends('action_buttons', { data: { text: 'Choose an option:', options: [] } });
    vi.advanceTimersByTime(800 + 30 * 2);
    expect(session.getView().reveal).toEqual({ index: 0, count: 3 });
    window.dispatchEvent(new Event('pagehide'));
    const stored = loadHistory();
    expect(stored.map((m) => m.message)).toEqual(['Here you go', '', 'Choose an option:']);
    expect(stored[1]?.property?.map((card) => card.projectId)).toEqual([1, 2, 3]);
    expect(session.getView()).toMatchObject({ reveal: null, botTyping: false });
    vi.advanceTimersByTime(10_000);
    expect(loadHistory()).toEqual(stored);
  });

  it('keeps a reply still behind its typing dots', () => {
    connected();
    socket.serverSends('reply', 'Almost');
    vi.advanceTimersByTime(100);
    window.dispatchEvent(new Event('pagehide'));
    expect(loadHistory()).toEqual([{ sender: 'bot', message: 'Almost' }]);
  });
});

describe('property cards (spec §4)', () => {
  it('a reply with a list shows its cards one per 500 ms, then the action buttons', () => {
    connected();
    socket.serverSends('reply', [chatCard(), chatCard(), chatCard()]);
    socket.serverSends('action_buttons', {
      data: { text: 'Choose an option:', options: [{ label: 'Switch Area', value: 'trigger_switch_area' }] },
    });
    expect(session.getView().messages).toHaveLength(1);
    expect(session.getView().messages[0]).toMatchObject({ sender: 'bot', isPropertyCard: true });
    expect(shownCards(session, 0)).toBe(1);
    vi.advanceTimersByTime(499);
    expect(shownCards(session, 0)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(shownCards(session, 0)).toBe(2);
    vi.advanceTimersByTime(500);
    expect(shownCards(session, 0)).toBe(3);
    expect(session.getView().messages).toHaveLength(1);
    vi.advanceTimersByTime(500);
    expect(session.getView().messages[1]).toEqual({
      sender: 'bot',
      message: 'Choose an option:',
      isActionButtons: true,
      actionButtons: [{ label: 'Switch Area', value: 'trigger_switch_area' }],
    });
  });

  it('property_card data joins the last card group when the last message is one', () => {
    connected();
    const first = chatCard();
    const second = chatCard();
    const third = chatCard();
    socket.serverSends('property_card', { data: first });
    socket.serverSends('property_card', { data: [second, third] });
    vi.advanceTimersByTime(500);
    expect(session.getView().messages).toHaveLength(1);
    expect(shownCards(session, 0)).toBe(2);
    vi.advanceTimersByTime(500);
    expect(shownCards(session, 0)).toBe(3);
    expect(session.getView().messages[0]?.property).toEqual([first, second, third]);
    expect(loadHistory()[0]?.property).toEqual([first, second, third]);
  });

  it('property_card data after a text starts a new card group', () => {
    connected();
    socket.serverSends('property_card', { data: chatCard() });
    vi.advanceTimersByTime(500);
    socket.serverSends('reply', 'More?');
    vi.advanceTimersByTime(800 + 30 * 5);
    socket.serverSends('property_card', { data: chatCard() });
    const kinds = session.getView().messages.map((m) => (m.isPropertyCard ? `cards:${m.property?.length}` : m.message));
    expect(kinds).toEqual(['cards:1', 'More?', 'cards:1']);
  });

  it('drops an event off the contract and carries on', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    connected();
    socket.serverSends('property_card', { data: { projectName: 'No id' } });
    socket.serverSends('reply', 42);
    socket.serverSends('reply', 'Still here');
    vi.advanceTimersByTime(800 + 30 * 10);
    expect(session.getView().messages.map((m) => m.message)).toEqual(['Still here']);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('shows a refusal notice until the next send', () => {
    connected();
    socket.serverSends('notice', { code: 'rate_limited', message: 'Slow down a little.', retryAfterMs: 2000 });
    expect(session.getView().notice).toBe('Slow down a little.');
    session.send('ok');
    expect(session.getView().notice).toBeNull();
  });

  it("says why the server refused the connection, and nothing more for a transport failure", () => {
    socket.serverRefuses('websocket error');
    expect(session.getView()).toMatchObject({ connected: false, notice: null });
    const message = 'Too many chats are open from your network. Please close one and try again.';
    socket.serverRefuses(message, { code: 'too_many_connections', message });
    expect(session.getView()).toMatchObject({ connected: false, notice: message });
  });
});

describe('action buttons (spec §7)', () => {
  it.each([
    ['trigger_switch_area', "Let's switch the area."],
    ['trigger_switch_property_type', "Let's switch the property type."],
    ['trigger_switch_city', "Let's switch the city."],
    ['trigger_next_properties', "Let's explore more properties..."],
  ])('%s shows %s and sends the value', (value, text) => {
    connected();
    expect(session.chooseAction({ label: 'x', value })).toBe(true);
    expect(socket.sentMessages().at(-1)).toBe(value);
    expect(session.getView().messages.at(-1)).toEqual({ sender: 'user', message: text, isSwitchCard: true });
  });

  it('another value (a city offered as a choice) shows its label', () => {
    connected();
    session.chooseAction({ label: 'Pune', value: 'city:pune' });
    expect(socket.sentMessages().at(-1)).toBe('city:pune');
    expect(session.getView().messages.at(-1)?.message).toBe('Pune');
  });

  it('a click while disconnected does nothing', () => {
    connected();
    socket.serverDrops();
    expect(session.chooseAction({ label: 'Switch Area', value: 'trigger_switch_area' })).toBe(false);
    expect(session.getView().messages).toEqual([]);
  });
});

describe('Contact on a card (spec §4, §7)', () => {
  it("sends 'Interested, {project name}, {type}' and becomes Contacted, stored per project", () => {
    connected();
    const card = chatCard({ projectId: 77, projectName: 'Sobha Dream Acres' });
    expect(session.contact(card)).toBe(true);
    expect(socket.sentMessages().at(-1)).toBe('Interested, Sobha Dream Acres, apartment');
    expect(session.getView().contacted).toEqual(['id:77']);
    expect(JSON.parse(localStorage.getItem(CHAT_CONTACTED_KEY) ?? '[]')).toEqual(['id:77']);

    // Once contacted, the button is done, even on the same project's card in a later answer.
    expect(session.contact(chatCard({ projectId: 77 }))).toBe(false);
    expect(socket.sentMessages().filter((m) => m.startsWith('Interested'))).toHaveLength(1);

    session.dispose();
    ({ session, socket } = createTestSession());
    expect(session.getView().contacted).toEqual(['id:77']);
  });

  it('does nothing while disconnected', () => {
    connected();
    socket.serverDrops();
    expect(session.contact(chatCard())).toBe(false);
    expect(session.getView().contacted).toEqual([]);
  });
});

describe('30-minute idle expiry (spec §4, §9)', () => {
  function expired(s: ChatSession, sock: FakeChatSocket) {
    return sock.emitted.some(([event]) => event === 'clear_session') && !s.getView().open;
  }

  it('clears the session on the server and everything the widget kept, and closes the panel', () => {
    connected();
    session.send('2 bhk in pune');
    session.contact(chatCard({ projectId: 5 }));
    vi.advanceTimersByTime(CHAT_IDLE_EXPIRY_MS - 1);
    expect(expired(session, socket)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(socket.emitted.at(-1)).toEqual(['clear_session', { clientId: TEST_CLIENT_ID }]);
    const view = session.getView();
    expect(view).toMatchObject({ open: false, connected: false, messages: [], contacted: [] });
    expect(localStorage.getItem(CHAT_HISTORY_KEY)).toBeNull();
    expect(localStorage.getItem(CHAT_CONTACTED_KEY)).toBeNull();
  });

  it.each([
    ['opening', (s: ChatSession) => s.open()],
    ['sending', (s: ChatSession) => s.send('hello')],
    ['an action button', (s: ChatSession) => s.chooseAction({ label: 'Switch City', value: 'trigger_switch_city' })],
  ])('%s starts the 30 minutes again', (_name, act) => {
    connected();
    vi.advanceTimersByTime(CHAT_IDLE_EXPIRY_MS - 1_000);
    act(session);
    vi.advanceTimersByTime(CHAT_IDLE_EXPIRY_MS - 1);
    expect(expired(session, socket)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(expired(session, socket)).toBe(true);
  });

  it('opening again after expiry reconnects and greets anew', () => {
    connected();
    vi.advanceTimersByTime(CHAT_IDLE_EXPIRY_MS);
    // The browser coming back online does not revive an expired session.
    window.dispatchEvent(new Event('online'));
    expect(socket.connectCalls).toBe(0);
    session.open();
    expect(socket.connectCalls).toBe(1);
    socket.serverAccepts();
    expect(socket.sentMessages()).toEqual(['hi', 'hi']);
  });

  it('a stored conversation idle for 30 minutes is dropped on the next page, and the server told', () => {
    localStorage.setItem(CHAT_HISTORY_KEY, JSON.stringify([{ sender: 'bot', message: 'Old' }]));
    localStorage.setItem(CHAT_CONTACTED_KEY, JSON.stringify(['id:1']));
    localStorage.setItem(CHAT_LAST_ACTIVE_KEY, String(Date.now() - CHAT_IDLE_EXPIRY_MS));
    connected();
    expect(session.getView().messages).toEqual([]);
    expect(session.getView().contacted).toEqual([]);
    expect(socket.emitted.map(([event]) => event)).toEqual(['clear_session', 'send_message']);
  });
});
