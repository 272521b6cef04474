// A hall table of five with long Polish names, its phones in Debian's Chromium at 360 px, each a fresh
// browser that opened only the hall page: the first phone enters a deal in words (the preview says what
// will be written before it is saved), the second sees every deal as it was said — the game, who was
// old or who played, the doublings, the result (a grade, card points, 52:52, an offence, small points
// typed) — beside each player's small points, every name whole; it sends two deals back, and the first
// phone's form reopens with each as it was entered (in words, in numbers). The director, at 1280 px,
// reads the deals in the same words and signs (+4, −4) and corrects one in words; the phones see it.
// Screenshots of each state. The pages do not depend on the database: SQLite only.
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Client, hallRoundStarted, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, clippedTexts, freshPage, useChromium } from './browser.js';

const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const browser = useChromium(stopAll);

const NAMES = [
  'Mścisław Bożydar',
  'Grzegorz Brzęczyszczykiewicz',
  'Małgorzata Żółtowska-Kowalczyk',
  'Świętopełk Pomorski',
  'Urszula Kołodziej-Dąb',
];

const open = (url: string, viewport = PHONE, cookie?: string) => freshPage(browser(), url, viewport, cookie);

/** The texts of the pressed buttons, in the page's order. */
const pressed = (page: Page | Locator) => page.locator('button[aria-pressed="true"]').allInnerTexts();
/** A deal on a phone, as its list names it ("Rozdanie 2"). */
const dealOn = (page: Page, n: number) => page.getByRole('listitem', { name: `Rozdanie ${n}`, exact: true });
/** What a deal on a phone reads (nothing where the phone lists no such deal). */
const dealText = async (page: Page, n: number) => ((await dealOn(page, n).count()) ? dealOn(page, n).innerText() : '');
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('a hall table’s phones read each deal back as it was said', () => {
  it('the second phone sees the deals in words with whole names; a deal sent back reopens as entered; the director corrects in words', async () => {
    const server = await start({});
    const dir = new Client(server.url);
    await dir.register('Sędzia Sali');
    const { id, tournament, codes } = await hallRoundStarted(dir, {
      name: 'Turniej w remizie',
      format: { format: 'znin', rounds: 1, deals: { 5: 6 } },
      players: NAMES,
    });
    const code = codes[0]!;
    const names = tournament.rounds[0]!.tables[0]!.players.map((p) => p.name); // by seat, as drawn
    const url = `${server.url}/#/hall/${code}`;

    // The first phone: deal 1 (seat 0 deals and sits out) in words — zwyczajna, seats 1 and 2 old,
    // seat 3 said kontra, the old won z wyjściem. Before it is saved the preview says what will be written.
    const a = await open(url);
    const save = a.page.getByRole('button', { name: 'Zapisz rozdanie' });
    await save.waitFor({ timeout: 15_000 });
    const oldGroup = a.page.getByRole('group', { name: 'Starzy (dwie osoby)' });
    await oldGroup.getByRole('button', { name: names[1] }).click();
    await oldGroup.getByRole('button', { name: names[2] }).click();
    // The kontra as it was said: by the young player in seat 3.
    await a.page
      .getByRole('group', { name: 'Kto powiedział „kontra”?' })
      .getByRole('button', { name: names[3], exact: true })
      .click();
    await a.page.getByRole('group', { name: 'Wygrali starzy' }).getByRole('button', { name: 'z wyjściem' }).click();
    const preview = await a.page.locator('.preview').innerText();
    expect(preview).toMatch(/^Wyjdzie:/);
    for (const s of [1, 2]) expect(preview).toMatch(new RegExp(`${names[s]}: \\+\\d+`));
    for (const s of [3, 4]) expect(preview).toMatch(new RegExp(`${names[s]}: −\\d+`));
    await a.page.screenshot({ path: join(SHOTS, 'phone1-preview-360.png') });
    await save.click();
    await expect.poll(() => a.page.getByText('czeka na potwierdzenie').count(), { timeout: 15_000 }).toBe(1);

    // Four more deals from the same phone (its token, as the page keeps it): card points, a 52:52, an
    // offence in the bok-round that follows, small points typed.
    const token = await a.page.evaluate((c) => localStorage.getItem(`baska.hall.phone.${c}`), code);
    const entries = [
      { words: { contract: 'gran', old: [3], oldPoints: 60, doublings: 0 } },
      { words: { contract: 'zwyczajna', old: [0, 1], oldPoints: 52, doublings: 0 } },
      { words: { contract: 'zollo', old: [4], doublings: 0, offence: { seat: 0, kind: 'revoke' } } },
      { scores: [6, -2, -2, -2, null] },
    ];
    for (const [k, e] of entries.entries())
      expect(
        (await dir.http('POST', `/api/hall/${code}/entries`, { id: `wpis-${k}-00000`, device: token, ...e })).status,
      ).toBe(200);

    // The second phone sees each deal as it was said, every name whole, nothing wider than the phone.
    const b = await open(url);
    await expect.poll(() => b.page.getByRole('button', { name: 'Potwierdzam' }).count(), { timeout: 15_000 }).toBe(5);
    // What the page says and whether a person can read it whole (soft: each problem is reported).
    const text = await b.page.locator('main').innerText();
    for (const said of [
      `starzy: ${names[1]} i ${names[2]} · ${names[3]}: kontra · liczone: 1 kontra (×2) · wygrali starzy z wyjściem`,
      '52:52',
    ])
      expect.soft(text).toContain(said);
    expect.soft(await clippedTexts(b.page)).toEqual([]);
    expect(await pageWidth(b.page)).toBeLessThanOrEqual(PHONE.width);
    const d1 = await dealText(b.page, 1);
    for (const said of [
      'zwyczajna',
      `starzy: ${names[1]} i ${names[2]}`,
      'kontra',
      'wygrali starzy z wyjściem',
      `${names[0]} pauzuje`,
    ])
      expect(d1).toContain(said);
    for (const s of [1, 2]) expect(d1).toMatch(new RegExp(`${names[s]} \\+\\d+`));
    for (const s of [3, 4]) expect(d1).toMatch(new RegExp(`${names[s]} −\\d+`));
    expect(await dealText(b.page, 2)).toContain(`gran · gra ${names[3]} · bez kontry · oczka starych 60:44 — wygrana`);
    expect(await dealText(b.page, 3)).toContain(`starzy: ${names[0]} i ${names[1]} · bez kontry · 52:52`);
    const d4 = await dealText(b.page, 4);
    expect(d4).toContain('bok-runda ×2');
    expect(d4).toContain(`zollo · gra ${names[4]} · bez kontry · wykroczenie: ${names[0]} — nie dołożył do koloru`);
    expect(await dealText(b.page, 5)).toContain('wpisane liczbami');
    await dealOn(b.page, 1).scrollIntoViewIfNeeded();
    await b.page.screenshot({ path: join(SHOTS, 'phone2-confirm-360.png') });
    await b.page.screenshot({ path: join(SHOTS, 'phone2-confirm-full-360.png'), fullPage: true });

    // It sends deals 1 and 5 back.
    for (const n of [1, 5]) await dealOn(b.page, n).getByRole('button', { name: 'Nie zgadzam się' }).click();
    await expect.poll(() => b.page.locator('.hall-deals .rejected').count()).toBe(2);

    // The first phone is told, and deal 1 reopens as it was entered, its preview already there.
    await a.page.reload();
    const banners = a.page.locator('.banner.sent-back');
    await expect.poll(() => banners.count(), { timeout: 15_000 }).toBe(2);
    await banners.first().getByRole('button', { name: 'Popraw' }).click();
    await expect.poll(() => a.page.locator('#pad-entry-h').innerText()).toBe('Rozdanie 1');
    expect(await pressed(a.page)).toEqual(['Słowami', 'zwyczajna', names[1], names[2], 'z wyjściem']);
    expect(await a.page.locator('.said-list li').allInnerTexts()).toEqual([`${names[3]}: kontra`]);
    expect(
      await a.page
        .getByRole('group', { name: 'Wygrali starzy' })
        .getByRole('button', { name: 'z wyjściem' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await a.page.locator('.preview').innerText()).toBe(preview);
    expect(await clippedTexts(a.page)).toEqual([]);
    expect(await pageWidth(a.page)).toBeLessThanOrEqual(PHONE.width);
    await a.page.screenshot({ path: join(SHOTS, 'phone1-reopened-words-360.png') });
    // It was a rekontra: the one change, saved.
    await a.page
      .getByRole('group', { name: 'Kto powiedział „rekontra”?' })
      .getByRole('button', { name: names[1], exact: true })
      .click();
    await save.click();
    await expect.poll(() => banners.count()).toBe(1);

    // Deal 5 reopens in numbers, with the small points typed.
    await banners.getByRole('button', { name: 'Popraw' }).click();
    await expect.poll(() => a.page.locator('#pad-entry-h').innerText()).toBe('Rozdanie 5');
    expect(await pressed(a.page)).toEqual(['Liczbami']);
    const inputs = a.page.locator('.pad-numbers input[inputmode=numeric]');
    expect(await inputs.evaluateAll((xs) => xs.map((x) => (x as HTMLInputElement).value))).toEqual([
      '6',
      '-2',
      '-2',
      '-2',
      '',
    ]);
    await a.page.screenshot({ path: join(SHOTS, 'phone1-reopened-numbers-360.png') });
    for (const [s, v] of [-6, 2, 2, 2].entries()) await inputs.nth(s).fill(String(v));
    await save.click();
    await expect.poll(() => banners.count()).toBe(0);

    // The second phone reads the deal as fixed and confirms all five.
    await b.page.reload();
    await expect.poll(() => dealOn(b.page, 1).innerText(), { timeout: 15_000 }).toContain('rekontra');
    const confirm = b.page.getByRole('button', { name: 'Potwierdzam' });
    for (let k = 5; k > 0; k--) {
      await expect.poll(() => confirm.count()).toBe(k);
      await confirm.first().click();
    }
    await expect.poll(() => b.page.locator('.hall-deals .ok').count()).toBe(5);
    await b.page.screenshot({ path: join(SHOTS, 'phone2-confirmed-360.png') });

    // The director reads the deals in the same words and signs, and corrects deal 1 in words.
    const d = await open(`${server.url}/#/tournament/${id}/director`, DESKTOP, dir.cookie);
    const protocol = d.page.locator('details.protocol').first();
    await protocol.locator('summary').click();
    // Each deal's row of small points, and under it the deal in words.
    const row1 = protocol.locator('tbody tr:not(.said-row)').first();
    const said1 = protocol.locator('tbody tr.said-row').first();
    await expect.poll(() => said1.innerText()).toContain(`rekontra`);
    const cells = await protocol.locator('tbody tr:not(.said-row)').evaluateAll((trs) =>
      trs.flatMap((tr) =>
        Array.from(tr.querySelectorAll('td'))
          .slice(1, 6)
          .map((td) => td.textContent ?? ''),
      ),
    );
    expect(cells.length).toBe(25);
    for (const c of cells) expect(c).toMatch(/^(\+\d+|−\d+|0|—)$/);
    expect(await said1.innerText()).toContain(`starzy: ${names[1]} i ${names[2]}`);
    await row1.getByRole('button', { name: 'Popraw' }).click();
    const form = protocol.locator('.pad-entry');
    expect(await pressed(form)).toEqual(['Słowami', 'zwyczajna', names[1], names[2], 'z wyjściem']);
    expect(await form.locator('.said-list li').allInnerTexts()).toEqual([
      `${names[3]}: kontra`,
      `${names[1]}: rekontra`,
    ]);
    await protocol.scrollIntoViewIfNeeded();
    await d.page.screenshot({ path: join(SHOTS, 'director-correcting-1280.png'), fullPage: true });
    await form.getByRole('group', { name: 'Wygrali młodzi' }).getByRole('button', { name: 'z wyjściem' }).click();
    await protocol.getByLabel('Powód poprawki').fill('wygrali młodzi');
    await form.getByRole('button', { name: 'Zapisz rozdanie' }).click();
    await expect.poll(() => said1.innerText()).toContain('wygrali młodzi z wyjściem');
    expect(await row1.locator('td').nth(2).innerText()).toMatch(/^−\d+$/); // seat 1, old, lost now
    expect(await clippedTexts(d.page, 'details.protocol')).toEqual([]);
    await protocol.scrollIntoViewIfNeeded();
    await d.page.screenshot({ path: join(SHOTS, 'director-corrected-1280.png') });
    expect(await d.page.locator('.history').innerText()).toContain('(wygrali młodzi)');

    // The phones read the deal as the director corrected it.
    await b.page.reload();
    await expect.poll(() => dealOn(b.page, 1).innerText(), { timeout: 15_000 }).toContain('wygrali młodzi z wyjściem');
    expect([...a.errors, ...b.errors, ...d.errors]).toEqual([]);
  });
});
