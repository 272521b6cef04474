// The replay's model, apart from its screen: a deal of a game record at any step (its calls and cards
// applied up to there), the analysis job of the decision at a step, and the steps where a card had
// to be chosen (more than one legal), which the search for mistakes weighs.
import type { Job } from '@baska/ai';
import { Deal, type LoadedRecord, type PlayerView, parseCard, viewFor } from '@baska/engine';

export type DecisionJob = Extract<Job, { kind: 'decision' }>;

export interface Position {
  /** The deal with the first `step` actions applied. */
  deal: Deal;
  /** Each seat's view, all hands open (a replay shows every hand). */
  views: PlayerView[];
  /** The deal's actions: the calls, then the cards. */
  actions: string[];
}

/** The deal `dealNo` of a loaded record after `step` of its actions. */
export function positionAt(loaded: LoadedRecord, dealNo: number, step: number): Position | null {
  const dr = loaded.record.deals[dealNo];
  if (!dr) return null;
  const started = Deal.start({
    rules: loaded.rules,
    dealer: dr.dealer,
    hands: dr.hands.map((h) => h.split(' ').map((c) => parseCard(c)!)),
    inBokRound: loaded.table.deals[dealNo]!.inBokRound,
  });
  if (!started.ok) return null;
  const deal = started.value;
  const actions = [...dr.auction, ...dr.play];
  for (const a of actions.slice(0, step)) deal.apply(a);
  return { deal, views: [0, 1, 2, 3].map((s) => viewFor(deal, s)), actions };
}

/** The exact analysis job of the decision at `step`, as the analysis worker takes it. */
export function jobAt(loaded: LoadedRecord, dealNo: number, step: number): DecisionJob {
  const dr = loaded.record.deals[dealNo]!;
  const { deal, actions } = positionAt(loaded, dealNo, 0)!;
  return {
    kind: 'decision',
    rules: loaded.rules,
    inBokRound: loaded.table.deals[dealNo]!.inBokRound,
    dealer: dr.dealer,
    hands: Array.from(deal.dealt),
    moves: actions.slice(0, step),
  };
}

/** The steps of the play where the player had a card to choose (more than one he might play). */
export function cardChoices(loaded: LoadedRecord, dealNo: number): number[] {
  const at = positionAt(loaded, dealNo, 0);
  if (!at) return [];
  const { deal, actions } = at;
  const steps: number[] = [];
  actions.forEach((a, step) => {
    if (deal.phase === 'play' && deal.legal().length > 1) steps.push(step);
    deal.apply(a);
  });
  return steps;
}
