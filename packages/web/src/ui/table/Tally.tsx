// The tricks and card points taken so far, by side as far as this seat knows the sides.
import type { PlayerView } from '@baska/engine';
import type { TableInfo } from '@baska/protocol';
import { lang, t } from '../../i18n.js';
import { seatName } from '../words.js';
import { trickPoints } from './points.js';

/** By the view's `sides`; the seats whose side this seat cannot know yet are counted apart. */
export function Tally({ view, info, mine }: { view: PlayerView; info: TableInfo; mine: number | null }) {
  const w = t();
  if (view.phase !== 'play' || view.tricks.length === 0) return null;
  const groups: { label: string; seats: number[] }[] = [
    { label: w.old, seats: [0, 1, 2, 3].filter((s) => view.sides[s] === 'old') },
    { label: w.young, seats: [0, 1, 2, 3].filter((s) => view.sides[s] === 'young') },
    { label: w.sideUnknown, seats: [0, 1, 2, 3].filter((s) => view.sides[s] === null) },
  ];
  const names = new Intl.ListFormat(lang.value, { type: 'conjunction' });
  return (
    <section class="tally" aria-label={w.soFar}>
      <b>{w.soFar}:</b>
      {groups
        .filter((g) => g.seats.length > 0)
        .map((g) => {
          const taken = view.tricks.filter((tr) => g.seats.includes(tr.winner!));
          const points = taken.reduce((sum, tr) => sum + trickPoints(tr), 0);
          return (
            <span key={g.label} title={names.format(g.seats.map((s) => seatName(info, s, mine)))}>
              {g.label}: {w.tricks(taken.length)}, {w.points(points)}
            </span>
          );
        })}
    </section>
  );
}
