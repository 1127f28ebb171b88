import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { OwnServer } from './support/server-process';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '.artifacts/shots');

const TITLE = 'Welcome! Looking for your dream home?';
const DISCONNECTED = '⚠️ Disconnected from server';
// The seeded assistant's greeting (apps/api/src/chat), typed out character by character.
const GREETING = /Hi! I'm the Nivaas property assistant/;
// Replies are typed out (spec §4: up to 1.5 s wait, then 10-30 ms a character) and cards come one per 500 ms: a few
// seconds on a quiet machine, far longer when the browser shares two cores with the server and other runs.
const TYPED = { timeout: 60_000 };

async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Help Chat' }).click();
  const panel = page.getByRole('dialog', { name: TITLE });
  // The panel's code (and socket.io-client) downloads on this first click.
  await expect(panel).toBeVisible({ timeout: 30_000 });
  return panel;
}

for (const width of [1280, 375]) {
  test.describe(`help chat at ${width}px (spec §2, §4)`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });

    test('greets, answers a question with listing cards, and Contact becomes Contacted', async ({ page }) => {
      test.setTimeout(240_000);
      await page.goto('/');
      const panel = await openChat(page);
      const conversation = panel.getByLabel('Conversation');
      const input = panel.getByRole('textbox', { name: 'Message' });
      await expect(input).toHaveAttribute('placeholder', 'Type your message...');

      // spec §4: the first connect with an empty history says 'hi' for the visitor, and the assistant greets.
      await expect(conversation.getByText(GREETING)).toBeVisible(TYPED);
      await expect(panel.getByText(DISCONNECTED)).toHaveCount(0);

      await input.fill('3 bhk in whitefield');
      await input.press('Enter');
      await expect(input).toHaveValue('');
      // Bubbles start with a screen-reader-only 'You: ' / 'Assistant: '.
      await expect(conversation.getByText(/^You: 3 bhk in whitefield$/)).toBeVisible();

      const cards = conversation.getByRole('article');
      await expect(cards.first()).toBeVisible(TYPED);
      // The turn ends with the switch buttons, after the last card.
      const switches = conversation.getByRole('group', { name: 'Choose an option:' }).last();
      await expect(switches.getByRole('button', { name: 'Switch Area' })).toBeVisible(TYPED);
      const count = await cards.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i += 1) {
        const card = cards.nth(i);
        // spec §5 chat card price: the part before the dash, in Cr / Lakh / K.
        await expect(card.getByText(/^₹ \d+(\.\d\d)? (Cr|Lakh|K)$/)).toBeVisible();
        await expect(card).toContainText('3 BHK');
        await expect(card.getByRole('link').first()).toHaveAttribute('href', /^\/(properties|prelaunch|broker-property-details|user-property-details)\//);
      }
      await page.screenshot({ path: path.join(shots, `chat-widget-${width}.png`) });

      const first = cards.first();
      const name = (await first.getAttribute('aria-label')) ?? '';
      await first.getByRole('button', { name: 'Contact' }).click();
      await expect(first.getByRole('button', { name: 'Contacted' })).toBeDisabled();
      await expect(conversation.getByText(`You: Interested, ${name}, `)).toBeVisible();

      // An action button shows its own words and the assistant answers.
      await switches.getByRole('button', { name: 'Switch Area' }).click();
      await expect(conversation.getByText("Let's switch the area.")).toBeVisible();

      // The conversation and Contacted are kept in local storage for the next page.
      await page.reload();
      const again = await openChat(page);
      await expect(again.getByRole('article', { name }).first().getByRole('button', { name: 'Contacted' })).toBeDisabled();
    });
  });
}

for (const width of [1280, 375]) {
  test.describe(`help chat, issue 17, at ${width}px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });

    test("opens without '⚠️ Disconnected from server' and answers '2 bhk in whitefield' with labelled cards at once", async ({ page }) => {
      test.setTimeout(240_000);
      // Watch the whole opening: the disconnected line used to flash before the socket connected.
      await page.addInitScript(() => {
        const seen = { disconnected: false };
        (window as unknown as { chatSeen: typeof seen }).chatSeen = seen;
        new MutationObserver(() => {
          if (document.body?.textContent?.includes('Disconnected from server')) seen.disconnected = true;
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      await page.goto('/about');
      const panel = await openChat(page);
      const conversation = panel.getByLabel('Conversation');
      await expect(conversation.getByText(GREETING)).toBeVisible(TYPED);
      await page.screenshot({ path: path.join(shots, `chat-opened-${width}.png`) });
      expect(await page.evaluate(() => (window as unknown as { chatSeen: { disconnected: boolean } }).chatSeen.disconnected)).toBe(false);
      await expect(panel.getByText('Connecting...')).toHaveCount(0);

      const input = panel.getByRole('textbox', { name: 'Message' });
      await input.fill('2 bhk in whitefield');
      await input.press('Enter');
      const cards = conversation.getByRole('article');
      await expect(cards.first()).toBeVisible(TYPED);
      const switches = conversation.getByRole('group', { name: 'Choose an option:' }).last();
      await expect(switches.getByRole('button', { name: 'Switch Area' })).toBeVisible(TYPED);

      // What follows the question is its answer: no city picker first, just the count and the cards.
      const items = conversation.getByRole('listitem');
      const texts = (await items.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
      const asked = texts.findIndex((text) => text.includes('2 bhk in whitefield'));
      expect(asked).toBeGreaterThanOrEqual(0);
      const answer = texts.slice(asked + 1);
      expect(answer[0]).toMatch(/I found \d+ match(es)? for 2 BHK homes in Whitefield, Bengaluru/);
      expect(answer.join(' ')).not.toMatch(/Which city/);
      expect(answer.join(' ')).not.toMatch(/Bengaluru Mumbai/);

      // spec §5: the property type once after the bedroom count ('2 BHK Apartment'), never 'BHK BHK'.
      const count = await cards.count();
      for (let i = 0; i < count; i += 1) {
        await expect(cards.nth(i)).toContainText(/2 BHK (Apartment|Villa|Independent House) · /);
        await expect(cards.nth(i)).not.toContainText(/BHK[^·]*BHK/);
      }
      await page.screenshot({ path: path.join(shots, `chat-whitefield-${width}.png`) });
    });
  });
}

test('/chat is for brokers: a visitor is sent to /login', async ({ page }) => {
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/login$/);
});

for (const [index, width] of [1280, 375].entries()) {
  test(`a broker sees the widget's conversation full-page at /chat (${width}px)`, async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    const email = `chat-broker-${width}@example.in`;
    const password = 'chat-e2e-password';
    const registered = await request.post('/api/auth/broker/register', {
      data: {
        name: 'Chat Test Broker',
        phone: `98765000${String(index).padStart(2, '0')}`,
        email,
        company: 'Chat Test Realty',
        reraNumber: `PRM/KA/RERA/CHAT/${width}`,
        cityId: 1,
        password,
      },
    });
    expect(registered.status()).toBe(201);

    // The conversation starts in the floating widget...
    await page.goto('/about');
    const panel = await openChat(page);
    await expect(panel.getByLabel('Conversation').getByText(GREETING)).toBeVisible(TYPED);
    const input = panel.getByRole('textbox', { name: 'Message' });
    await input.fill('3 bhk in whitefield');
    await input.press('Enter');
    await expect(panel.getByRole('group', { name: 'Choose an option:' }).getByRole('button', { name: 'Switch Area' })).toBeVisible(TYPED);
    const cardCount = await panel.getByRole('article').count();
    expect(cardCount).toBeGreaterThan(0);

    // ...and /chat, after the guard's detour through /login, carries it on full-page.
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/chat$/);
    const chat = page.locator('section', { has: page.getByRole('heading', { level: 1, name: TITLE }) });
    await expect(chat).toBeVisible({ timeout: 30_000 });
    await expect(chat.getByText(GREETING)).toBeVisible();
    await expect(chat.getByText(/^You: 3 bhk in whitefield$/)).toBeVisible();
    await expect(chat.getByRole('article')).toHaveCount(cardCount);
    await expect(chat.getByText(DISCONNECTED)).toHaveCount(0, TYPED);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Help Chat' })).toHaveCount(0);

    const groups = chat.getByRole('group', { name: 'Choose an option:' });
    const turns = await groups.count();
    await groups.last().getByRole('button', { name: 'Switch Area' }).click();
    await expect(chat.getByText("Let's switch the area.")).toBeVisible();
    await expect(groups).toHaveCount(turns + 1, TYPED);
    await page.screenshot({ path: path.join(shots, `chat-page-${width}.png`) });
  });
}

test.describe('when the server goes away', () => {
  // Its own server, so stopping it does not take the shared one from every other spec. No catalogue is needed
  // for the connection itself, so it starts unseeded (first start still creates and migrates the database).
  let server: OwnServer;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await OwnServer.create({ name: 'chat-reconnect' });
    await server.start(200_000);
  });
  test.afterAll(async () => {
    await server?.dispose();
  });

  test('shows the disconnected notice, and the widget reconnects once the server is back', async ({ page, pageErrors }) => {
    test.setTimeout(240_000);
    await page.goto(`${server.baseUrl}/about`);
    const panel = await openChat(page);
    const conversation = panel.getByLabel('Conversation');
    await expect(conversation.getByText(GREETING)).toBeVisible(TYPED);
    await expect(panel.getByText(DISCONNECTED)).toHaveCount(0);

    await server.kill();
    await expect(panel.getByText(DISCONNECTED)).toBeVisible();
    // spec §5: a send while disconnected is ignored; the text waits in the box.
    const input = panel.getByRole('textbox', { name: 'Message' });
    await input.fill('hi');
    await input.press('Enter');
    await expect(input).toHaveValue('hi');
    await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled();

    await server.start(200_000);
    // socket.io retries 5 times over roughly 12-20 s (spec §7/§9) and reconnects by itself if the server is back by
    // then. Reopening a database takes longer than that on a busy machine, so the visitor returning to the box
    // (which starts a new round once the attempts have run out, and changes nothing while they are running)
    // keeps this test about reconnecting rather than about how fast the server starts.
    await input.press('End');
    await expect(panel.getByText(DISCONNECTED)).toHaveCount(0, { timeout: 30_000 });
    await expect(panel.getByRole('button', { name: 'Send' })).toBeEnabled();

    // The new connection carries the conversation on.
    await input.press('Enter');
    await expect(input).toHaveValue('');
    await expect(conversation.getByText(GREETING)).toHaveCount(2, TYPED);

    // While the server was down Chromium logged each failed socket attempt; those errors are this test's point.
    const expected = /WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/socket\.io\/.*' failed|ERR_CONNECTION_REFUSED/;
    const unexpected = pageErrors.filter((error) => !expected.test(error));
    pageErrors.splice(0, pageErrors.length, ...unexpected);
  });
});
