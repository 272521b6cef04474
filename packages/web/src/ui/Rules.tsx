// The rules of a preset, readable in the app: what each option is set to, and the glossary.
import { PRESETS, type Preset, rulesOf } from '@baska/engine';
import { GLOSSARY, lang, t } from '../i18n.js';
import { OPTION_TEXT, optionValue } from '../options.js';
import { go } from '../store.js';

export function Rules({ preset }: { preset: string }) {
  const w = t();
  const p = (PRESETS as readonly string[]).includes(preset) ? (preset as Preset) : 'standard';
  const rules = rulesOf(p) as unknown as Record<string, unknown>;
  return (
    <main class="rules">
      <h2>
        {w.rules}: {p}
      </h2>
      <nav class="row wrap" aria-label={w.preset}>
        {PRESETS.map((x) => (
          <button key={x} aria-current={x === p} onClick={() => go(`rules/${x}`)}>
            {x}
          </button>
        ))}
      </nav>
      <p>{w.rulesIntro}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">{w.option}</th>
            <th scope="col">{w.value}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(rules)
            .filter(([k]) => k !== 'preset')
            .map(([k, v]) => (
              <tr key={k}>
                <td>
                  {OPTION_TEXT[k]?.[lang.value] ?? ''} <code>{k}</code>
                </td>
                <td>{optionValue(v, w.yes, w.no)}</td>
              </tr>
            ))}
        </tbody>
      </table>
      <h2>{w.glossary}</h2>
      <dl class="glossary">
        {GLOSSARY.map((g) => (
          <>
            <dt>{g.term}</dt>
            <dd>{g[lang.value]}</dd>
          </>
        ))}
      </dl>
    </main>
  );
}
