// Each card or call with its expected score and chance to win: the replay's analysis and the
// table's hint show the same table.
import type { ActionValue } from '@baska/ai';
import type { CardCode } from '@baska/engine';
import { lang, t } from '../i18n.js';
import { num, percent } from '../i18n/format.js';
import { cardLabel } from './Card.js';
import { callLabel } from './words.js';

/** The rows in the order given; `marked` (the move played, or the best) is highlighted, with `markNote` after it. */
export function ActionValues(props: {
  values: readonly ActionValue[];
  preset: string;
  marked?: string;
  markNote?: string;
}) {
  const w = t();
  const label = (a: string) => (/^[ATQJ][cshd]$/.test(a) ? cardLabel(a as CardCode) : callLabel(a, props.preset));
  const share = (n: number) => percent(lang.value, n);
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{w.action}</th>
          <th scope="col">{w.expected}</th>
          <th scope="col">{w.winChance}</th>
        </tr>
      </thead>
      <tbody>
        {props.values.map((v) => (
          <tr key={v.action} class={v.action === props.marked ? 'chosen' : ''} data-action={v.action}>
            <td>
              {label(v.action)}
              {v.action === props.marked && props.markNote && ` (${props.markNote})`}
            </td>
            <td>{num(lang.value, Math.round(v.expectedScore * 100) / 100)}</td>
            <td>{share(v.winProbability)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
