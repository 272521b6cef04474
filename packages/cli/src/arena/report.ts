// The words of `baska arena`'s report, Polish (the default) or English, and the report itself as
// Markdown with an SVG plot of the running difference. Numbers go through Intl in the chosen
// language; seats are counted 1–4, as people count them.
import type { ArenaSummary, Interval } from '@baska/ai';
import { fixed, percent } from '../numbers.js';
import { type Lang, plural } from '../text.js';

const T = {
  pl: {
    title: (a: string, b: string, rules: string) => `# Arena: ${a} przeciw ${b} (${rules})`,
    intro: (deals: string, seed: string, a: string, b: string) => [
      `${deals}, ziarno \`${seed}\`. Każde rozdanie gra się dwa razy: ${a} na miejscach 1 i 3, ${b} na 2 i 4,`,
      `potem na odwrót, tak że obaj grają każdą rękę na każdej pozycji. Wynik to punkty na miejsce`,
      `i rozdanie (każde rozdanie liczone osobno: bez bok-rund przenoszonych między rozdaniami).`,
    ],
    deals: (n: number) => `${n} ${plural(n, 'rozdanie duplikatowe', 'rozdania duplikatowe', 'rozdań duplikatowych')}`,
    reproduce: 'Powtórzysz to poleceniem:',
    result: '## Wynik',
    player: 'gracz',
    meanHead: 'średni wynik na miejsce i rozdanie',
    ci: '95% PU',
    difference: (a: string, b: string, text: string) => `Różnica w parach ${a} − ${b} na rozdanie: ${text}.`,
    stronger: (x: string, where: string) =>
      `**${x} jest silniejszy**: 95% przedział ufności różnicy leży ${where} zera.`,
    above: 'powyżej',
    below: 'poniżej',
    none: 'Różnicy nie wykazano: 95% przedział ufności różnicy zawiera zero.',
    plotAlt: 'bieżąca różnica',
    byRole: '## Według strony',
    roleIntro:
      'Gry na miejscu po każdej stronie (starzy: strona rozgrywającego albo posiadacze czarnych dam) i średni wynik w nich.',
    role: 'strona',
    roles: { old: 'starzy', young: 'młodzi' } as Record<string, string>,
    seatGames: 'gry na miejscu',
    mean: 'średnio',
    byContract: '## Według kontraktu',
    contractIntro: (a: string, b: string) => [
      `Kontrakt, w którym skończyła się każda gra (dwie gry rozdania mogą się różnić), ze średnim wynikiem ${a}`,
      `na grę na miejscu; wynik ${b} jest przeciwny, bo obaj siedzą dwa razy przy każdym stole.`,
    ],
    contract: 'kontrakt',
    each: 'gry na miejscu, każdy',
    gap: '## Odległość od wyroczni',
    gapIntro: (n: number, x: string) => [
      `${n === 1 ? 'Na pierwszym rozdaniu' : `Na pierwszych ${n} rozdaniach`} każdy gracz i wyrocznia rozegrali też mecz duplikatowy przeciw \`${x}\`.`,
      x === 'basic'
        ? 'Wyrocznia widzi wszystkie karty i wie, jak gra basic: gra najlepszą odpowiedź na niego, więc żaden gracz nie zyska nad nim więcej.'
        : 'Wyrocznia widzi wszystkie karty i gra bezbłędnie przy odkrytych kartach.',
      `Udział to przewaga gracza nad ${x} podzielona przez przewagę wyroczni: 0% gra jak ${x}, 100% jak wyrocznia.`,
    ],
    lead: (x: string) => `przewaga nad ${x} na rozdanie`,
    share: 'udział w przewadze wyroczni',
    times: '## Czas decyzji',
    timesIntro: [
      'Milisekundy na decyzję na jednym rdzeniu (każdy wątek roboczy gra naraz jedną grę); „z wyborem” pomija',
      'decyzje z jednym dozwolonym ruchem.',
    ],
    decisions: 'decyzje',
    median: 'mediana',
    withChoice: 'z wyborem: mediana',
    plotTitle: (a: string, b: string, rules: string) => `Bieżąca średnia ${a} − ${b} na rozdanie (${rules})`,
    plotAxis: 'rozdania duplikatowe',
  },
  en: {
    title: (a: string, b: string, rules: string) => `# Arena: ${a} vs ${b} (${rules})`,
    intro: (deals: string, seed: string, a: string, b: string) => [
      `${deals}, seed \`${seed}\`. Each deal is played twice, ${a} in seats 1 and 3 and ${b} in 2 and 4,`,
      `then the other way round, so both play every hand in every position. A score is points per seat`,
      `and deal (a deal scored on its own: no bok-rounds carried between deals).`,
    ],
    deals: (n: number) => `${n} duplicate ${n === 1 ? 'deal' : 'deals'}`,
    reproduce: 'Reproduce with:',
    result: '## Result',
    player: 'player',
    meanHead: 'mean score per seat and deal',
    ci: '95% CI',
    difference: (a: string, b: string, text: string) => `Paired difference ${a} − ${b} per deal: ${text}.`,
    stronger: (x: string, where: string) =>
      `**${x} is stronger**: the 95% confidence interval of the difference lies ${where} zero.`,
    above: 'above',
    below: 'below',
    none: 'No difference shown: the 95% confidence interval of the difference contains zero.',
    plotAlt: 'running difference',
    byRole: '## By role',
    roleIntro: `Seat-games on each side (old: the declarer's side, or the holders of the black queens) and the mean score there.`,
    role: 'role',
    roles: { old: 'old', young: 'young' } as Record<string, string>,
    seatGames: 'seat-games',
    mean: 'mean',
    byContract: '## By contract',
    contractIntro: (a: string, b: string) => [
      `The contract each game ended in (the two games of a deal may differ), with ${a}'s mean score per seat-game`,
      `in it; ${b}'s is its negative, as both sit twice at every table.`,
    ],
    contract: 'contract',
    each: 'seat-games each',
    gap: '## Gap to the oracle',
    gapIntro: (n: number, x: string) => [
      `On the first ${n === 1 ? 'deal' : `${n} deals`} each player, and the oracle, also played a duplicate match against \`${x}\`.`,
      x === 'basic'
        ? 'The oracle sees every card and knows how basic decides: it plays the best reply to it, so no player can gain more over basic.'
        : 'The oracle sees every card and plays double-dummy.',
      `The share is a player's lead over ${x} divided by the oracle's: 0% plays like ${x}, 100% like the oracle.`,
    ],
    lead: (x: string) => `lead over ${x} per deal`,
    share: "share of the oracle's lead",
    times: '## Decision times',
    timesIntro: [
      'Milliseconds per decision on one core (each worker thread runs one game at a time); "with a choice" leaves out',
      'the decisions with a single legal action.',
    ],
    decisions: 'decisions',
    median: 'median',
    withChoice: 'with a choice: median',
    plotTitle: (a: string, b: string, rules: string) => `Running mean of ${a} − ${b} per deal (${rules})`,
    plotAxis: 'duplicate deals',
  },
};

/** The report as Markdown; `plot` is the SVG file's name beside it, if any. */
export function reportMarkdown(s: ArenaSummary, command: string, lang: Lang, plot?: string): string {
  const w = T[lang];
  const f = (x: number, digits = 2) => (x >= 0 ? ' ' : '') + fixed(lang, x, digits);
  const ci = (i: Interval, digits = 2) => `${f(i.mean, digits)} (${w.ci} ${f(i.low, digits)} … ${f(i.high, digits)})`;
  const [a, b] = s.bots;
  const verdict =
    s.difference.low > 0 ? w.stronger(a, w.above) : s.difference.high < 0 ? w.stronger(b, w.below) : w.none;
  const lines = [
    w.title(a, b, s.rules),
    '',
    ...w.intro(w.deals(s.deals), s.seed, a, b),
    '',
    w.reproduce,
    '',
    '```',
    command,
    '```',
    '',
    w.result,
    '',
    `| ${w.player} | ${w.meanHead} |`,
    `|---|---|`,
    `| ${a} | ${ci(s.mean[0])} |`,
    `| ${b} | ${ci(s.mean[1])} |`,
    '',
    w.difference(a, b, ci(s.difference)),
    '',
    verdict,
    '',
  ];
  if (plot) lines.push(`![${w.plotAlt}](${plot})`, '');
  lines.push(
    w.byRole,
    '',
    w.roleIntro,
    '',
    `| ${w.role} | ${a}: ${w.seatGames} | ${a}: ${w.mean} | ${b}: ${w.seatGames} | ${b}: ${w.mean} |`,
    '|---|---:|---:|---:|---:|',
    ...s.byRole.map(
      (r) => `| ${w.roles[r.key] ?? r.key} | ${r.n[0]} | ${f(r.mean[0])} | ${r.n[1]} | ${f(r.mean[1])} |`,
    ),
    '',
    w.byContract,
    '',
    ...w.contractIntro(a, b),
    '',
    `| ${w.contract} | ${w.each} | ${a}: ${w.mean} |`,
    '|---|---:|---:|',
    ...s.byContract.map((r) => `| ${r.key} | ${r.n[0]} | ${f(r.mean[0])} |`),
    '',
  );
  if (s.gap) {
    const gap = s.gap;
    lines.push(
      w.gap,
      '',
      ...w.gapIntro(gap.deals, gap.against),
      '',
      `| ${w.player} | ${w.lead(gap.against)} | ${w.share} |`,
      '|---|---|---:|',
      ...Object.entries(gap.lead).map(([name, i]) => `| ${name} | ${ci(i)} | ${percent(lang, gap.share[name]!)} |`),
      '',
    );
  }
  lines.push(
    w.times,
    '',
    ...w.timesIntro,
    '',
    `| ${w.player} | ${w.decisions} | ${w.median} | p99 | max | ${w.withChoice} | p99 |`,
    '|---|---:|---:|---:|---:|---:|---:|',
    ...Object.entries(s.times).map(
      ([name, t]) =>
        `| ${name} | ${t.decisions} | ${fixed(lang, t.median, 3)} | ${fixed(lang, t.p99, 3)} | ${fixed(lang, t.max, 1)} | ${fixed(lang, t.withChoice.median, 3)} | ${fixed(lang, t.withChoice.p99, 3)} |`,
    ),
    '',
  );
  return lines.join('\n');
}

/** An SVG line chart of the running mean difference, with its 95% band at the end marked. */
export function runningPlot(s: ArenaSummary, lang: Lang): string {
  const w = T[lang];
  const W = 720;
  const H = 320;
  const m = { l: 60, r: 20, t: 30, b: 40 };
  const xs = s.running;
  const n = xs.length;
  // Skip the first few deals, whose running mean swings wildly, when choosing the vertical scale.
  const settled = xs.slice(Math.min(n - 1, Math.floor(n / 20)));
  let lo = Math.min(0, s.difference.low, ...settled);
  let hi = Math.max(0, s.difference.high, ...settled);
  const pad = (hi - lo) * 0.1 || 1;
  lo -= pad;
  hi += pad;
  const x = (i: number) => m.l + ((W - m.l - m.r) * i) / Math.max(1, n - 1);
  const y = (v: number) => m.t + ((H - m.t - m.b) * (hi - Math.max(lo, Math.min(hi, v)))) / (hi - lo);
  const step = Math.max(1, Math.floor(n / 600));
  const points: string[] = [];
  for (let i = 0; i < n; i += step) points.push(`${x(i).toFixed(1)},${y(xs[i]!).toFixed(1)}`);
  points.push(`${x(n - 1).toFixed(1)},${y(xs[n - 1]!).toFixed(1)}`);
  const ticks = [lo, (lo + hi) / 2, hi].map(
    (v) => `<text x="${m.l - 6}" y="${y(v) + 4}" text-anchor="end">${fixed(lang, v, 1)}</text>`,
  );
  const [a, b] = s.bots;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">
<rect width="${W}" height="${H}" fill="white"/>
<text x="${W / 2}" y="18" text-anchor="middle" font-size="14">${w.plotTitle(a, b, s.rules)}</text>
<line x1="${m.l}" y1="${y(0)}" x2="${W - m.r}" y2="${y(0)}" stroke="#999" stroke-dasharray="4 3"/>
<rect x="${x(n - 1) - 4}" y="${y(s.difference.high)}" width="8" height="${Math.max(1, y(s.difference.low) - y(s.difference.high))}" fill="#c33" opacity="0.4"><title>${w.ci} ${fixed(lang, s.difference.low, 2)} … ${fixed(lang, s.difference.high, 2)}</title></rect>
<polyline fill="none" stroke="#236" stroke-width="1.5" points="${points.join(' ')}"/>
<line x1="${m.l}" y1="${m.t}" x2="${m.l}" y2="${H - m.b}" stroke="#333"/>
<line x1="${m.l}" y1="${H - m.b}" x2="${W - m.r}" y2="${H - m.b}" stroke="#333"/>
${ticks.join('\n')}
<text x="${m.l}" y="${H - m.b + 16}" text-anchor="middle">1</text>
<text x="${W - m.r}" y="${H - m.b + 16}" text-anchor="end">${n}</text>
<text x="${W / 2}" y="${H - 8}" text-anchor="middle">${w.plotAxis}</text>
</svg>
`;
}
