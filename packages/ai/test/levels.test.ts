import { describe, expect, it } from 'vitest';
import {
  type Deal,
  Deal as DealClass,
  type Preset,
  SeededRng,
  Table,
  parseCards,
  randomInt,
  rulesOf,
  viewFor,
} from '@baska/engine';
import { maskOf } from '@baska/engine/fast';
import {
  Arena,
  AuctionReplay,
  BOTS,
  type Bot,
  basicBot,
  callLikelihood,
  cichaIsSure,
  decisionJob,
  EXPERT,
  EXPERT_1,
  ARENA_BOTS,
  arenaBotByName,
  basicAction,
  knowledgeOfView,
  playLikelihood,
  PLAY_SURPRISE,
  expertBot,
  explainExpert,
  expertSample,
  expertSums,
  forEachHolding,
  positionOf,
  scoreSteps,
  Solver,
  interval,
  knowledgeOf,
  movesOf,
  oracleAction,
  runJob,
  summarise,
  valuesOf,
} from '@baska/ai';
import { runArena } from '@baska/ai/pool';

const PRESETS: Preset[] = ['standard', 'leborsk', 'znin', 'kop'];
const mask = (text: string) => maskOf(parseCards(text)!);

/** Play `deals` deals at a table, every seat by `decide`; returns the table. */
function playTable(preset: Preset, seed: number, deals: number, decide: (d: Deal) => string): Table {
  const table = new Table({ rules: rulesOf(preset), seed, cichaJudge: cichaIsSure });
  for (let k = 0; k < deals; k++) {
    const started = table.newDeal();
    if (!started.ok) throw new Error(started.error.message);
    const d = started.value;
    while (!d.isComplete) {
      const action = decide(d);
      const r = table.apply(action);
      if (!r.ok) throw new Error(`${action}: ${r.error.message}`);
    }
  }
  return table;
}

const byBot = (bot: Bot, seed: number) => {
  const rng = new SeededRng(seed);
  return (d: Deal) => bot.decide(viewFor(d, d.toAct), rng);
};

describe('the levels', () => {
  it('each play complete games under every preset, with legal actions only, the same way from the same seed', () => {
    for (const preset of PRESETS) {
      for (const [bot, deals] of [
        [BOTS.random!, 40],
        [BOTS.basic!, 40],
        [BOTS.expert!, 3],
      ] as const) {
        const a = playTable(preset, 7, deals, byBot(bot, 1));
        const b = playTable(preset, 7, deals, byBot(bot, 1));
        expect(a.deals.map((d) => movesOf(d))).toEqual(b.deals.map((d) => movesOf(d)));
        expect(a.totals.reduce((x, y) => x + y, 0)).toBe(0);
      }
      // The oracle too (a yardstick only: it is given the whole deal).
      playTable(preset, 7, 3, (d) => oracleAction(d));
    }
  });

  it('offer basic and expert as levels a player can pick, and not the oracle', () => {
    expect(Object.keys(BOTS)).toEqual(['random', 'basic', 'expert']);
    expect(Object.keys(BOTS)).not.toContain('oracle');
  });

  it('keep the first expert as expert-1 for the arena only', () => {
    expect(Object.keys(BOTS)).not.toContain('expert-1');
    expect(arenaBotByName('expert-1')).toBe(ARENA_BOTS['expert-1']);
    expect(arenaBotByName('expert')).toBe(expertBot);
    expect(
      () => new Arena({ rules: rulesOf('standard'), seed: 's', bots: ['expert', 'expert-1'], gapDeals: 0 }),
    ).not.toThrow();
  });
});

/** Decision points from games of random bots (auction and play, every preset). */
function* decisionPoints(count: number, seed: number, maxMoves = 12): Generator<Deal> {
  const rng = new SeededRng(seed);
  let made = 0;
  for (let i = 0; made < count; i++) {
    const preset = PRESETS[i & 3]!;
    const table = new Table({ rules: rulesOf(preset), rng });
    const d = table.newDeal();
    if (!d.ok) throw new Error(d.error.message);
    const deal = d.value;
    const stop = randomInt(rng, maxMoves);
    for (let j = 0; j < stop && !deal.isComplete; j++) deal.apply(deal.legal()[randomInt(rng, deal.legal().length)]!);
    if (deal.isComplete || deal.legal().length < 2) continue;
    made++;
    yield deal;
  }
}

/** Another deal with the same public history and the same hand for `seat`: the hidden cards dealt another way. */
function redealt(d: Deal, seat: number, pick: number): Deal | null {
  const k = knowledgeOf(d, seat);
  const replay = new AuctionReplay(k);
  const layouts: number[][] = [];
  forEachHolding(k, (h) => {
    if (replay.replay(h, k.calls) !== null) layouts.push(Array.from(h));
  });
  const others = layouts.filter((h) => h.some((m, s) => m !== d.hand[s]));
  if (others.length === 0) return null;
  const h = others[pick % others.length]!;
  const dealt = [0, 1, 2, 3].map((s) => h[s]! | (d.dealt[s]! & ~d.hand[s]!));
  const r = DealClass.of(d.rules, d.dealer, dealt, d.inBokRound);
  for (const m of movesOf(d)) if (!r.apply(m).ok) throw new Error(`the layout does not replay ${m}`);
  return r;
}

describe('no peeking', () => {
  it("a bot's decision never changes when the hidden cards are dealt another way consistent with its view", () => {
    let checked = 0;
    for (const d of decisionPoints(30, 21)) {
      const seat = d.toAct;
      const view = viewFor(d, seat);
      for (let pick = 0; pick < 3; pick++) {
        const other = redealt(d, seat, pick * 7919);
        if (!other) continue;
        // The hidden cards differ, the view does not…
        expect(Array.from(other.hand)).not.toEqual(Array.from(d.hand));
        expect(viewFor(other, seat)).toEqual(view);
        // … so no level may decide differently: the view is all a bot is given.
        for (const bot of Object.values(BOTS)) {
          const here = bot.decide(view, new SeededRng(pick));
          const there = bot.decide(viewFor(other, seat), new SeededRng(pick));
          expect(there).toBe(here);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('the oracle, which sees all cards, does change its decisions (so the test above can tell)', () => {
    let changed = 0;
    for (const d of decisionPoints(40, 22)) {
      if (d.phase !== 'play') continue;
      const other = redealt(d, d.toAct, 1);
      if (other && oracleAction(other) !== oracleAction(d)) changed++;
    }
    expect(changed).toBeGreaterThan(0);
  });
});

describe('basic', () => {
  const view = (preset: Preset, dealer: number, hands: string[], moves: string[]) => {
    const d = DealClass.of(rulesOf(preset), dealer, hands.map(mask));
    for (const m of moves) if (!d.apply(m).ok) throw new Error(m);
    return viewFor(d, d.toAct);
  };
  const rng = new SeededRng(1);

  it('declares a thrown game it holds, a du game it cannot lose, cicha on a strong pair of black queens, wesele on a weak one', () => {
    // Dealer 0: seat 2 calls first (RULES §3).
    expect(
      basicBot.decide(view('standard', 0, ['Qc Qs Qh Qd', 'Ac As Ah Ad', 'Jc Js Jh Jd', 'Tc Ts Th Td'], []), rng),
    ).toBe('gran-du');
    expect(
      basicBot.decide(view('standard', 0, ['Jc Js Jh Jd', 'Qc Qs Qh Qd', 'Ac As Ah Ad', 'Tc Ts Th Td'], []), rng),
    ).toBe('mester');
    expect(
      basicBot.decide(view('standard', 0, ['Jc Js Jh Jd', 'Qh Qd Ac As', 'Ah Th Qc Qs', 'Tc Ts Td Ad'], []), rng),
    ).toBe('zollo-du');
    expect(
      basicBot.decide(view('standard', 0, ['Jc Js Jh Th', 'Qh Qd Ac As', 'Ah Qc Qs Jd', 'Tc Ts Td Ad'], []), rng),
    ).toBe('pass'); // cicha: Ah and both black queens
    expect(
      basicBot.decide(view('standard', 0, ['Jc Js Jh Th', 'Qh Qd Ac As', 'Td Qc Qs Jd', 'Tc Ts Ah Ad'], []), rng),
    ).toBe('wesele');
  });

  it('cashes the highest trump still out, gives its richest card onto a partner’s sure trick, and takes a trick last with the weakest card that wins it', () => {
    // Zollo of seat 1 (dealer 0: seat 2 calls first, seat 1 leads): the three defenders are partners, publicly.
    const zollo = ['pass', 'pass', 'pass', 'zollo', 'pass', 'pass', 'pass'];
    const hands = ['Qs Jc As Ts', 'Th Qc Qh Jd', 'Ah Js Jh Tc', 'Ad Td Ac Qd'];
    expect(basicBot.decide(view('standard', 0, hands, [...zollo, 'Jd']), rng)).toBe('Ah'); // the highest trump, sure
    expect(basicBot.decide(view('standard', 0, hands, [...zollo, 'Jd', 'Ah']), rng)).toBe('Ad'); // 11 points onto it
    // Zollo of seat 0; seat 1 leads a fela, seat 2 must give its ten, seat 3 trumps low; seat 0 last takes it cheaply.
    const hands2 = ['Ah Qc Qs Qh', 'Ac As Jc Td', 'Tc Ts Js Jh', 'Jd Ad Th Qd'];
    const zollo0 = ['pass', 'pass', 'zollo', 'pass', 'pass', 'pass'];
    expect(basicBot.decide(view('standard', 0, hands2, [...zollo0, 'Ac', 'Tc', 'Jd']), rng)).toBe('Qh');
  });

  it('decides in well under a millisecond', () => {
    const views = [...decisionPoints(200, 41)].map((d) => viewFor(d, d.toAct));
    const t0 = performance.now();
    for (const v of views) basicBot.decide(v, rng);
    expect((performance.now() - t0) / views.length).toBeLessThan(1);
  });
});

describe('expert', () => {
  it.each([
    ['expert', false],
    ['expert-1', true],
  ])(
    '%s is the exact analysis over the layouts its view allows, weighted by the other players’ moves, when they are few',
    (_, first) => {
      let compared = 0;
      for (const d of decisionPoints(60, 31, 24)) {
        if (d.phase !== 'play' || d.nPlays < 6) continue;
        const view = viewFor(d, d.toAct);
        const e = explainExpert(view, new SeededRng(1), undefined, undefined, first ? EXPERT_1 : undefined);
        if (!e.exhaustive) continue;
        const k = knowledgeOf(d, d.toAct);
        const kv = knowledgeOfView(view);
        const scratch = { buf: [] as number[] };
        const weight = (h: Int32Array) => {
          const w = callLikelihood(k, h, scratch);
          return first || w === 0 ? w : w * playLikelihood(view, kv, h);
        };
        const exact = valuesOf(runJob(decisionJob(d), 0, 1, { weight }));
        for (const v of exact) {
          const mine = e.values.find((x) => x.action === v.action)!;
          expect(mine.expectedScore).toBeCloseTo(v.expectedScore, 9);
          expect(mine.winProbability).toBeCloseTo(v.winProbability, 9);
        }
        expect(e.action).toBe(e.values[0]!.action);
        compared++;
      }
      expect(compared).toBeGreaterThan(5);
    },
  );

  it('reads card plays: the true layout weighs 1 when the others play as the basic level, less when they do not', () => {
    let checked = 0;
    let surprised = 0;
    for (let g = 0; g < 40; g++) {
      const table = new Table({ rules: rulesOf(PRESETS[g & 3]!), rng: new SeededRng(`plays:${g}`) });
      const started = table.newDeal();
      if (!started.ok) throw new Error(started.error.message);
      const d = started.value;
      const rng = new SeededRng(g);
      // Seat 0 plays at random, the others as the basic level.
      while (!d.isComplete) {
        const view = viewFor(d, d.toAct);
        if (d.phase === 'play' && d.nPlays > 0) {
          const k = knowledgeOfView(view);
          const truth = Int32Array.from(d.hand);
          const w = playLikelihood(view, k, truth);
          if (d.toAct === 0) {
            // Seat 0 reads the basic players: nothing surprises it.
            expect(w).toBe(1);
            checked++;
          } else if (w < 1) {
            // Others read seat 0's random cards: some surprise them, by PLAY_SURPRISE each.
            expect(Math.log(w) / Math.log(PLAY_SURPRISE)).toBeCloseTo(
              Math.round(Math.log(w) / Math.log(PLAY_SURPRISE)),
              9,
            );
            surprised++;
          }
        }
        d.apply(d.toAct === 0 ? view.legal[randomInt(rng, view.legal.length)]! : basicAction(view));
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(surprised).toBeGreaterThan(10);
  });

  it('values a call by the auction the basic players would go on to, not as if everyone then passed', () => {
    const small = { ...EXPERT, size: { play: 8, auction: 8 } };
    const solver = new Solver();
    let compared = 0;
    let differ = 0;
    for (const d of decisionPoints(40, 77, 3)) {
      if (d.phase !== 'auction') continue;
      const view = viewFor(d, d.toAct);
      const sample = expertSample(view, new SeededRng(5), undefined, small);
      const go = valuesOf(expertSums(view, sample, solver, 0, Infinity, { ...small, continuation: true }));
      const stop = valuesOf(expertSums(view, sample, solver, 0, Infinity, { ...small, continuation: false }));
      // The same by hand: each layout dealt anew, the call made, then every seat as the basic bot from its view.
      for (const call of view.legal) {
        let sum = 0;
        let weight = 0;
        sample.layouts.forEach((h, i) => {
          const r = DealClass.of(d.rules, d.dealer, Array.from(h), d.inBokRound);
          for (const m of [...movesOf(d), call]) if (!r.apply(m).ok) throw new Error(`the layout refuses ${m}`);
          while (r.phase === 'auction') r.apply(basicAction(viewFor(r, r.toAct)));
          const score =
            r.phase === 'complete'
              ? r.outcome!.scores[d.toAct]!
              : scoreSteps(r, d.toAct).scores[new Solver().solve(positionOf(r))]!;
          sum += sample.weights[i]! * score;
          weight += sample.weights[i]!;
        });
        expect(go.find((v) => v.action === call)!.expectedScore).toBeCloseTo(sum / weight, 9);
        if (go.find((v) => v.action === call)!.expectedScore !== stop.find((v) => v.action === call)!.expectedScore)
          differ++;
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20);
    // The later calls matter in some of them, so the check above can tell the two apart.
    expect(differ).toBeGreaterThan(3);
  });

  it('explains a decision: every legal action with its expected score and chance of winning, best first', () => {
    const d = DealClass.of(rulesOf('standard'), 0, [
      mask('Jd Ts Tc Js'),
      mask('Qc Qs Ad Qd'),
      mask('Ah Jc Th Qh'),
      mask('Td Jh Ac As'),
    ]);
    const view = viewFor(d, d.toAct);
    const e = expertBot.explain!(view, new SeededRng(3));
    expect(e.values.map((v) => v.action).sort()).toEqual([...view.legal].sort());
    for (let i = 1; i < e.values.length; i++)
      expect(e.values[i - 1]!.expectedScore).toBeGreaterThanOrEqual(e.values[i]!.expectedScore);
    expect(e.action).toBe(expertBot.decide(view, new SeededRng(3)));
  });
});

describe('arena', () => {
  it('plays the same match on one thread and on two', async () => {
    const spec = { rules: rulesOf('standard'), seed: 'a', bots: ['basic', 'random'] as [string, string], gapDeals: 4 };
    const one = await runArena(spec, 12, 1);
    const two = await runArena(spec, 12, 2);
    expect({ ...two, times: undefined }).toEqual({ ...one, times: undefined });
    expect(one.deals).toBe(12);
    expect(one.gap!.deals).toBe(4);
    expect(one.gap!.share.oracle).toBe(1);
    expect(one.gap!.share.random).toBe(0);
  });

  it('rotates the seats: each player sits in seats 0 and 2, then in 1 and 3, and every game sums to zero', () => {
    const arena = new Arena({ rules: rulesOf('kop'), seed: 'b', bots: ['basic', 'random'], gapDeals: 0 });
    for (let i = 0; i < 10; i++) {
      const r = arena.play(i);
      expect(r.seats.map((s) => s.player)).toEqual([0, 1, 0, 1, 1, 0, 1, 0]);
      for (const game of [r.seats.slice(0, 4), r.seats.slice(4)]) expect(game.reduce((n, s) => n + s.score, 0)).toBe(0);
      const mean = (p: number) => r.seats.filter((s) => s.player === p).reduce((n, s) => n + s.score, 0) / 4;
      expect(r.mean).toEqual([mean(0), mean(1)]);
    }
    const s = summarise(arena.spec, [arena.play(10)], [...arena.times.values()]);
    expect(s.times.basic!.decisions).toBeGreaterThan(0);
  });

  it('gives a 95% confidence interval of the mean', () => {
    const i = interval([1, 2, 3, 4, 5]);
    expect(i.mean).toBe(3);
    expect(i.high - i.mean).toBeCloseTo(1.96 * Math.sqrt(2.5 / 5), 12);
  });
});
