// The reckoning in the end-of-deal summary: who was old and what made them so, each doubling and
// whether it counted, the grade and why, the value factor by factor, and the bok-round. RULES §2, §3, §5
import type { PlayerView } from '@baska/engine';
import type { JSX } from 'preact';
import type { TableInfo } from '@baska/protocol';
import { lang, t } from '../../i18n.js';
import { num } from '../../i18n/format.js';
import { cardShort } from '../Card.js';
import { callLabel, gradeName, nameInLine } from '../words.js';
import { type SidesStory, gradeReason, sidesStory, valueFactors, weighDoublings } from './reckoning.js';

/** Each old seat with what made it old. */
function oldWithReasons(story: SidesStory): { seat: number; why: string }[] {
  const w = t();
  switch (story.kind) {
    case 'ordinary':
      return story.old.map((o) => ({ seat: o.seat, why: o.queen ? cardShort(o.queen) : '' }));
    case 'cicha':
      return [{ seat: story.seat, why: w.whyCicha }];
    case 'wesele': {
      const jack = cardShort(story.jack);
      const partner = story.partner === null ? [] : [story.partner];
      return [
        { seat: story.declarer, why: w.whyWesele },
        ...partner.map((seat) => ({ seat, why: story.named ? w.whyNamedJack(jack) : w.whyJack(jack) })),
      ];
    }
    case 'solo':
      return [{ seat: story.declarer, why: w.whySolo(story.contract) }];
    case 'thrown':
      return [{ seat: story.declarer, why: w.whyThrown(w.holdings[story.holding], story.contract) }];
  }
}

export function Reckoning({ view, info, mine }: { view: PlayerView; info: TableInfo; mine: number | null }) {
  const w = t();
  const s = view.score!;
  const story = sidesStory(view)!;
  // The names joined as the language joins a list ("A i B", "A and B"), each with its reason beside it.
  const listed = (items: JSX.Element[]) =>
    new Intl.ListFormat(lang.value, { type: 'conjunction' })
      .formatToParts(items.map((_, i) => String(i)))
      .map((p, i) => (p.type === 'element' ? <span key={i}>{items[Number(p.value)]}</span> : p.value));
  const old = oldWithReasons(story).map(({ seat, why }) => (
    <>
      {nameInLine(info, seat, mine)}
      {why && <span class="why">{why}</span>}
    </>
  ));
  const young = [0, 1, 2, 3].filter((seat) => !s.old.includes(seat)).map((seat) => <>{nameInLine(info, seat, mine)}</>);
  const played = s.oldPoints !== null;
  const doublings = weighDoublings(view);
  const grade = gradeReason(view);
  const v = valueFactors(view)!;
  const factors = [
    `${num(lang.value, v.base)} (${s.grade ? w.factorGrade : s.contract})`,
    ...(v.loss > 1 ? [`${num(lang.value, v.loss)} (${w.factorLoss})`] : []),
    ...(v.doublings > 1 ? [`${num(lang.value, v.doublings)} (${w.factorDoublings})`] : []),
    ...(v.bok > 1 ? [`${num(lang.value, v.bok)} (${w.factorBok})`] : []),
  ];
  return (
    <dl class="reckoning">
      <dt>{s.old.length === 1 ? w.oldOne : w.old}</dt>
      <dd>
        {listed(old)}
        {played && (
          <span class="taken-by">
            {w.points(s.oldPoints!)}, {w.tricks(s.oldTricks ?? 0)}
          </span>
        )}
      </dd>
      <dt>{w.young}</dt>
      <dd>
        {listed(young)}
        {played && (
          <span class="taken-by">
            {w.points(s.youngPoints ?? 0)}, {w.tricks(s.youngTricks ?? 0)}
          </span>
        )}
      </dd>
      <dt>{w.doubling}</dt>
      <dd>
        {doublings.length === 0 ? (
          w.noDoublings
        ) : (
          <ul class="doublings">
            {doublings.map((d) => (
              <li key={d.index} class={d.verdict}>
                <b>{callLabel(d.call, info.preset)}</b> — {nameInLine(info, d.seat, mine)} (
                {d.side === 'old' ? w.oldOne : w.youngOne}): {w.verdict[d.verdict]}
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt>{w.multiplier}</dt>
      <dd>{w.countedTimes(s.counted, s.multiplier, doublings.length)}</dd>
      {grade && (
        <>
          <dt>{w.grade}</dt>
          <dd>
            <b>{gradeName(grade.grade)}</b>:{' '}
            {grade.grade === 3
              ? w.gradeNoTrick(grade.losers === 'old' ? w.old : w.young)
              : (grade.grade === 2 ? w.gradeUnder : w.gradeOver)(
                  grade.losers === 'old' ? w.old : w.young,
                  w.points(grade.points),
                  grade.wyjscie,
                )}
          </dd>
        </>
      )}
      <dt>{w.bokRoundLabel}</dt>
      <dd>{s.bokRound ? w.bokYes : w.bokNo}</dd>
      <dt>{w.dealValue}</dt>
      <dd>
        {factors.join(' × ')} = <b>{num(lang.value, v.value)}</b>
        {v.solo && <span class="note"> ({w.soloTimes})</span>}
      </dd>
    </dl>
  );
}
