// A whole game by keyboard alone, as a screen reader hears it (issue 32): a guest starts a table
// against three bots, then never clicks again. Each card is played by the key shown on it (or Enter on
// the focused card), each call by Enter on the focused call, the deal's end closed by Enter on Dalej;
// after each move the keyboard is on the next thing to do, never back at the page's top. What the page's
// live regions say is recorded as it is said (a MutationObserver from before the page's own scripts)
// and must tell the hand, each call and card, each trick's taker and points, whose turn with the clock,
// and the end-of-deal reckoning, in Polish. Screenshots at 360 and 1280 px with the keys and the focus.
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, useChromium } from './browser.js';
import { DESKTOP, PHONE, createTable, guest, openPage } from './play.js';

const browser = useChromium(stopAll);
const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;

/** Installed before the page's scripts: every text a live region gets, in order, and every card put on the felt. */
function listen() {
  const said: string[] = [];
  const felt: string[] = [];
  const w = window as unknown as { said: string[]; felt: string[] };
  w.said = said;
  w.felt = felt;
  // role=timer is live but off by default: a screen reader does not read its ticks.
  const LIVE = '[aria-live]:not([aria-live="off"]), [role="log"], [role="status"], [role="alert"]';
  const note = (text: string | null | undefined) => {
    const t = text?.replace(/\s+/g, ' ').trim();
    if (t) said.push(t);
  };
  new MutationObserver((records) => {
    for (const r of records) {
      const at = r.target instanceof Element ? r.target : r.target.parentElement;
      const region = at?.closest(LIVE);
      if (r.type === 'characterData') {
        if (region) note(region.textContent);
        continue;
      }
      for (const n of Array.from(r.addedNodes)) {
        if (!(n instanceof Element || n instanceof Text)) continue;
        // Added inside a live region, or a region added with its words (an alert or status is read so).
        if (region || (n instanceof Element && n.matches(LIVE))) note(n.textContent);
        if (n instanceof Element)
          for (const p of [n, ...Array.from(n.querySelectorAll('.trick .played'))])
            // A card sent and not yet confirmed by the server (.pending) is not played yet: said when it is.
            if (p.matches('.trick .played:not(.pending)')) felt.push(p.getAttribute('aria-label')!);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Whether focus comes to `selector` within a moment (the page moves it after drawing); else what has it. */
async function focusOn(page: Page, selector: string): Promise<string> {
  const ok = await page
    .waitForFunction((s) => document.activeElement?.matches(s) === true, selector, { timeout: 3000 })
    .then(() => true)
    .catch(() => false);
  if (ok) return selector;
  return page.evaluate(() => {
    const a = document.activeElement;
    return a ? `${a.tagName}.${a.className} "${a.textContent?.slice(0, 30)}"` : 'nothing';
  });
}

const version = (page: Page) => page.getAttribute('.table-screen', 'data-version');

/** Press `key`, then wait until the table has moved on. */
async function press(page: Page, key: string) {
  const v = await version(page);
  await page.keyboard.press(key);
  await page.waitForFunction((x) => document.querySelector('.table-screen')?.getAttribute('data-version') !== x, v);
}

describe('the table by keyboard and screen reader', () => {
  it('a guest plays a game of two deals against three bots by keys alone, focus on the next move, every event said in Polish', async () => {
    const server = await start({ BASKA_BOT_DELAY_MS: '20', BASKA_TABLE_SEED: 'e2e-keyboard' });
    const { context, page } = await openPage(browser(), server, DESKTOP);
    await page.addInitScript(listen);
    await page.reload();
    await guest(page, 'Kaszub');
    await createTable(page, { bots: 'basic', deals: 2, seconds: 120 });
    await page.click('text=Zaczynamy'); // the last click: from here on, only keys
    await page.waitForSelector('.felt');
    const firstHand = await page.$$eval('.hand .card', (b) => b.map((x) => x.getAttribute('aria-label')!));
    expect(firstHand).toHaveLength(4);
    // The key that plays each card is on it, where the eye sees it.
    expect(await page.$$eval('.hand .card .key', (k) => k.map((x) => (x as HTMLElement).innerText))).toEqual([
      '1',
      '2',
      '3',
      '4',
    ]);
    let moves = 0;
    let deals = 0;
    let shot = false;
    for (;;) {
      await page.waitForSelector('.calls button, .hand .card.playable, .deal-end');
      if (await page.$('.deal-end')) {
        // The deal's end: Dalej has focus, the next deal one key away.
        expect(await focusOn(page, '.deal-end button.primary')).toBe('.deal-end button.primary');
        if (deals++ === 0) await page.screenshot({ path: `${SHOTS}deal-end-focus-desktop.png` });
        await page.keyboard.press('Enter');
        await page.waitForSelector('.deal-end', { state: 'detached' });
        if (await page.$('.game-end')) break;
        continue;
      }
      if (await page.$('.calls button')) {
        expect(await focusOn(page, '.calls button')).toBe('.calls button');
        await press(page, 'Enter');
      } else {
        expect(await focusOn(page, '.hand .card.playable')).toBe('.hand .card.playable');
        if (!shot) {
          // The keys on the cards and the focus ring, on a desktop and on a phone.
          await page.screenshot({ path: `${SHOTS}keys-focus-desktop.png` });
          expect(await accessibilityProblems(page), 'table').toEqual([]);
          await page.setViewportSize(PHONE);
          await page.screenshot({ path: `${SHOTS}keys-focus-phone.png`, fullPage: true });
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
          await page.setViewportSize(DESKTOP);
          shot = true;
        }
        // Its visible key, or Enter on it, every other move.
        const key = await page.evaluate(() => document.activeElement!.querySelector('.key')!.textContent!);
        await press(page, moves % 2 === 0 ? key : 'Enter');
      }
      moves++;
      // Never back at the page's top: on the table's controls (the hand while the others move).
      expect(await focusOn(page, '.hand, .hand *, .calls *, .deal-end *, .game-end *')).not.toMatch(/^BODY/);
    }
    // The game's end: focus on its first button (another game), not the page's top.
    expect(await focusOn(page, '.game-end button')).toBe('.game-end button');

    const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
    writeFileSync(`${SHOTS}said-pl.txt`, `${said.join('\n')}\n`); // what a screen reader was told, to be read
    const felt = [...new Set(await page.evaluate(() => (window as unknown as { felt: string[] }).felt))];
    const auction = await page.$$eval('.auction li', (li) =>
      li.map((x) => {
        const call = x.querySelector('b')!.textContent!;
        const text = x.textContent!;
        return text.slice(0, text.indexOf(call) + call.length);
      }),
    );
    // The hand, with the keys that play it.
    const handLine = said.find((s) => s.startsWith('Twoje karty: '));
    expect(handLine, said.join('\n')).toBeDefined();
    for (const card of firstHand) expect(handLine).toContain(card.replace(': ', ' '));
    // Each call and each card as it is made, by whom.
    expect(auction.length).toBeGreaterThanOrEqual(4);
    for (const call of auction) expect(said, call).toContain(call);
    expect(felt.length).toBeGreaterThan(0);
    // Every card put on the felt is said, by whom; and only cards played are (four to each trick told).
    const cards = said.filter(
      (s) => felt.some((card) => s.endsWith(`: ${card}`)) && !s.startsWith('Lewę') && !s.startsWith('Bierzesz'),
    );
    for (const card of felt)
      expect(
        cards.some((s) => s.endsWith(`: ${card}`)),
        card,
      ).toBe(true);
    // Who took each trick, with its points.
    const taken = said.filter((s) => /^(Lewę bierze .+|Bierzesz lewę): \d+ (oczko|oczka|oczek)\.$/.test(s));
    expect(taken.length, said.join('\n')).toBeGreaterThanOrEqual(4);
    expect(cards).toHaveLength(4 * taken.length);
    // Whose turn, with the clock when it is the player's.
    expect(
      said.some((s) => /^Twój ruch \(zostało \d+ sek\.\)\.$/.test(s)),
      said.join('\n'),
    ).toBe(true);
    expect(said.some((s) => /^Ruch: Bot /.test(s))).toBe(true);
    // The end-of-deal reckoning and the game's end.
    const end = said.find((s) => s.startsWith('Koniec rozdania: '));
    expect(said.filter((s) => s.startsWith('Koniec rozdania: '))).toHaveLength(deals);
    expect(said).toContain('Rozdanie 2.');
    expect(end, said.join('\n')).toMatch(/wygrywają (starzy|młodzi).*Wartość: \d+\. Zapis: (.*; )?ty [+−]\d/);
    expect(said.some((s) => s.startsWith('Koniec gry. Wyniki końcowe: 1.'))).toBe(true);
    // Nothing in English on a Polish page's voice.
    expect(said.filter((s) => /\b(takes the trick|Your turn|To move)\b/.test(s))).toEqual([]);
    await context.close();
  }, 60_000);
});
