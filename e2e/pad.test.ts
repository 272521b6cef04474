// The score pad in Chromium against the real server (PostgreSQL with BASKA_TEST_PG_URL, else SQLite):
// a signed-in player keeps a pad through a bok-round, an offence, typed points and an undo; a
// watcher's link updates by itself; a deal made offline waits on the phone and arrives once; hostile
// requests are refused with a code and change nothing; a guest's pad stays in the browser over a
// reload; at 360 px with five long names, doublings entered as said count as RULES §3 says, the list
// tells each deal in words with every column on the screen, and undo asks first. Screenshots at phone and desktop sizes (BASKA_SHOTS names a second folder for them), and
// axe-core's WCAG 2 A/AA checks on the entry screen.
import { type BrowserContext, type Locator, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BROWSER_DATABASES, type Running, start, stopAll } from '../packages/server/test/harness.js';
import { pl } from '../packages/web/src/i18n/pl.js';
import { ARTIFACTS, accessibilityProblems, useChromium } from './browser.js';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.BASKA_SHOTS;
const w = pl.pad;

const browser = useChromium(stopAll);

async function open(
  server: Running,
  viewport = PHONE,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser().newContext({ viewport, hasTouch: viewport === PHONE });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) errors.push(m.text());
  });
  await page.goto(`${server.url}/#/pad`);
  return { context, page, errors };
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A screenshot of one part of the page, at the page's size. */
async function shotOf(part: Locator, name: string) {
  await part.screenshot({ path: `${ARTIFACTS}${name}.png` });
  if (SHOTS) await part.screenshot({ path: `${SHOTS}/${name}.png` });
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Enter a deal in words through the quick buttons. */
async function deal(
  page: Page,
  d: {
    contract: string;
    old: string[];
    /** Who said each doubling, in order (each says the next word: kontra, rekontra, …). */
    said?: string[];
    grade?: [string, string];
    winner?: string;
    tie?: boolean;
    points?: number;
    offence?: [string, string];
  },
) {
  const form = page.locator('section.pad-entry');
  await form.getByRole('button', { name: d.contract, exact: true }).click();
  const oldSet = form.locator('fieldset').nth(1);
  for (const n of d.old) await oldSet.getByRole('button', { name: n, exact: true }).click();
  for (const [i, who] of (d.said ?? []).entries())
    await form
      .getByRole('group', { name: w.saidWho(['kontra', 'rekontra', 'bok', 'hirsz'][i]!) })
      .getByRole('button', { name: who, exact: true })
      .click();
  if (d.grade)
    await form.getByRole('group', { name: d.grade[0] }).getByRole('button', { name: d.grade[1], exact: true }).click();
  if (d.winner) await form.getByRole('button', { name: d.winner, exact: true }).click();
  if (d.tie) await form.getByRole('button', { name: w.tie, exact: true }).click();
  if (d.points !== undefined) await form.getByLabel(w.points).fill(String(d.points));
  if (d.offence) {
    await form.locator('details.offence summary').click();
    await form
      .getByRole('group', { name: w.offender, exact: true })
      .getByRole('button', { name: d.offence[0], exact: true })
      .click();
    await form.getByLabel(w.offenceKind).selectOption(d.offence[1]);
  }
  await form.getByRole('button', { name: w.save }).click();
}

const text = (l: Locator) =>
  l
    .first()
    .innerText({ timeout: 10_000 })
    .catch(() => '');
const totals = (page: Page) => page.locator('.pad-totals li b').allInnerTexts();
const num = (s: string) => Number(s.replace('−', '-').replace('+', ''));

describe.each(BROWSER_DATABASES)('the score pad on $name', (database) => {
  it('a pad with a bok-round, an offence, typed points and an undo; a watcher; offline entries; hostile requests', async () => {
    const server = await start(database.env());
    const { context, page, errors } = await open(server);
    const reg = await context.request.post(`${server.url}/api/register`, {
      data: { name: 'Anna', password: 'kaszëbë-1234' },
    });
    expect(reg.status()).toBe(200);
    await page.reload();
    // A new pad: four names, the standard rules, 20 gr a point.
    const names = ['Anna', 'Bolek', 'Celina', 'Darek'];
    for (const [i, n] of names.entries()) await page.getByLabel(w.player(i + 1), { exact: true }).fill(n);
    await page.getByLabel(w.stake).fill('20');
    await page.getByRole('button', { name: w.start }).click();
    await page.waitForURL(/#\/pad\/s\//);
    const id = /#\/pad\/s\/([A-Za-z0-9_-]+)/.exec(page.url())![1]!;

    // 1: zwyczajna, the old (Anna, Celina) win z wyjściem: +1.
    await deal(page, { contract: 'zwyczajna', old: ['Anna', 'Celina'], grade: [w.oldWon, 'z wyjściem'] });
    await expect.poll(() => totals(page)).toEqual(['+1', '−1', '+1', '−1']);
    // 2: 52:52, the young win, ×2 for the old's loss: −2; a bok-round starts.
    await deal(page, { contract: 'zwyczajna', old: ['Anna', 'Celina'], tie: true });
    await expect.poll(() => totals(page)).toEqual(['−1', '+1', '−1', '+1']);
    await expect.poll(() => text(page.locator('.pad-status'))).toContain(w.bokLeft(4));
    await expect.poll(() => text(page.locator('.pad-next'))).toContain(w.bokRound);
    // Phone screenshots of the entry screen in a bok-round, with the row it will give.
    await page.locator('section.pad-entry').getByRole('button', { name: 'gran', exact: true }).click();
    await page.locator('section.pad-entry fieldset').nth(1).getByRole('button', { name: 'Bolek', exact: true }).click();
    await page
      .locator('section.pad-entry')
      .getByRole('group', { name: w.saidWho('kontra') })
      .getByRole('button', { name: 'Anna', exact: true })
      .click();
    await button(page, w.soloWon).click();
    await expect.poll(() => text(page.locator('.preview'))).toContain('+60');
    await shot(page, 'pad-entry-360');
    expect(await accessibilityProblems(page)).toEqual([]);
    // 3: gran by Bolek with a kontra, won, in the bok-round: 5 × 2 × 2 = 20 each, +60 for him.
    await page.locator('section.pad-entry').getByRole('button', { name: w.save }).click();
    await expect.poll(() => totals(page)).toEqual(['−21', '+61', '−21', '−19']);
    // 4: an offence: Darek (young) fails to follow in zwyczajna: the old win z wyjściem, ×2 in the bok-round.
    await deal(page, { contract: 'zwyczajna', old: ['Anna', 'Bolek'], offence: ['Darek', 'revoke'] });
    await expect.poll(() => totals(page)).toEqual(['−19', '+63', '−23', '−21']);
    await expect.poll(() => text(page.locator('.pad-sheet tbody').nth(3))).toContain(w.marks.offence);
    // 5: typed small points, then undone.
    await button(page, w.inNumbers).click();
    const inputs = page.locator('.numbers input');
    for (const [i, v] of ['4', '-4', '4', '-3'].entries()) await inputs.nth(i).fill(v);
    await expect.poll(() => text(page.locator('.pad-numbers'))).toContain(w.sum(1));
    expect(await page.locator('.pad-numbers button.save').isDisabled()).toBe(true);
    await inputs.nth(3).fill('-4');
    await page.locator('.pad-numbers button.save').click();
    await expect.poll(() => totals(page)).toEqual(['−15', '+59', '−19', '−25']);
    await button(page, w.undo).click();
    await button(page, w.undoYes).click();
    await expect.poll(() => totals(page)).toEqual(['−19', '+63', '−23', '−21']);
    await expect.poll(() => text(page.locator('.pad-status'))).toContain(w.bokLeft(2));
    await expect.poll(() => text(page.locator('.pad-totals .money').first())).toContain('3,80');

    // A watcher with the link, not signed in: read-only, and it follows by itself.
    const watcher = await open(server, DESKTOP);
    await watcher.page.goto(`${server.url}/#/pad/s/${id}`);
    await expect.poll(() => text(watcher.page.locator('.banner'))).toContain(w.watching);
    await expect.poll(() => totals(watcher.page)).toEqual(['−19', '+63', '−23', '−21']);
    expect(await watcher.page.locator('section.pad-entry').count()).toBe(0);
    expect(await watcher.page.getByRole('button', { name: w.undo }).count()).toBe(0);

    // Offline: the deal waits on the phone, marked, and arrives once when the connection returns.
    await button(page, w.inWords).click();
    await context.setOffline(true);
    await deal(page, { contract: 'cicha', old: ['Celina'], winner: w.soloWon });
    await expect.poll(() => text(page.locator('.banner.warn'))).toContain(w.waiting(1).slice(0, 20));
    await expect.poll(() => totals(page)).toEqual(['−27', '+55', '+1', '−29']); // computed on the phone meanwhile
    expect(await page.locator('.pad-sheet tbody.pending').count()).toBe(1);
    await context.setOffline(false);
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await expect.poll(() => page.locator('.banner.warn').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => totals(watcher.page), { timeout: 10_000 }).toEqual(['−27', '+55', '+1', '−29']);
    const stored = await (await context.request.get(`${server.url}/api/pads/${id}`)).json();
    expect(stored.pad.rows).toHaveLength(5);
    await shot(page, 'pad-totals-360');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'pad-entry-1280');
    await shot(watcher.page, 'pad-watch-1280');

    // Hostile requests: a row that does not sum to zero, and an entry to another's pad.
    const bolek = await browser().newContext();
    await bolek.request.post(`${server.url}/api/register`, { data: { name: 'Bolek', password: 'kaszëbë-1234' } });
    const refusals = [
      await context.request.post(`${server.url}/api/pads/${id}/entries`, {
        data: { id: 'hostile-sum-1', scores: [5, 5, -5, -4] },
      }),
      await bolek.request.post(`${server.url}/api/pads/${id}/entries`, {
        data: { id: 'hostile-other-1', scores: [5, -5, 5, -5] },
      }),
      await bolek.request.post(`${server.url}/api/pads/${id}/undo`, { data: { entry: stored.pad.rows[4].id } }),
    ];
    expect(await Promise.all(refusals.map(async (r) => (await r.json()).error.code))).toEqual([
      'ERR_SUM',
      'ERR_NOT_OWNER',
      'ERR_NOT_OWNER',
    ]);
    const after = await (await context.request.get(`${server.url}/api/pads/${id}`)).json();
    expect(after.pad).toEqual(stored.pad);
    expect(errors).toEqual([]);
    expect(watcher.errors).toEqual([]);
    await Promise.all([context.close(), watcher.context.close(), bolek.close()]);
  });
});

/** One server for the guests' pads below: each test's pad lives in its own fresh browser context. */
let guests: Promise<Running> | undefined;
const guestServer = () => (guests ??= start({}));

describe("a guest's pad", () => {
  it('stays in the browser over a reload, at a table of five where the dealer sits out', async () => {
    const server = await guestServer();
    const { context, page, errors } = await open(server);
    for (const [i, n] of ['Ala', 'Bartek', 'Czesia', 'Dawid', 'Ewa'].entries())
      await page.getByLabel(i < 4 ? w.player(i + 1) : w.fifth, { exact: true }).fill(n);
    expect(await page.locator('.note').filter({ hasText: w.guestNote }).count()).toBe(1);
    await shot(page, 'pad-new-360');
    await page.getByRole('button', { name: w.start }).click();
    await page.waitForURL(/#\/pad\/l\//);
    await expect.poll(() => text(page.locator('.pad-next'))).toContain('Ala');
    // Ala deals and sits out: she is not offered as old.
    expect(await page.locator('section.pad-entry fieldset').nth(1).getByRole('button', { name: 'Ala' }).count()).toBe(
      0,
    );
    await deal(page, { contract: 'zwyczajna', old: ['Bartek', 'Ewa'], points: 80 });
    await expect.poll(() => totals(page)).toEqual(['0', '+2', '−2', '−2', '+2']);
    await page.reload();
    await expect.poll(() => totals(page)).toEqual(['0', '+2', '−2', '−2', '+2']);
    await expect.poll(() => text(page.locator('.pad-next'))).toContain('Bartek');
    expect(await accessibilityProblems(page)).toEqual([]);
    await button(page, w.inNumbers).click();
    expect(await page.locator('.numbers input').nth(1).isDisabled()).toBe(true); // Bartek deals the second deal and sits out
    await shot(page, 'pad-numbers-360');
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect((await totals(page)).map(num).reduce((a, b) => a + b)).toBe(0);
    await context.close();
  });
});

describe("a pad at 360 px with five names, in the game's words", () => {
  it('doublings entered as said, counted by the rules; the list in words with no column off the screen; undo asks first', async () => {
    const server = await guestServer();
    const { context, page, errors } = await open(server); // a fresh phone that opened only the pad
    const names = ['Mścisław', 'Bożydar', 'Grzegorz', 'Józefina', 'Władysława'];
    for (const [i, n] of names.entries())
      await page.getByLabel(i < 4 ? w.player(i + 1) : w.fifth, { exact: true }).fill(n);
    await page.getByRole('button', { name: w.start }).click();
    await page.waitForURL(/#\/pad\/l\//);
    const form = page.locator('section.pad-entry');
    const saidBy = (word: string, who: string) =>
      form.getByRole('group', { name: w.saidWho(word) }).getByRole('button', { name: who, exact: true });

    // 1 (Mścisław deals and sits out): gran by Bożydar. Grzegorz kontra, Józefina rekontra (the
    // same side: counted once), Bożydar bok (counted): 2 counted, ×4.
    await form.getByRole('button', { name: 'gran', exact: true }).click();
    await form.locator('fieldset').nth(1).getByRole('button', { name: 'Bożydar', exact: true }).click();
    expect(await saidBy('kontra', 'Bożydar').isDisabled()).toBe(true); // no first kontra on his own game
    await saidBy('kontra', 'Grzegorz').click();
    expect(await saidBy('rekontra', 'Grzegorz').isDisabled()).toBe(true); // nobody says two words in a row
    await saidBy('rekontra', 'Józefina').click();
    await saidBy('bok', 'Bożydar').click();
    await button(page, w.soloWon).click();
    expect(await form.locator('.said-list li').allInnerTexts()).toEqual([
      'Grzegorz: kontra',
      'Józefina: rekontra',
      'Bożydar: bok',
    ]);
    const preview = form.locator('.preview');
    await expect.poll(() => text(preview)).toContain(`${w.preview}`);
    expect(await preview.locator('.preview-words').innerText()).toBe(
      'gran — Bożydar · liczone: 2 kontry (×4) · wygrał',
    );
    expect(await preview.locator('li').allInnerTexts()).toEqual([
      'Bożydar: +60',
      'Grzegorz: −20',
      'Józefina: −20',
      'Władysława: −20',
    ]);
    // A tapped choice looks chosen, an untapped one does not, on a phone that opened nothing else.
    const look = (name: string) =>
      form
        .getByRole('button', { name, exact: true })
        .evaluate((b) => [getComputedStyle(b).backgroundColor, getComputedStyle(b).color].join(' '));
    const [tapped, untapped] = [await look('gran'), await look('zollo')];
    expect(tapped).toBe('rgb(20, 83, 45) rgb(255, 255, 255)');
    expect(untapped).not.toBe(tapped);
    expect(await look(w.soloWon)).toBe(tapped);
    expect(await look(w.soloLost)).toBe(untapped);
    await shot(page, 'pad-said-360');
    await form.getByRole('button', { name: w.save }).click();

    // 2 (Bożydar sits out): Mścisław kontra with no game yet, then Józefina called wesele: the
    // kontra counts for nothing; the old win z wyjściem at 1, not 2.
    await form.getByRole('button', { name: 'wesele', exact: true }).click();
    for (const n of ['Józefina', 'Władysława'])
      await form.locator('fieldset').nth(1).getByRole('button', { name: n, exact: true }).click();
    await saidBy('kontra', 'Mścisław').click();
    await form.getByRole('group', { name: w.saidGameLate }).getByRole('button', { name: 'Józefina: wesele' }).click();
    await form.getByRole('group', { name: w.oldWon }).getByRole('button', { name: 'z wyjściem', exact: true }).click();
    expect(await form.locator('.said-list li').allInnerTexts()).toEqual(['Mścisław: kontra', 'Józefina: wesele']);
    await expect
      .poll(() => text(preview.locator('.preview-words')))
      .toBe('wesele — starzy: Józefina i Władysława · wygrali starzy z wyjściem');
    await form.getByRole('button', { name: w.save }).click();
    await expect.poll(() => totals(page)).toEqual(['−1', '+60', '−21', '−19', '−19']);

    // The list names each deal's game, declarer or old side and counted doublings, over its points.
    const deals = page.locator('.pad-sheet tbody');
    expect(await deals.locator('tr.what').allInnerTexts()).toEqual([
      '1. gran — Bożydar · liczone: 2 kontry (×4) · wygrał',
      '2. wesele — starzy: Józefina i Władysława · wygrali starzy z wyjściem',
    ]);
    expect(await deals.nth(0).locator('tr.points td').allInnerTexts()).toEqual(['–', '+60', '−20', '−20', '−20']);
    expect(await deals.nth(1).locator('tr.points td').allInnerTexts()).toEqual(['−1', '–', '−1', '+1', '+1']);
    // Every heading and cell on the screen, every name whole, and no scrolling sideways.
    const off = await page.evaluate(() => {
      const out: string[] = [];
      for (const c of Array.from(document.querySelectorAll<HTMLElement>('.pad-sheet th, .pad-sheet td'))) {
        const r = c.getBoundingClientRect();
        if (r.width <= 0 || r.left < 0 || r.right > innerWidth) out.push(`${c.innerText} at ${r.left}–${r.right}`);
      }
      for (const s of Array.from(document.querySelectorAll<HTMLElement>('.pad-sheet thead th span')))
        if (s.scrollHeight > s.clientHeight + 1 || s.scrollWidth > s.clientWidth + 1) out.push(`${s.innerText} cut`);
      return out;
    });
    expect(off).toEqual([]);
    expect(await page.locator('.pad-sheet thead th').allInnerTexts()).toEqual(names);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'pad-list-360');
    await shotOf(page.locator('section.sheet'), 'pad-list-part-360');

    // "Cofnij ostatnie rozdanie" asks first, naming the deal; "Nie" keeps it, "Tak, cofnij" takes it back.
    await button(page, w.undo).click();
    const ask = page.getByRole('group', { name: new RegExp(`^${w.undoAsk(2).replace('?', '\\?')}`) });
    expect(await ask.innerText()).toContain('wesele — starzy: Józefina i Władysława');
    expect(await deals.count()).toBe(2);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(w.undoNo); // the safe answer first
    await shotOf(page.locator('.pad-cols > div').last(), 'pad-undo-ask-360');
    expect(await accessibilityProblems(page)).toEqual([]);
    await ask.getByRole('button', { name: w.undoNo }).click();
    expect(await ask.count()).toBe(0);
    expect(await deals.count()).toBe(2);
    await button(page, w.undo).click();
    await ask.getByRole('button', { name: w.undoYes }).click();
    await expect.poll(() => deals.count()).toBe(1);
    expect(await totals(page)).toEqual(['0', '+60', '−20', '−20', '−20']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
