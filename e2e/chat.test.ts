// The table chat in Chromium against the real server, on PostgreSQL
// with BASKA_TEST_PG_URL, else SQLite: two players and a spectator. A line with <script> is shown as text; during a deal
// the players have the quick phrases only and the spectator's words never reach them; a mute
// silences a person; the length and rate limits hold. Screenshots in e2e/artifacts/.
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Client, BROWSER_DATABASES, type Running, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, useChromium } from './browser.js';

const SHOTS = ARTIFACTS;

const browser = useChromium(stopAll);

/** A guest's browser at the table, with its page errors kept. */
async function at(server: Running, client: Client, table: string, viewport: { width: number; height: number }) {
  const context = await browser().newContext({ viewport });
  const [name, value] = client.cookie.split('=');
  await context.addCookies([{ name: name!, value: value!, url: server.url }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/#/t/${table}`);
  await page.waitForSelector('.chat');
  return { page, errors, close: () => context.close() };
}

const lines = (page: Page) => page.locator('.chat-lines li').allTextContents();
const say = async (page: Page, text: string) => {
  await page.fill('#chat-text', text);
  await page.click('.chat-form button[type=submit]');
};
const phrase = (page: Page, words: string) => page.click(`.chat .phrases button:text-is("${words}")`);
const hears = (page: Page, words: string) =>
  page.waitForSelector(`.chat-lines li:has-text(${JSON.stringify(words)})`, { timeout: 15_000 });

for (const database of BROWSER_DATABASES) {
  describe(`table chat in the browser on ${database.name}`, () => {
    it('shows words as text, keeps the spectator apart during a deal, mutes and limits', async () => {
      const server = await start({ ...database.env(), BASKA_CHAT_PER_MINUTE: '20', BASKA_TABLE_SEED: 'e2e-chat' });
      const [ania, bartek, widz] = await Promise.all(
        ['Ania', 'Bartek', 'Widz Wojtek'].map(async (n) => {
          const c = new Client(server.url);
          await c.guest(n);
          return c;
        }),
      );
      const created = await ania!.http('POST', '/api/tables', { seat: 0, secondsPerMove: 600, deals: 1 });
      const id = created.body.table.id as string;
      await bartek!.http('POST', `/api/tables/${id}/sit`, { seat: 1 });
      for (const seat of [2, 3]) await ania!.http('POST', `/api/tables/${id}/bot`, { seat, level: 'basic' });

      const a = await at(server, ania!, id, { width: 1280, height: 800 });
      const b = await at(server, bartek!, id, { width: 360, height: 740 });
      const s = await at(server, widz!, id, { width: 360, height: 740 });

      // Words are text: the <script> line is shown as written and runs nowhere.
      const script = '<script>window.pwned = 1</script><b>gruby</b>';
      await say(a.page, script);
      for (const p of [a, b, s]) {
        await hears(p.page, '<script>window.pwned');
        expect(await p.page.locator('.chat-lines script, .chat-lines li b b').count()).toBe(0);
        expect(await p.page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      }
      expect((await lines(s.page)).join('\n')).toContain(script);
      // The length limit: the field takes 200 characters.
      await a.page.fill('#chat-text', 'x'.repeat(250));
      expect((await a.page.inputValue('#chat-text')).length).toBe(200);
      await a.page.fill('#chat-text', '');

      // The deal: the players get the quick phrases only; the spectator talks to spectators.
      await ania!.http('POST', `/api/tables/${id}/start`);
      for (const p of [a, b]) await p.page.waitForSelector('.felt');
      expect(await a.page.locator('#chat-text').count()).toBe(0);
      expect(await a.page.textContent('.chat')).toContain('tylko szybkimi zwrotami');
      await say(s.page, 'Ania ma dwie damy');
      await hears(s.page, 'Ania ma dwie damy');
      await phrase(a.page, 'Dobra gra!');
      for (const p of [a, b, s]) await hears(p.page, 'Dobra gra!');
      for (const p of [a, b]) expect((await lines(p.page)).join('\n')).not.toContain('dwie damy');
      expect(await accessibilityProblems(s.page), 'chat').toEqual([]);
      await s.page.screenshot({ path: `${SHOTS}chat-spectator-phone.png`, fullPage: true });
      await a.page.screenshot({ path: `${SHOTS}chat-player-desktop.png`, fullPage: true });

      // Mute: Bartek no longer hears Ania; the spectator still does.
      await b.page.click('.chat-lines li:has-text("Ania") button:text-is("Wycisz")');
      await b.page.waitForSelector('text=Ania (przywróć)');
      await phrase(a.page, 'Dziękuję');
      await hears(s.page, 'Dziękuję');
      await phrase(b.page, 'Dzień dobry!');
      await hears(b.page, 'Dzień dobry!');
      expect((await lines(b.page)).join('\n')).not.toContain('Dziękuję');
      expect((await lines(b.page)).join('\n')).not.toContain('Ania');
      await b.page.screenshot({ path: `${SHOTS}chat-muted-phone.png`, fullPage: true });

      // The rate limit: a burst of lines is cut off with a message, not sent.
      for (let i = 0; i < 6; i++) await say(s.page, `szybko ${i}`);
      await s.page.waitForSelector('.error:has-text("Odczekaj")');
      expect((await lines(s.page)).filter((l) => l.includes('szybko')).length).toBeLessThan(6);

      for (const p of [a, b, s]) {
        expect(p.errors).toEqual([]);
        await p.close();
      }
      for (const c of [ania!, bartek!, widz!]) c.close();
    }, 120_000);
  });
}
