// The player's claim check, on a thread of its own: whether a claim is sure from his own view
// (every layout of the hidden cards it allows, within the limits the server uses too, so the button
// shows exactly when the server accepts; RULES §7). A function of the view alone, never of the
// hidden cards, which this client does not have. (The expert's hint runs on the analysis pool.)
import type { PlayerView } from '@baska/engine';
import { claimSureForView } from '@baska/ai';

export type AdviceRequest = { kind: 'claim'; view: PlayerView };
export type AdviceReply = { claim: boolean } | { error: string };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<AdviceRequest>) => void) | null;
  postMessage(m: AdviceReply): void;
};

scope.onmessage = (e) => {
  try {
    scope.postMessage({ claim: claimSureForView(e.data.view) === true }); // the server's limits
  } catch (err) {
    scope.postMessage({ error: (err as Error).message });
  }
};
