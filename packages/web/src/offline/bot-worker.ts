// The computer players of an offline table on a thread of their own (issue 36), so that the page
// never stalls while the expert weighs the layouts: a seat's view in, the bot's action out (the same
// bots the server runs, ARCHITECTURE "AI").
import { BOTS } from '@baska/ai';
import { type PlayerView, SeededRng } from '@baska/engine';

export type BotRequest = { id: number; level: string; view: PlayerView; seed: string };
export type BotReply = { id: number; action: string } | { id: number; error: string };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<BotRequest>) => void) | null;
  postMessage(m: BotReply): void;
};

scope.onmessage = (e) => {
  const { id, level, view, seed } = e.data;
  try {
    scope.postMessage({ id, action: BOTS[level]!.decide(view, new SeededRng(seed)) });
  } catch (err) {
    scope.postMessage({ id, error: (err as Error).message });
  }
};
