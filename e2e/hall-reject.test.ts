// A hall table's two phones in a real browser (Debian's Chromium) at 360 px: the scorer's phone
// enters a deal wrong, the second phone says "Nie zgadzam się", the scorer's phone is told and enters
// the deal again, the second phone confirms it. The director's page says which deal waits to be fixed,
// and its history tells each step in words, naming each phone by the number the server gave it — a correction too ("było +6, −2, −2, −2 → …", the signs
// as Intl writes them, a negative with the true minus sign), never the JSON the event keeps. Screenshots at phone and desktop size; axe-core checks the pages.
// The phones' pages do not depend on the database: SQLite only.
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Client, hallRoundStarted, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, freshPage, useChromium } from './browser.js';

const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const browser = useChromium(stopAll);

const open = (url: string, viewport = PHONE, cookie?: string) => freshPage(browser(), url, viewport, cookie);

/** Type a deal's small points on a hall phone and save it. */
async function typeDeal(page: Page, row: number[]) {
  await page.getByRole('button', { name: 'Liczbami' }).click();
  const inputs = page.locator('.pad-numbers input[inputmode=numeric]');
  for (const [s, v] of row.entries()) await inputs.nth(s).fill(String(v));
  await page.getByRole('button', { name: 'Zapisz rozdanie' }).click();
}

/** A deal's small points on a phone, by seat, as the list beside the names shows them. */
const cells = (page: Page, deal: number) =>
  page.locator('.hall-deals > li').nth(deal).locator('.deal-points b').allInnerTexts();

describe('a hall deal the second phone disagrees with', () => {
  it('goes back to the scorer’s phone, is entered again and confirmed; the director’s history tells it in words', async () => {
    const server = await start({});
    const dir = new Client(server.url);
    await dir.register('Sędzia Sali');
    const { id, codes } = await hallRoundStarted(dir, {
      name: 'Turniej w remizie',
      format: { format: 'znin', rounds: 1, deals: { 4: 4 } },
      players: ['Anna', 'Jan', 'Ewa', 'Piotr', 'Ola', 'Kazimierz', 'Marta', 'Józef'],
    });
    const code = codes[0]!;

    // The scorer writes +6 for seat 1 where the table lost: −6.
    const scorer = await open(`${server.url}/#/hall/${code}`);
    // A chosen control looks chosen on a phone that opened no other page of the site: the entry
    // form's styles come with the form, not only with the score pad (the hall page's did not).
    const look = (b: Locator) =>
      b.evaluate((e) => {
        const s = getComputedStyle(e);
        return `${s.backgroundColor} ${s.color} ${s.borderColor}`;
      });
    const pressed = scorer.page.locator('button[aria-pressed="true"]').first();
    await pressed.waitFor();
    expect(await look(pressed)).not.toBe(await look(scorer.page.locator('button[aria-pressed="false"]').first()));
    await typeDeal(scorer.page, [6, -2, -2, -2]);
    await expect.poll(() => scorer.page.locator('.hall-deals > li').count(), { timeout: 15_000 }).toBe(1);
    expect(await scorer.page.locator('.hall-deals > li').first().innerText()).toContain('czeka na potwierdzenie');

    // The second phone sees "Potwierdzam" and "Nie zgadzam się", both on its screen.
    const second = await open(`${server.url}/#/hall/${code}`);
    const disagree = second.page.getByRole('button', { name: 'Nie zgadzam się' });
    await expect.poll(() => disagree.count(), { timeout: 15_000 }).toBe(1);
    for (const name of ['Potwierdzam', 'Nie zgadzam się']) {
      const box = (await second.page.getByRole('button', { name }).boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await second.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await second.page.locator('.hall-deals').scrollIntoViewIfNeeded();
    await second.page.screenshot({ path: join(SHOTS, 'hall-disagree-360.png') });
    expect(await accessibilityProblems(second.page)).toEqual([]);
    await disagree.click();
    await expect.poll(() => second.page.locator('.hall-deals .rejected').count()).toBe(1);
    expect(await second.page.getByRole('button', { name: 'Potwierdzam' }).count()).toBe(0);
    await second.page.setViewportSize(DESKTOP);
    await second.page.locator('.hall-deals').scrollIntoViewIfNeeded();
    await second.page.screenshot({ path: join(SHOTS, 'hall-sent-back-1280.png') });
    await second.page.setViewportSize(PHONE);

    // The director's page says which deal waits for the table, and does not offer to confirm it.
    const director = await open(`${server.url}/#/tournament/${id}/director`, DESKTOP, dir.cookie);
    const protocol = director.page.locator('details.protocol').first();
    await protocol.locator('summary').click();
    await expect.poll(() => protocol.locator('.sent-back').innerText()).toBe('Do poprawki przy stoliku: rozdanie 1.');
    expect(await protocol.getByRole('button', { name: /Potwierdź/ }).count()).toBe(0);
    await protocol.scrollIntoViewIfNeeded();
    await director.page.screenshot({ path: join(SHOTS, 'director-sent-back-1280.png') });
    await director.page.setViewportSize(PHONE);
    await protocol.scrollIntoViewIfNeeded();
    await director.page.screenshot({ path: join(SHOTS, 'director-sent-back-360.png') });
    expect(await accessibilityProblems(director.page)).toEqual([]);
    await director.page.setViewportSize(DESKTOP);

    // The scorer's phone is told (it asks the server every few seconds) and enters the deal again.
    const banner = scorer.page.locator('.banner.sent-back');
    await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(1);
    expect(await banner.innerText()).toContain('Rozdanie 1 wraca do poprawki');
    await scorer.page.screenshot({ path: join(SHOTS, 'hall-sent-back-360.png') });
    expect(await accessibilityProblems(scorer.page)).toEqual([]);
    await banner.getByRole('button', { name: 'Popraw' }).click();
    await expect.poll(() => banner.innerText()).toContain('Poprawka rozdania 1');
    expect(await scorer.page.locator('#pad-entry-h').innerText()).toBe('Rozdanie 1');
    await scorer.page.screenshot({ path: join(SHOTS, 'hall-fixing-360.png') });
    await typeDeal(scorer.page, [-6, 2, 2, 2]);
    await expect.poll(() => cells(scorer.page, 0)).toEqual(['−6', '+2', '+2', '+2']);
    expect(await banner.count()).toBe(0);
    expect(await scorer.page.locator('.hall-deals > li').count()).toBe(1);

    // The second phone confirms the deal as it is now; it reaches the protocol.
    await expect.poll(() => cells(second.page, 0), { timeout: 15_000 }).toEqual(['−6', '+2', '+2', '+2']);
    await second.page.getByRole('button', { name: 'Potwierdzam' }).click();
    await expect.poll(() => second.page.locator('.hall-deals .ok').count()).toBe(1);
    const view = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()).tournament;
    expect(view.rounds[0].tables[0].protocol).toEqual([[-6, 2, 2, 2]]);
    await second.page.setViewportSize(DESKTOP);
    await second.page.screenshot({ path: join(SHOTS, 'hall-confirmed-1280.png') });

    // The director corrects the row later, in small points as the phone typed them (the phones' form
    // opens with them); the history tells every step in words.
    await director.page.reload();
    await protocol.locator('summary').click();
    await protocol.getByRole('button', { name: 'Popraw' }).click();
    const inputs = protocol.locator('.pad-numbers input[inputmode=numeric]');
    expect(await inputs.evaluateAll((xs) => xs.map((x) => (x as HTMLInputElement).value))).toEqual([
      '-6',
      '2',
      '2',
      '2',
    ]);
    for (const [s, v] of [-8, 4, 2, 2].entries()) await inputs.nth(s).fill(String(v));
    await director.page.getByLabel('Powód poprawki').fill('źle policzona kontra');
    await protocol.getByRole('button', { name: 'Zapisz rozdanie' }).click();
    const history = director.page.locator('.history');
    await expect.poll(() => history.innerText()).toContain('źle policzona kontra');
    const text = await history.innerText();
    expect(text).toContain(
      'poprawka · Runda 1 · Stolik 1 · Rozdanie 1: było −6, +2, +2, +2 → −8, +4, +2, +2 (źle policzona kontra) — Sędzia Sali,',
    );
    expect(text).toContain(
      'rozdanie poprawione na telefonie stolika · Runda 1 · Stolik 1 · Rozdanie 1: było +6, −2, −2, −2 → −6, +2, +2, +2 — telefon 1 stolika 1,',
    );
    expect(text).toContain(
      'rozdanie odesłane przy stoliku do poprawki · Runda 1 · Stolik 1 · Rozdanie 1: +6, −2, −2, −2 — telefon 2 stolika 1,',
    );
    expect(text).not.toMatch(/[[\]{}"]/); // no JSON
    await history.scrollIntoViewIfNeeded();
    await director.page.screenshot({ path: join(SHOTS, 'history-1280.png') });
    expect(await accessibilityProblems(director.page)).toEqual([]);
    await director.page.setViewportSize(PHONE);
    await history.scrollIntoViewIfNeeded();
    await director.page.screenshot({ path: join(SHOTS, 'history-360.png') });
    expect(await director.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    expect([...scorer.errors, ...second.errors, ...director.errors]).toEqual([]);
  });
});
