// What the browser tests share: Debian's Chromium, where screenshots go, and axe-core's checks (playing a seat through the table screen: play.ts).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const CHROMIUM = process.env.BASKA_CHROMIUM ?? '/usr/bin/chromium';
export const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

/** What axe-core finds against WCAG 2 A and AA on the page as it is (contrast, labels, roles…). */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  // Evaluated by the test harness (the page's CSP refuses inline scripts, as it should).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] }),
  );
  return result.violations.map(
    (v) => `${v.impact}: ${v.id} — ${v.help}: ${v.nodes.map((n) => String(n.target)).join(', ')}`,
  );
}

/**
 * A page in a new browser context that has visited no other page (with a session cookie, for someone
 * signed in), its script errors collected: a screen must carry its own styles and state.
 */
export async function freshPage(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  cookie?: string,
) {
  const context = await browser.newContext({ viewport });
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url }]);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  return { context, page, errors };
}

/**
 * Debian's Chromium for one test file: launched before its tests (with the folders for screenshots
 * made), closed after them, then `after` (the servers' stop). Returns the browser while it runs.
 */
export function useChromium(after: () => Promise<void> = async () => {}): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    if (process.env.BASKA_SHOTS) mkdirSync(process.env.BASKA_SHOTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    await after();
  });
  return () => browser!;
}

/**
 * The texts a person cannot read whole on the page as it is: cut by a box that hides its overflow
 * (an ellipsis, a scrolling column) or running past the window's edge. Each text node is measured by
 * its own box (a Range), so a name cut to "Mści…" is found although the DOM holds it whole.
 */
export function clippedTexts(page: Page, selector = 'main'): Promise<string[]> {
  return page.locator(selector).evaluate((root) => {
    const cut: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const el = node.parentElement;
      if (!text || !el || el.closest('.sr-only, option')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue; // not shown (a closed <details>)
      let clipped = box.right > window.innerWidth + 0.5 || box.left < -0.5;
      for (let a: HTMLElement | null = el; a && !clipped && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const frame = a.getBoundingClientRect();
        clipped = box.right > frame.right + 0.5 || box.left < frame.left - 0.5;
      }
      if (clipped) cut.push(text);
    }
    return cut;
  });
}
