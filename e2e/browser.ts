// What the browser tests share: Debian's Chromium, where screenshots go, and axe-core's checks (playing a seat through the table screen: play.ts).
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

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
