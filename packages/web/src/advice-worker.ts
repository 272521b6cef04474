// The player's advice, on a thread of its own: whether a claim is sure from his own view (every
// layout of the hidden cards it allows, within the limits the server uses too, so the button shows
// exactly when the server accepts; RULES §7), and the expert's hint (issue 18). Both are functions
// of the view alone, never of the hidden cards, which this client does not have.
import type { PlayerView } from '@baska/engine';
import { type Hint, claimSureForView, hintFor } from '@baska/ai';

export type AdviceRequest = { kind: 'claim' | 'hint'; view: PlayerView };
export type AdviceReply = { claim: boolean } | { hint: Hint } | { error: string };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<AdviceRequest>) => void) | null;
  postMessage(m: AdviceReply): void;
};

scope.onmessage = (e) => {
  try {
    const { kind, view } = e.data;
    if (kind === 'claim')
      scope.postMessage({ claim: claimSureForView(view) === true }); // the server's limits
    else scope.postMessage({ hint: hintFor(view) });
  } catch (err) {
    scope.postMessage({ error: (err as Error).message });
  }
};
