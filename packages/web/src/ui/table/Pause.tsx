// Between deals: whom the next deal waits for, and when it starts anyway.
import type { TableInfo } from '@baska/protocol';
import { lang, t } from '../../i18n.js';
import { seconds } from '../../i18n/format.js';
import { table } from '../../store.js';
import { nameInLine } from '../words.js';
import { secondsLeft, useTick } from './time.js';

/**
 * The table's own seats are named (at a table of five, the one who sat the deal out is waited for
 * too), so this reads the table and this client's seat from the store, whatever the caller draws.
 */
export function Pause() {
  const w = t();
  useTick(500);
  const until = table.value?.pauseUntil;
  const info: TableInfo | null = table.value?.info ?? null;
  const mine = table.value?.seat ?? null;
  if (!info?.pause || !until) return null;
  const names = new Intl.ListFormat(lang.value, { type: 'conjunction' });
  // Oneself is not named: his own Dalej is in front of him.
  const others = info.pause.seats.filter((s) => s !== mine);
  return (
    <p class="note pause" role="status">
      {others.length > 0 && `${w.waitingFor(names.format(others.map((s) => nameInLine(info, s, mine))))} · `}
      {w.nextDealIn(seconds(lang.value, secondsLeft(until)))}
    </p>
  );
}
