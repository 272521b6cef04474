// The rules page in a real browser (Debian's Chromium through playwright-core) against the real
// server, as e2e/web.test.ts does it: the card order with A♥ 10♥ at the top of the trumps, the
// options in words (no code names), no horizontal scroll at 360 px, and axe-core's WCAG 2 A and AA
// checks, in Polish, English and German; screenshots at phone and desktop sizes.
import { mkdirSync } from 'node:fs';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, CHROMIUM, accessibilityProblems } from './browser.js';
import { goTo } from './play.js';

const SIZES = {
  narrow: { width: 360, height: 740 },
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

let browser: Browser;
let server: Running;
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  server = await start({});
});
afterAll(async () => {
  await browser?.close();
  await stopAll();
});

/** The rules page of a preset in a language, at a size; page errors are collected. */
async function rulesPage(preset: string, lang: string, size: keyof typeof SIZES) {
  const context = await browser.newContext({ viewport: SIZES[size] });
  await context.addInitScript((l) => localStorage.setItem('baska.lang', l), lang);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}#/rules/${preset}`);
  await page.waitForSelector('.card-row');
  return { context, page, errors };
}

const order = (page: Page, name: string) =>
  page.$$eval(`.card-row[data-order="${name}"] li`, (li) => li.map((x) => x.getAttribute('data-card')!));

describe('the rules page', () => {
  it('shows the card orders with A♥ 10♥ at the top of the trumps, fits 360 px and passes axe, in three languages', async () => {
    const shots = process.env.BASKA_SHOTS;
    if (shots) mkdirSync(shots, { recursive: true });
    for (const lang of ['pl', 'en', 'de']) {
      for (const size of ['narrow', 'phone', 'desktop'] as const) {
        const { context, page, errors } = await rulesPage('standard', lang, size);
        expect(await order(page, 'normal')).toEqual('Ah Th Qc Qs Qh Qd Jc Js Jh Jd Ad Td'.split(' '));
        expect(await order(page, 'gran')).toEqual(['Jc', 'Js', 'Jh', 'Jd']);
        expect(await order(page, 'fele-c')).toEqual(['Ac', 'Tc']);
        expect(await order(page, 'fele-s')).toEqual(['As', 'Ts']);
        for (const suit of 'cshd')
          expect(await order(page, `gran-${suit}`)).toEqual(['A', 'T', 'Q'].map((r) => r + suit));
        // The highest trump is named in words for screen readers.
        const first = await page.textContent('.card-row[data-order="normal"] li:first-child .sr-only');
        expect(first).toBe({ pl: 'as serce', en: 'ace of hearts', de: 'Herz-Ass' }[lang]);
        // Every game is in the table, and the glossary explains both meanings of bok.
        const games = await page.$$eval('table.games th[scope=row]', (th) => th.map((x) => x.textContent));
        expect(games).toEqual([
          'zwyczajna',
          'cicha',
          'wesele',
          'zollo-bieda',
          'gran',
          'zollo',
          'gran-du',
          'zollo-du',
          'mester',
          'baszka',
        ]);
        // No horizontal scroll: the page is no wider than the window.
        const [scroll, client] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          document.documentElement.clientWidth,
        ]);
        expect(scroll, `${lang} ${size}`).toBeLessThanOrEqual(client);
        expect(await accessibilityProblems(page), `${lang} ${size}`).toEqual([]);
        await page.screenshot({ path: `${ARTIFACTS}rules-${lang}-${size}.png`, fullPage: true });
        if (shots) await page.screenshot({ path: `${shots}/rules-${lang}-${size}.png`, fullPage: true });
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });

  it('shows every preset’s options in words, never as code names', async () => {
    const { context, page, errors } = await rulesPage('standard', 'pl', 'desktop');
    const codeNames =
      /\b(auctionStart|second|forehand|lastDoubler|partnership|asTrzyDychy|normal|true|false|oldLossFactor)\b/;
    for (const preset of ['standard', 'leborsk', 'znin', 'kop']) {
      await page.goto(`${server.url}#/rules/${preset}`);
      await page.waitForSelector(`table.options tr[data-option=tie]`);
      const text = await page.innerText('main'); // innerText: table cells do not run into each other
      expect(text).not.toMatch(codeNames);
      const tie = await page.textContent('table.options tr[data-option=tie] td:last-child');
      expect(tie).toBe(
        preset === 'kop'
          ? 'przegrywa strona, której podwojenie liczyło się jako ostatnie (bez podwojeń: starzy)'
          : 'wygrywają młodzi',
      );
      const top = await page.textContent('table.options tr[data-option=maxDoubling] td:last-child');
      expect(top).toBe({ standard: '4 (hirsz)', leborsk: '4 (bok)', znin: '4 (hirsh)', kop: '4 (słup)' }[preset]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('comes as its own file on first visit, and says so when that file cannot be fetched', async () => {
    const context = await browser.newContext({ viewport: SIZES.narrow });
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto(server.url);
    await page.waitForSelector('header nav', { state: 'attached' });
    // The first screen does not carry the rules' texts: their module is not among its files.
    expect(fetched.filter((f) => /\/assets\/Rules-[^/]*\.js$/.test(f))).toEqual([]);
    // A lost connection when the rules are first opened: a sentence, not a blank page.
    await page.route(/\/assets\/Rules-[^/]*\.js$/, (route) => route.abort());
    await goTo(page, 'Zasady');
    await page.waitForSelector('main p.error');
    expect(await page.textContent('main p.error')).toBe(
      'Nie udało się wczytać tej strony. Sprawdź połączenie i odśwież stronę.',
    );
    await page.screenshot({ path: `${ARTIFACTS}rules-load-failed-narrow.png` });
    // Once the connection is back, a reload brings the rules.
    await page.unroute(/\/assets\/Rules-[^/]*\.js$/);
    await page.reload();
    await page.waitForSelector('.card-row');
    await context.close();
  });
});
