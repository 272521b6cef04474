// Room on a phone, in Chromium against one real server (issue 32): at 360 px no seat's name, badge or
// total is cut, with the longest names the site accepts, and on a desktop no played card hides one;
// every place of the header is in sight and clickable on a phone (Polish, English, German) without
// a bar that scrolls sideways; a profile's statistics and the table's numbers fit 360 px. "Cut" is
// measured: an element whose text is wider than its box (scrollWidth > clientWidth), or whose box
// leaves the viewport. Screenshots go to e2e/artifacts/ (and BASKA_SHOTS).
import type { ServerMessage } from '@baska/protocol';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, type Running, autoplay, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, useChromium } from './browser.js';
import { DESKTOP, PHONE, type Viewport, errorsOf, guest, openPage, playUntil } from './play.js';

const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;

const browser = useChromium(stopAll);
let server: Running;
beforeAll(async () => {
  server = await start({ BASKA_BOT_DELAY_MS: '60', BASKA_TABLE_SEED: 'e2e-room' });
});

/** Names of 24 characters, the longest a name may be (protocol: nickname), with wide Polish letters. */
const LONG = ['Władysława Grzegorzewska', 'Małgorzata Wawrzyniakowa', 'Władysław Wszechmiłowski'];

/**
 * What is cut among the elements `selector` matches: text wider than its box, or a box that leaves
 * the viewport (left, right, or above the page). Each as "text: why".
 */
function cut(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (elements) => {
    const out: string[] = [];
    for (const e of elements as HTMLElement[]) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue; // not shown
      const text = (e.textContent ?? '').trim().slice(0, 40);
      if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
        out.push(`${text}: ${e.scrollWidth} > ${e.clientWidth}`);
      if (r.left < -0.5 || r.right > innerWidth + 0.5)
        out.push(`${text}: ${Math.round(r.left)}..${Math.round(r.right)} of ${innerWidth}`);
    }
    return out;
  });
}

/**
 * Pairs of elements, one matching each selector, whose boxes intersect; an `a` flying off the felt
 * (a taken trick gathered to its winner: moved by `translate`, fading) is on its way, not in place.
 */
function overlapping(page: Page, a: string, b: string): Promise<string[]> {
  return page.evaluate(
    ({ a, b }) => {
      const out: string[] = [];
      const inPlace = (e: Element) => ['none', '0px'].includes(getComputedStyle(e).translate);
      for (const x of Array.from(document.querySelectorAll(a)).filter(inPlace))
        for (const y of Array.from(document.querySelectorAll(b))) {
          const r = x.getBoundingClientRect();
          const q = y.getBoundingClientRect();
          if (r.left < q.right - 1 && q.left < r.right - 1 && r.top < q.bottom - 1 && q.top < r.bottom - 1)
            out.push(`${x.getAttribute('aria-label') ?? x.textContent} over ${y.textContent}`);
        }
      return out;
    },
    { a, b },
  );
}

/** A page signed in with `client`'s session (a fresh context) at `path`. */
async function pageOf(b: Browser, client: Client, viewport: Viewport, path: string) {
  const context = await b.newContext({ viewport, hasTouch: viewport === PHONE });
  const [name, value] = client.cookie.split('=');
  await context.addCookies([{ name: name!, value: value!, url: server.url }]);
  const page = await context.newPage();
  await page.goto(`${server.url}/#/${path}`);
  return { context, page };
}

const SEAT_TEXT = '.seat .who > *, .seat .last-call-line > *, .seat .clock';

describe('room on a phone', () => {
  it('seats keep every name, badge and total whole at 360 px; on a desktop no played card hides a badge; the numbers fit', async () => {
    const { context, page } = await openPage(browser(), server, PHONE);
    await guest(page, LONG[0]!);
    await page.selectOption('select[name=bots]', '');
    await page.fill('input[name=deals]', '2');
    await page.fill('input[name=seconds]', '600');
    await page.fill('input[name=stake]', '50');
    await page.click('form.create button.primary');
    await page.waitForURL(/#\/t\//);
    const id = /#\/t\/([A-Za-z0-9_-]+)/.exec(page.url())![1]!;
    const clients: Client[] = [];
    for (const seat of [1, 2]) {
      const c = new Client(server.url);
      await c.guest(LONG[seat]!);
      await c.http('POST', `/api/tables/${id}/sit`, { seat });
      await c.connect();
      c.send({ type: 'join', table: id });
      clients.push(c);
    }
    await page.selectOption('.waiting select', 'expert');
    await page.click('.seats li:nth-child(4) button:has-text("Dodaj komputer")');
    await page.waitForSelector('.seats li:nth-child(4) >> text=Bot');
    expect(await cut(page, '.waiting .seats li > span > *, .waiting .seats li > span')).toEqual([]);
    // The same player at a desktop (his session in another browser).
    const me = new Client(server.url);
    me.cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const desk = await pageOf(browser(), me, DESKTOP, `t/${id}`);
    const finished = (m: ServerMessage) => m.type === 'event' && m.event.type === 'finished';
    const playing = clients.map((c) => autoplay(c, id, finished, Infinity, undefined, { ms: 120_000 }));
    await page.click('text=Zaczynamy');
    await page.waitForSelector('.felt');
    await desk.page.waitForSelector('.felt');

    // Looked at whenever the page is polled through two deals: the auction, the play, the sides found.
    const problems = new Set<string>();
    let sides = 0;
    let shotTaken = false;
    await playUntil(
      page,
      async () => {
        for (const p of await cut(page, SEAT_TEXT)) problems.add(`phone: ${p}`);
        for (const p of await overlapping(desk.page, '.trick .played', SEAT_TEXT)) problems.add(`desktop: ${p}`);
        for (const p of await cut(desk.page, SEAT_TEXT)) problems.add(`desktop: ${p}`);
        const shown = await page.locator('.seat .badge[class*=side-]').count();
        sides = Math.max(sides, shown);
        if (!shotTaken && shown >= 2 && (await page.locator('.trick .played').count()) >= 2) {
          shotTaken = true;
          await page.screenshot({ path: `${SHOTS}/room-seats-phone.png` });
          await desk.page.screenshot({ path: `${SHOTS}/room-seats-desktop.png` });
        }
        return (await page.$('.game-end')) !== null;
      },
      150_000,
    );
    await Promise.all(playing);
    expect([...problems]).toEqual([]);
    expect(sides).toBeGreaterThanOrEqual(2); // the side badges were there to be measured
    // The numbers of the end: the last deal's score line, the protocol with money, the standings.
    await page.screenshot({ path: `${SHOTS}/room-end-phone.png`, fullPage: true });
    await desk.page.screenshot({ path: `${SHOTS}/room-end-desktop.png`, fullPage: true });
    for (const p of [page, desk.page]) {
      expect(await cut(p, '.deal-end table, .deal-end th, .deal-end td'), 'the deal’s end').toEqual([]);
      expect(await cut(p, '.sheet .scroll, .sheet th, .sheet td'), 'the protocol').toEqual([]);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(p.viewportSize()!.width);
    }
    expect(await accessibilityProblems(page), 'seats').toEqual([]);
    expect(errorsOf(page)).toEqual([]);
    for (const c of clients) c.close();
    await desk.context.close();
    await context.close();
  }, 240_000);

  const PLACES: Record<string, string[]> = {
    pl: ['Stoły', 'Moje gry', 'Mój profil', 'Ranking', 'Turnieje', 'Zapis', 'Zasady', 'Wyloguj'],
    en: ['Tables', 'My games', 'My profile', 'Ratings', 'Tournaments', 'Score pad', 'Rules', 'Log out'],
    de: ['Tische', 'Meine Partien', 'Mein Profil', 'Wertung', 'Turniere', 'Spielzettel', 'Regeln', 'Abmelden'],
  };

  it('every place in the header is in sight and clickable at 360 px, by touch and by keyboard, in Polish, English and German', async () => {
    const c = new Client(server.url);
    await c.guest(LONG[1]!);
    const created = await c.http('POST', '/api/tables', { bots: 'basic', seat: 0, secondsPerMove: 600, deals: 1 });
    const table = created.body.table.id as string;
    for (const lang of ['pl', 'en', 'de']) {
      for (const path of ['', `t/${table}`]) {
        const { context, page } = await pageOf(browser(), c, PHONE, path);
        await page.evaluate((l) => localStorage.setItem('baska.lang', l), lang);
        await page.reload();
        await page.waitForSelector('header .brand');
        await page.waitForSelector(path ? '.table-screen .waiting' : 'main.lobby');
        const menu = page.locator('header button[aria-controls=places]');
        const missing: string[] = [];
        for (const name of PLACES[lang]!) {
          if (await menu.isVisible()) {
            if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
            expect(await menu.getAttribute('aria-expanded')).toBe('true');
          }
          const place = page.locator('header').getByRole(name === PLACES[lang]!.at(-1) ? 'button' : 'link', {
            name,
            exact: true,
          });
          if (!(await place.isVisible())) {
            missing.push(`${name}: not visible`);
            continue;
          }
          // Whole inside the screen, and what a finger at its middle touches is the place itself.
          const hit = await place.evaluate((e) => {
            const r = e.getBoundingClientRect();
            const at = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
            return {
              inside: r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight,
              touched: at === e || e.contains(at),
              whole: e.scrollWidth <= e.clientWidth + 1,
            };
          });
          if (!hit.inside || !hit.touched || !hit.whole) missing.push(`${name}: ${JSON.stringify(hit)}`);
        }
        expect(missing, `${lang} ${path || 'lobby'}`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        if (path === '') {
          await page.screenshot({ path: `${SHOTS}/room-header-open-${lang}-phone.png` });
          // By keyboard: the menu opens with Enter, its first place takes the focus by Tab, Escape closes it.
          if ((await menu.getAttribute('aria-expanded')) === 'true') await menu.click();
          await menu.focus();
          await page.keyboard.press('Enter');
          expect(await menu.getAttribute('aria-expanded')).toBe('true');
          await page.keyboard.press('Tab');
          expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(PLACES[lang]![0]);
          await page.keyboard.press('Escape');
          expect(await menu.getAttribute('aria-expanded')).toBe('false');
          expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('places');
          await page.screenshot({ path: `${SHOTS}/room-header-${lang}-phone.png` });
          expect(await accessibilityProblems(page), `${lang} header`).toEqual([]);
          await page.setViewportSize(DESKTOP);
          expect(await menu.isVisible()).toBe(false); // a desktop shows its places at once
          for (const name of PLACES[lang]!.slice(0, -1))
            expect(await page.locator('header nav').getByRole('link', { name, exact: true }).isVisible()).toBe(true);
          await page.screenshot({ path: `${SHOTS}/room-header-${lang}-desktop.png` });
        }
        await context.close();
      }
    }
  }, 120_000);

  it('a profile’s statistics fit 360 px', async () => {
    const c = new Client(server.url);
    const player = await c.guest(LONG[2]!);
    await c.connect();
    for (const deals of [2, 1]) {
      const created = await c.http('POST', '/api/tables', { bots: 'basic', seat: 0, secondsPerMove: 600, deals });
      const id = created.body.table.id as string;
      const from = c.mark();
      c.send({ type: 'join', table: id });
      await c.next((m) => m.type === 'snapshot', 20_000, from);
      await c.http('POST', `/api/tables/${id}/start`);
      await autoplay(c, id, (m) => m.type === 'event' && m.table === id && m.event.type === 'finished');
    }
    const { context, page } = await pageOf(browser(), c, PHONE, `player/${player.id}`);
    await page.waitForSelector('.profile table');
    expect(await cut(page, '.profile table, .profile th, .profile td, .profile li > *')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SHOTS}/room-profile-phone.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);
    expect(await cut(page, '.profile table, .profile th, .profile td, .profile li > *')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/room-profile-desktop.png`, fullPage: true });
    expect(await accessibilityProblems(page), 'profile').toEqual([]);
    c.close();
    await context.close();
  }, 120_000);
});
