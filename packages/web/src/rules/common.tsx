// What the rules page's texts share: the shape each language fills, a row of card pictures in an
// order, and numbers and money through Intl.
import type { CardCode, ComponentChildren } from './types.js';
import { CardFace, cardLabel } from '../ui/Card.js';

/** One section of the rules page: an anchor, a heading and its body. */
export interface Section {
  id: string;
  heading: string;
  body: ComponentChildren;
}

/** What one language's rules module exports. */
export interface RulesContent {
  title: string;
  contents: string;
  sections: Section[];
  /** The per-preset options table: its heading, column heads, and each option's name and value in words. */
  options: {
    heading: string;
    intro: string;
    option: string;
    value: string;
    name: Record<string, string>;
    /** An option's value in words; `top` is the name of the highest doubling, for `maxDoubling`. */
    value_: (option: string, v: unknown, top?: string) => string;
  };
  glossary: { heading: string; entries: { term: string; text: ComponentChildren }[] };
}

/** Cards from the highest down, as pictures with their names for screen readers. */
export function CardRow({ codes, order, label }: { codes: string; order: string; label: string }) {
  return (
    <ol class="card-row" data-order={order} aria-label={label}>
      {codes.split(' ').map((c) => (
        <li key={c} data-card={c} title={cardLabel(c as CardCode)}>
          <CardFace code={c as CardCode} />
          <span class="sr-only">{cardLabel(c as CardCode)}</span>
        </li>
      ))}
    </ol>
  );
}

/** Numbers, money and counts as in the rest of the site (i18n/format.ts): one plural rule, one minus sign. */
export { count as plural, num, zloty } from '../i18n/format.js';

/**
 * The games table: a game per row. On a phone each row stacks into a block, each cell after its
 * column's name (the `data-label` the stylesheet shows), so nothing scrolls sideways.
 */
export function GamesTable({ head, rows }: { head: string[]; rows: ComponentChildren[][] }) {
  return (
    <table class="games">
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([game, ...cells], i) => (
          <tr key={i}>
            <th scope="row">{game}</th>
            {cells.map((c, j) => (
              <td key={j} data-label={head[j + 1]}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
