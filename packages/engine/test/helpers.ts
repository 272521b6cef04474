import type { Table } from '@baska/engine';
import { Deal, type RulesSpec, parseCards, rulesOf } from '@baska/engine';

/** A deal from hands written as card codes, seat 0 to 3. */
export function dealOf(hands: string[], options: { dealer?: number; rules?: RulesSpec; bok?: boolean } = {}): Deal {
  return Deal.of(
    rulesOf(options.rules ?? 'standard'),
    options.dealer ?? 3,
    hands.map((h) => parseCards(h)!),
    options.bok ?? false,
  );
}

/** Apply whitespace-separated calls and cards; throws with the engine's message on the first illegal one. */
export function run(target: Deal | Table, actions: string): void {
  for (const a of actions.split(/\s+/).filter(Boolean)) {
    const r = target.apply(a);
    if (!r.ok) throw new Error(`${a}: ${r.error.code} ${r.error.message}`);
  }
}

/** Run the auction from a plan: each seat makes its planned calls in its turns, and passes otherwise. */
export function auction(deal: Deal, plan: Record<number, string[]>): void {
  const left: Record<number, string[]> = Object.fromEntries(Object.entries(plan).map(([s, c]) => [s, [...c]]));
  while (deal.phase === 'auction') {
    const call = left[deal.toAct]?.shift() ?? 'pass';
    run(deal, call);
  }
}

export const legalSet = (deal: Deal) => [...deal.legal()].sort();

/** The error code of a result, or undefined when it succeeded. */
export const codeOf = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? undefined : r.error?.code);
