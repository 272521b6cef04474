// The line over the table: the game and its declarer, the doubling, the bok-round, the rules and the deal's number.
import { type PlayerView, type Preset, doublingDisplayName } from '@baska/engine';
import type { TableInfo } from '@baska/protocol';
import { lang, t } from '../../i18n.js';
import { rulesLine } from '../../options.js';
import { nameInLine } from '../words.js';

export function ContractBar({ view, info, mine }: { view: PlayerView; info: TableInfo; mine: number | null }) {
  const w = t();
  const preset = info.preset as Preset;
  // No game declared: zwyczajna or cicha, which the cards tell later (RULES §3); "nothing" only while the auction runs.
  const game = view.contract ?? view.declaredGame ?? (view.phase === 'auction' ? null : w.ordinaryOrSilent);
  return (
    <section class="contract-bar" aria-label={w.contract}>
      <span>
        <b>{w.contract}:</b> {game ?? w.noneYet}
        {view.declarer !== null && view.declaredGame && ` — ${nameInLine(info, view.declarer, mine)}`}
      </span>
      <span>
        <b>{w.doubling}:</b> {view.level > 0 ? doublingDisplayName(view.level, preset) : '—'}
      </span>
      {view.inBokRound && <span class="bok">{w.bokRound}</span>}
      {info.rated && (
        <span class="badge rated" title={w.ratedTableNote}>
          {w.rated}
        </span>
      )}
      {info.hints && (
        <span class="badge" title={w.hintsNote}>
          {w.hints}
        </span>
      )}
      <a href={`#/rules/${info.preset}`}>
        {w.rules}: {rulesLine(info.rules, info.preset, lang.value, w.yes, w.no)}
      </a>
      <span>
        {w.deal} {info.dealsPlayed + (view.phase === 'complete' ? 0 : 1)}
      </span>
    </section>
  );
}
