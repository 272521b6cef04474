// The printed protocol of a table of five as paper shows it: the cells of the one who sits a deal
// out are marked with a dash, which every printer prints, not only with a shading that a browser's
// print drops by default ("Background graphics" off); the note under the table says what the dash is.
import { describe, expect, it } from 'vitest';
import { checkTournament, drawInto, protocolPage } from '../src/index.js';

function roundOfFive() {
  const players = Array.from({ length: 5 }, (_, i) => ({ id: `p${i + 1}`, name: `Gracz ${i + 1}` }));
  const t = checkTournament({ name: 'Piątka', format: 'znin', rules: 'znin', seed: 'piec', players, rounds: [] });
  if (!t.ok) throw new Error(t.error.message);
  const drawn = drawInto(t.value, 1);
  if (!drawn.ok) throw new Error(drawn.error.message);
  return drawn.value;
}

describe('a table of five on paper', () => {
  it('marks each sit-out cell with a dash, in every row, and says so under the table', () => {
    const t = roundOfFive();
    for (const lang of ['pl', 'en', 'de'] as const) {
      const page = protocolPage(t, 1, undefined, lang);
      const rows = [...page.matchAll(/<tr(?: class="bok")?><th>\d+<\/th>.*?<\/tr>/g)].map((m) => m[0]);
      expect(rows.length).toBe(t.format.deals[5]);
      for (const row of rows) {
        const out = [...row.matchAll(/<td class="out( total)?">([^<]*)<\/td>/g)].map((m) => m[2]);
        expect(out, row).toEqual(['—', '—']);
      }
      expect(page).toContain('(—)');
      expect(page).toMatch(/td\.out \{[^}]*print-color-adjust: exact/);
    }
  });
});
