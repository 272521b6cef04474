// The rules page: what a newcomer must read to play (cards, card order with pictures, following,
// the games, the sides, doublings, the score, the presets, a glossary), in the current language,
// then the chosen preset's options in words. The long texts live in ../rules/<lang>.tsx.
import { DOUBLING_NAMES, PRESETS, type Preset, rulesOf } from '@baska/engine';
import { lang, t } from '../i18n.js';
import type { RulesContent } from '../rules/common.js';
import { RULES_DE } from '../rules/de.js';
import { RULES_EN } from '../rules/en.js';
import { RULES_PL } from '../rules/pl.js';
import { go } from '../store.js';
import '../rules/rules.css';

const CONTENT: Record<string, RulesContent> = { pl: RULES_PL, en: RULES_EN, de: RULES_DE };

/** The presets as players name them (the towns whose tournaments wrote them). */
const PRESET_NAMES: Record<Preset, Record<string, string>> = {
  standard: { pl: 'standardowe', en: 'standard', de: 'Standard' },
  leborsk: { pl: 'Lębork', en: 'Lębork', de: 'Lębork' },
  znin: { pl: 'Żnin', en: 'Żnin', de: 'Żnin' },
  kop: { pl: 'Kop', en: 'Kop', de: 'Kop' },
};

export function Rules({ preset }: { preset: string }) {
  const w = t();
  const c = CONTENT[lang.value] ?? RULES_PL;
  const p = (PRESETS as readonly string[]).includes(preset) ? (preset as Preset) : 'standard';
  const rules = rulesOf(p) as unknown as Record<string, unknown>;
  const top = (n: number) => DOUBLING_NAMES[p][n - 1];
  return (
    <main class="rules">
      <h2>{c.title}</h2>
      <nav class="toc" aria-label={c.contents}>
        <ol>
          {[
            ...c.sections,
            { id: 'ustawienia', heading: c.options.heading },
            { id: 'slowniczek', heading: c.glossary.heading },
          ].map((s) => (
            <li key={s.id}>
              <a
                href={`#/rules/${p}`}
                onClick={(e) => {
                  e.preventDefault();
                  document.getElementById(s.id)?.scrollIntoView();
                }}
              >
                {s.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {c.sections.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`}>
          <h3 id={`${s.id}-h`}>{s.heading}</h3>
          {s.body}
        </section>
      ))}
      <section id="ustawienia" aria-labelledby="ustawienia-h">
        <h3 id="ustawienia-h">
          {c.options.heading}: {PRESET_NAMES[p][lang.value]}
        </h3>
        <nav class="row wrap" aria-label={w.preset}>
          {PRESETS.map((x) => (
            <button key={x} aria-current={x === p} onClick={() => go(`rules/${x}`)}>
              {PRESET_NAMES[x][lang.value]}
            </button>
          ))}
        </nav>
        <p>{c.options.intro}</p>
        <table class="options">
          <thead>
            <tr>
              <th scope="col">{c.options.option}</th>
              <th scope="col">{c.options.value}</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(rules)
              .filter(([k]) => k !== 'preset')
              .map(([k, v]) => (
                <tr key={k} data-option={k}>
                  <td>{c.options.name[k] ?? k}</td>
                  <td>{c.options.value_(k, v, typeof v === 'number' ? top(v) : undefined)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </section>
      <section id="slowniczek" aria-labelledby="slowniczek-h">
        <h3 id="slowniczek-h">{c.glossary.heading}</h3>
        <dl class="glossary">
          {c.glossary.entries.map((g) => (
            <>
              <dt>{g.term}</dt>
              <dd>{g.text}</dd>
            </>
          ))}
        </dl>
      </section>
    </main>
  );
}
