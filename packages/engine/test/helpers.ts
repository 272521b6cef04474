import type { Result } from '@baska/engine';
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
export function run(target: { apply(action: string): Result<void> }, actions: string): void {
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

/** Hands written for dealer 3, rotated so that they play the same for the given dealer. */
export const rotate = (hands: string[], dealer: number) => {
  const r = (dealer + 1) % 4;
  const out: string[] = [];
  hands.forEach((h, s) => (out[(s + r) % 4] = h));
  return out.map((h) => parseCards(h)!);
};

/** Cicha, no doubling, for dealer 3: the stary takes 52 points, a tie that starts a bok-round. RULES §5 */
export const TIE = {
  hands: ['Qc Qs Ad Td', 'Qh Qd Js Ac', 'Ah Jd Tc As', 'Th Jc Jh Ts'],
  actions: 'pass pass pass pass Qc Qh Ah Th Jd Jc Qs Qd Ad Js Tc Jh Ac As Ts Td',
};

/** Zwyczajna for dealer 3, worth 1 a player outside a bok-round. */
export const PLAIN = {
  hands: ['Ah Qc Ac Tc', 'Th Qh Jc As', 'Qs Qd Js Ts', 'Jh Jd Ad Td'],
  actions: 'pass pass pass pass Ah Jc Js Jh Ac Th Qd Jd As Ts Td Qc Tc Qh Qs Ad',
};
