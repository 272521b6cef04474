// `baska rules [PRESET]`: a preset's options and a short summary players can check a table against.
import { type Rules, DOUBLING_NAMES, ORDERS, baseValue, cardCode, lossFactor } from '@baska/engine';
import type { Lang } from '../text.js';

const SOURCES: Record<string, string> = {
  standard: 'seed 000, "Baśka – Zasady gry"',
  leborsk: 'seed 004, "Lãborsczi Baśczi" (Lębork)',
  znin: 'seed 002, Grand Prix Żnin',
  kop: 'seed 001, Kop (Wielkopolska)',
};

export function rulesSummary(rules: Rules, lang: Lang): string {
  const pl = lang === 'pl';
  const order = ORDERS[rules.cardOrder];
  const trumps = order.ranking.filter((c) => (order.trumps >> c) & 1).map(cardCode);
  const fele = order.ranking.filter((c) => !((order.trumps >> c) & 1)).map(cardCode);
  const played = ['zwyczajna', 'cicha', ...rules.games] as const;
  const row = (contract: (typeof played)[number]) => {
    const solo = contract !== 'zwyczajna' && contract !== 'wesele';
    const thrown = ['zollo-bieda', 'mester', 'baszka'].includes(contract);
    const win = baseValue(contract, 1) * (solo ? 3 : 1);
    const lose = baseValue(contract, 1) * lossFactor(contract, rules) * (solo ? 3 : 1);
    return `  ${contract.padEnd(11)} ${`+${win}`.padStart(4)} ${thrown ? '   —' : `-${lose}`.padStart(4)}${thrown ? (pl ? '   (rzucana)' : '   (thrown)') : ''}`;
  };
  const yes = (b: boolean) => (b ? (pl ? 'tak' : 'yes') : pl ? 'nie' : 'no');
  const lines = [
    `${pl ? 'Zasady' : 'Rules'}: ${rules.preset} (${SOURCES[rules.preset]})`,
    '',
    `${pl ? 'Kolejność kart' : 'Card order'} (${rules.cardOrder}):`,
    `  ${pl ? 'atuty' : 'trumps'}: ${trumps.join(' ')}`,
    `  ${pl ? 'fele' : 'fele (side cards)'}: ${fele.join(' ')}`,
    `  gran, gran-du: Jc Js Jh Jd; ${pl ? 'w kolorach' : 'in each suit'} A T Q`,
    '',
    `${pl ? 'Gry (od najniższej)' : 'Games (lowest first)'}: ${rules.games.join(', ')}`,
    `${pl ? 'Licytację zaczyna' : 'First call'}: ${rules.auctionStart === 'second' ? (pl ? 'druga pozycja' : 'position 2') : pl ? 'zagrywający' : 'forehand'}`,
    `${pl ? 'Kontry' : 'Doublings'}: ${DOUBLING_NAMES[rules.preset].slice(0, rules.maxDoubling).join(', ')}${rules.maxDoubling > 4 ? `, … (${rules.maxDoubling})` : ''}`,
    `52:52: ${rules.tie === 'young' ? (pl ? 'wygrywają młodzi' : 'the young win') : pl ? 'przegrywa strona ostatniej liczonej kontry (bez kontry: starzy)' : 'the side of the last counted doubling loses (none: the old)'}${rules.bokRound ? (pl ? ', potem bok-runda (4 rozdania ×2)' : ', then a bok-round (4 deals ×2)') : ''}`,
    `${pl ? 'Wyjście' : 'Wyjście'}: ${pl ? 'młodzi' : 'young'} ${rules.wyjscie.young}, ${pl ? 'starzy' : 'old'} ${rules.wyjscie.old}`,
    '',
    `${pl ? 'Wynik rozgrywającego / każdego starego, bez kontr' : "The soloist's / each old player's score, no doubling"}:`,
    `  ${''.padEnd(11)} ${(pl ? 'wygr' : 'win').padStart(4)} ${(pl ? 'przegr' : 'lose').padStart(4)}`,
    ...played.map(row),
    `  ${pl ? '(zwyczajna i wesele: ×2 bez wyjścia, ×3 bez bitki; kontry ×2 każda liczona)' : '(zwyczajna and wesele: ×2 bez wyjścia, ×3 bez bitki; ×2 per counted doubling)'}`,
    '',
    `${pl ? 'Opcje' : 'Options'}: weseleAfterOwnRedouble ${yes(rules.weseleAfterOwnRedouble)}, cichaMustBeLosable ${yes(rules.cichaMustBeLosable)}, granMustTrump ${yes(rules.granMustTrump)}, weseleNamedJack ${yes(rules.weseleNamedJack)}, weseleSelfKontra ${yes(rules.weseleSelfKontra)}`,
  ];
  return lines.join('\n');
}
