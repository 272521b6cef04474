// `baska rules [PRESET]`: a preset's options and a short summary players can check a table against.
import {
  type Card,
  type Rules,
  DOUBLING_NAMES,
  ORDERS,
  baseValue,
  cardSymbol,
  lossFactor,
  parseCard,
} from '@baska/engine';
import type { Lang } from '../text.js';

/** Each preset's source, by its number in docs/rules.md ("seed 000" there) and its title. */
const SOURCES: Record<string, { id: string; title: Record<Lang, string> }> = {
  standard: { id: '000', title: { pl: '„Baśka – Zasady gry”', en: '"Baśka – Zasady gry"' } },
  leborsk: { id: '004', title: { pl: '„Lãborsczi Baśczi” (Lębork)', en: '"Lãborsczi Baśczi" (Lębork)' } },
  znin: { id: '002', title: { pl: 'Grand Prix Żnina', en: 'Grand Prix Żnin' } },
  kop: { id: '001', title: { pl: 'Kop (Wielkopolska)', en: 'Kop (Wielkopolska)' } },
};

export function rulesSummary(rules: Rules, lang: Lang): string {
  const pl = lang === 'pl';
  const order = ORDERS[rules.cardOrder];
  // Cards as players write them: D♣ W♦ in Polish, Q♣ J♦ in English.
  const symbol = (c: Card) => cardSymbol(c, lang);
  const trumps = order.ranking.filter((c) => (order.trumps >> c) & 1).map(symbol);
  const fele = order.ranking.filter((c) => !((order.trumps >> c) & 1)).map(symbol);
  const jacks = ['Jc', 'Js', 'Jh', 'Jd'].map((code) => parseCard(code)!); // gran's trumps, in every card order
  const source = SOURCES[rules.preset]!;
  // The score table's columns, each as wide as its heading.
  const [winHead, loseHead] = pl ? ['wygrana', 'przegrana'] : ['win', 'lose'];
  const played = ['zwyczajna', 'cicha', ...rules.games] as const;
  const row = (contract: (typeof played)[number]) => {
    const solo = contract !== 'zwyczajna' && contract !== 'wesele';
    const thrown = ['zollo-bieda', 'mester', 'baszka'].includes(contract);
    const win = baseValue(contract, 1) * (solo ? 3 : 1);
    const lose = baseValue(contract, 1) * lossFactor(contract, rules) * (solo ? 3 : 1);
    const loss = (thrown ? '—' : `-${lose}`).padStart(loseHead.length);
    return `  ${contract.padEnd(11)} ${`+${win}`.padStart(winHead.length)} ${loss}${thrown ? (pl ? '   (rzucana)' : '   (thrown)') : ''}`;
  };
  const yes = (b: boolean) => (b ? (pl ? 'tak' : 'yes') : pl ? 'nie' : 'no');
  const lines = [
    `${pl ? 'Zasady' : 'Rules'}: ${rules.preset} (${pl ? 'źródło' : 'source'} ${source.id}: ${source.title[lang]})`,
    '',
    `${pl ? 'Kolejność kart' : 'Card order'} (${rules.cardOrder}):`,
    `  ${pl ? 'atuty' : 'trumps'}: ${trumps.join(' ')}`,
    `  ${pl ? 'fele' : 'fele (side cards)'}: ${fele.join(' ')}`,
    `  gran, gran-du: ${jacks.map(symbol).join(' ')}; ${pl ? 'w kolorach A 10 D' : 'in each suit A 10 Q'}`,
    '',
    `${pl ? 'Gry (od najniższej)' : 'Games (lowest first)'}: ${rules.games.join(', ')}`,
    `${pl ? 'Licytację zaczyna' : 'First call'}: ${rules.auctionStart === 'second' ? (pl ? 'druga pozycja' : 'position 2') : pl ? 'zagrywający' : 'forehand'}`,
    `${pl ? 'Kontry' : 'Doublings'}: ${DOUBLING_NAMES[rules.preset].slice(0, rules.maxDoubling).join(', ')}${rules.maxDoubling > 4 ? `, … (${rules.maxDoubling})` : ''}`,
    `52:52: ${rules.tie === 'young' ? (pl ? 'wygrywają młodzi' : 'the young win') : pl ? 'przegrywa strona ostatniej liczonej kontry (bez kontry: starzy)' : 'the side of the last counted doubling loses (none: the old)'}${rules.bokRound ? (pl ? ', potem bok-runda (4 rozdania ×2)' : ', then a bok-round (4 deals ×2)') : ''}`,
    `${pl ? 'Wyjście' : 'Wyjście'}: ${pl ? 'młodzi' : 'young'} ${rules.wyjscie.young}, ${pl ? 'starzy' : 'old'} ${rules.wyjscie.old}`,
    '',
    `${pl ? 'Wynik rozgrywającego / każdego starego, bez kontr' : "The soloist's / each old player's score, no doubling"}:`,
    `  ${''.padEnd(11)} ${winHead} ${loseHead}`,
    ...played.map(row),
    `  ${pl ? '(zwyczajna i wesele: ×2 bez wyjścia, ×3 bez bitki; każda liczona kontra ×2)' : '(zwyczajna and wesele: ×2 bez wyjścia, ×3 bez bitki; ×2 per counted doubling)'}`,
    '',
    `${pl ? 'Ustawienia' : 'Options'}: weseleAfterOwnRedouble ${yes(rules.weseleAfterOwnRedouble)}, cichaMustBeLosable ${yes(rules.cichaMustBeLosable)}, granMustTrump ${yes(rules.granMustTrump)}, weseleNamedJack ${yes(rules.weseleNamedJack)}, weseleSelfKontra ${yes(rules.weseleSelfKontra)}`,
  ];
  return lines.join('\n');
}
