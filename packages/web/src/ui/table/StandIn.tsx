// A move made for a person (TableInfo.marks): by his clock, or by a bot while he was away.
import type { StandIn } from '@baska/protocol';
import { t } from '../../i18n.js';

export function StandInNote({ mark }: { mark: StandIn | null | undefined }) {
  const w = t();
  if (!mark) return null;
  return <span class={`badge stand-in ${mark}`}>{mark === 'timeout' ? w.byTimeout : w.byAway}</span>;
}
