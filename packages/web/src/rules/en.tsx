// The rules in English: what someone sitting down to Baśka for the first time must read. The game's
// own words (zwyczajna, wesele, kontra, bok, starzy…) are kept; every fact follows docs/rules.md.
import { CardRow, GamesTable, type RulesContent, plural, zloty } from './common.js';

const L = 'en';
const points = (n: number) => plural(L, n, { one: 'point', other: 'points' });

export const RULES_EN: RulesContent = {
  title: 'How to play',
  contents: 'Contents',
  sections: [
    {
      id: 'na-poczatek',
      heading: 'First things',
      body: (
        <p>
          Baśka is played by four with a pack of 16 cards. Everyone gets four cards, and four tricks are played. It is
          played two against two, or one against three. The side that plays the game (the <b>old</b>, <i>starzy</i>)
          usually wins by taking {points(53)} of the {points(104)}, more than half; the other side are the <b>young</b>{' '}
          (<i>młodzi</i>). The deal passes clockwise; the player on the dealer's left is <b>forehand</b> (<i>przodek</i>
          ) and leads to the first trick.
        </p>
      ),
    },
    {
      id: 'karty',
      heading: 'Cards and points',
      body: (
        <>
          <p>
            The pack has the aces, tens, queens and jacks of four suits: ♣ clubs (krzyż, trefl), ♠ spades (pik, wino), ♥
            hearts (kier, serce), ♦ diamonds (karo, dzwonek). The cards are worth points (<i>oczka</i>):
          </p>
          <table class="points">
            <thead>
              <tr>
                <th scope="col">Card</th>
                <th scope="col">Points</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>ace (A)</td>
                <td>11</td>
              </tr>
              <tr>
                <td>ten (10)</td>
                <td>10</td>
              </tr>
              <tr>
                <td>queen (Q)</td>
                <td>3</td>
              </tr>
              <tr>
                <td>jack (J)</td>
                <td>2</td>
              </tr>
            </tbody>
          </table>
          <p>
            The pack holds {points(104)}. Aces and tens are the <i>całe</i>. The queens of clubs and spades are the{' '}
            <b>old queens</b> (<i>stare</i>): they decide who plays with whom.
          </p>
        </>
      ),
    },
    {
      id: 'starszenstwo',
      heading: 'The order of the cards',
      body: (
        <>
          <h4>In every game but gran</h4>
          <p>
            There are twelve trumps. The highest is the <b>ace of hearts</b>, then the <b>ten of hearts</b> — only then
            come the queens and the jacks, and last the ace and ten of diamonds:
          </p>
          <CardRow codes="Ah Th Qc Qs Qh Qd Jc Js Jh Jd Ad Td" order="normal" label="Trumps, highest first" />
          <p>
            The other four cards are the <b>fele</b> (<i>obce</i>, side cards): the ace and ten of clubs and the ace and
            ten of spades. The ace beats the ten of its suit; a fela never beats one of the other suit, and every trump
            beats every fela.
          </p>
          <div class="card-rows">
            <CardRow codes="Ac Tc" order="fele-c" label="The clubs fele" />
            <CardRow codes="As Ts" order="fele-s" label="The spades fele" />
          </div>
          <h4>In gran and gran-du</h4>
          <p>The only trumps are the four jacks:</p>
          <CardRow codes="Jc Js Jh Jd" order="gran" label="Trumps in gran" />
          <p>
            The rest are four plain suits of three cards: ace, ten, queen — in all four suits, hearts and diamonds too.
          </p>
          <div class="card-rows">
            <CardRow codes="Ac Tc Qc" order="gran-c" label="Clubs in gran" />
            <CardRow codes="As Ts Qs" order="gran-s" label="Spades in gran" />
            <CardRow codes="Ah Th Qh" order="gran-h" label="Hearts in gran" />
            <CardRow codes="Ad Td Qd" order="gran-d" label="Diamonds in gran" />
          </div>
        </>
      ),
    },
    {
      id: 'dokladanie',
      heading: 'Following and overtaking',
      body: (
        <>
          <p>
            Forehand leads to the first trick, and whoever takes a trick leads to the next. Everyone plays one card,
            clockwise.
          </p>
          <h4>In every game but gran</h4>
          <ul>
            <li>
              When a fela is led, a player who holds the other fela of that suit must play it. Otherwise he must beat
              the best card of the trick if he can (any trump beats a fela); failing that, play a trump; with no trump,
              any card.
            </li>
            <li>
              When a trump is led, he must beat the best trump of the trick if he can; else play any trump; else any
              card.
            </li>
            <li>The best trump takes the trick; with no trump in it, the higher fela of the suit led.</li>
          </ul>
          <h4>In gran and gran-du</h4>
          <ul>
            <li>
              When a jack is led: a higher jack than any in the trick if he has one; else any jack; else any card.
            </li>
            <li>
              When a suit card is led: a player who has the suit must follow, and must beat the best card of that suit
              in the trick if he can and no jack is in it. A player without the suit must beat with a higher jack if he
              can; else play a jack; with no jack, any card.
            </li>
            <li>The best jack takes the trick; with no jack, the best card of the suit led.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'gry',
      heading: 'The games: what you must hold and what they are worth',
      body: (
        <>
          <p>
            Games are declared in the auction, each above the one before. From the lowest: wesele, zollo-bieda, gran,
            zollo, gran-du, zollo-du, mester, baszka. Zwyczajna and cicha are not declared: they are played when nobody
            declared anything.
          </p>
          <GamesTable
            head={['Game', 'Who may play it', 'The old win', 'Worth']}
            rows={[
              [
                'zwyczajna',
                'nobody declared, and the old queens are in two hands: their holders play together',
                <>with {points(53)} or more</>,
                '1, 2 or 3 (the grade)',
              ],
              [
                'cicha',
                'nobody declared, and one player holds both old queens: he plays alone, unannounced',
                <>with {points(53)} or more</>,
                '4',
              ],
              [
                'wesele',
                'a holder of both old queens; he plays with a partner (below)',
                <>with {points(53)} or more</>,
                '1, 2 or 3 (the grade)',
              ],
              ['zollo-bieda', 'a holder of all four tens', 'at once, without play', '5'],
              ['gran', 'anyone; alone, jacks are trumps', <>with {points(53)} or more</>, '5'],
              ['zollo', 'anyone; alone', <>with {points(53)} or more</>, '5'],
              ['gran-du', 'anyone; alone, jacks are trumps', 'with all four tricks', '10'],
              ['zollo-du', 'anyone; alone', 'with all four tricks', '10'],
              ['mester', 'a holder of all four aces', 'at once, without play', '10'],
              ['baszka', 'a holder of all four queens', 'at once, without play', '10'],
            ]}
          />
          <p>
            The worth is what each player of the losing side pays each player of the winning side before doublings. One
            playing alone against three wins or pays three times that: a gran player who wins gets +15 and each of the
            three −5. When the old lose they pay double (in the standard and Lębork rules). Zollo-bieda, mester and
            baszka are <b>thrown</b>: they are not played, the declarer wins at once, and they cannot be doubled.
          </p>
        </>
      ),
    },
    {
      id: 'strony',
      heading: 'Who plays with whom',
      body: (
        <ul>
          <li>
            <b>Zwyczajna</b>: the holders of the queen of clubs and the queen of spades (the old) play against the other
            two (the young). Nobody knows the sides at first — they come out in the play.
          </li>
          <li>
            <b>Cicha</b>: when nobody declares and one player holds both old queens, he plays alone against three. A
            cicha is never announced.
          </li>
          <li>
            <b>Wesele</b>: a holder of both old queens may declare wesele. His partner is the holder of the highest of
            the jacks J♣, J♠, J♥ that the declarer does not hold: without J♣ he plays with whoever has J♣; with J♣ but
            not J♠, with whoever has J♠; with both, with whoever has J♥.
          </li>
          <li>
            <b>Gran, zollo, du, zollo-bieda, mester, baszka</b>: the declarer plays alone against three.
          </li>
          <li>
            In every game the declarer's side is the <b>old</b> (<i>starzy</i>) and the other side the <b>young</b> (
            <i>młodzi</i>).
          </li>
        </ul>
      ),
    },
    {
      id: 'licytacja',
      heading: 'The auction (licytacja)',
      body: (
        <>
          <p>
            The player after forehand calls first (in Kop: forehand), then the others clockwise for as many rounds as it
            takes. One may pass (“pas”, also “porządek”), declare a game above the one so far, or double. The auction
            ends when the first four calls are passes, or when three passes in a row follow any other call.
          </p>
          <p>
            The doublings come in turn: <b>kontra</b>, <b>rekontra</b>, <b>bok</b>, <b>hirsz</b> — each raises the level
            by one, up to four. Declaring a game cancels every doubling before it. No one may give the first kontra on
            his own game (he may answer a kontra with rekontra); likewise, while no game is declared, the holder of both
            old queens may not give it. Thrown games cannot be doubled.
          </p>
        </>
      ),
    },
    {
      id: 'podwojenia',
      heading: 'How doublings count',
      body: (
        <>
          <p>
            Doublings are weighed only once the sides are known. Take the doublings made after the last game was
            declared, in order: the first counts, and each later one counts only when its caller is on the other side
            from the caller of the last one that counted. Each counted doubling multiplies the value by 2 (one ×2, two
            ×4, three ×8, four ×16).
          </p>
          <p>Example: a zwyczajna; kontra by player I, rekontra by III, bok by IV, hirsz by III.</p>
          <ul>
            <li>
              I and III old, IV young: the kontra (I) counts, the rekontra (III) does not (same side as I), the bok (IV)
              counts, the hirsz (III) counts — three, ×8.
            </li>
            <li>
              III and IV old, I young: the kontra (I) and the rekontra (III) count; the bok (IV) does not (same side as
              III), nor does the hirsz (III) — two, ×4.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'wynik',
      heading: 'The score: wyjście, bez wyjścia, bez bitki, the bok-round',
      body: (
        <>
          <p>
            In zwyczajna and wesele a win has a <b>grade</b>, by what the losers took:
          </p>
          <ul>
            <li>
              <b>z wyjściem</b> (1): the losers reached their <i>wyjście</i> — the young at least {points(26)}, the old
              at least {points(27)};
            </li>
            <li>
              <b>bez wyjścia</b> (2): the losers took fewer points than their wyjście;
            </li>
            <li>
              <b>bez bitki</b> (3): the losers took no trick.
            </li>
          </ul>
          <p>
            <b>A 52:52 tie</b> is won by the young, and a <b>bok-round</b> follows: the next four deals count double. A
            tie within a bok-round adds four deals after those still owed; bok-rounds never overlap, so the factor is
            always ×2, never ×4. Du games count tricks, so they cannot tie.
          </p>
          <p>
            A deal's value: the game's worth, doubled when the old lose (in the standard rules), and doubled again for
            each counted doubling and in a bok-round.
          </p>
          <h4>Examples</h4>
          <ol>
            <li>
              Zwyczajna with a kontra. The old took three tricks and {points(80)}, the young one trick and {points(24)}.
              The old win bez wyjścia (24 is less than 26): 2 × 2 for the kontra, so each old player +4, each young −4.
              At 20 grosze a point each young player pays {zloty(L, 0.8)}.
            </li>
            <li>
              Cicha; a young player gives kontra, the cicha player rekontra. The cicha player took two tricks and{' '}
              {points(52)}: a tie, which the young win. 4 × 2 for the old losing × 4 for two doublings = 32, so the
              cicha player −96, each young +32, and a bok-round follows. At 20 grosze a point he pays {zloty(L, 6.4)} to
              each of them.
            </li>
          </ol>
        </>
      ),
    },
    {
      id: 'odmiany',
      heading: 'The rule sets',
      body: (
        <dl class="presets">
          <dt>Standard</dt>
          <dd>
            After the fullest Polish rule book: every game; doublings kontra, rekontra, bok, hirsz; a tie goes to the
            young and starts a bok-round; wyjście 26 for the young, 27 for the old; the old pay double when they lose.
          </dd>
          <dt>Lębork</dt>
          <dd>
            As standard, but without zollo-bieda, mester and baszka; the third doubling is hirsch and the fourth bok. A
            cicha that cannot be lost (even in theory) may not be kept silent: a game must be declared.
          </dd>
          <dt>Żnin</dt>
          <dd>
            As standard, but baszka is the only thrown game; the fourth doubling is hirsh. The old pay double only in
            zwyczajna and wesele. Whoever (with no game declared) answered a kontra with rekontra, bok or hirsh may no
            longer declare wesele.
          </dd>
          <dt>Kop</dt>
          <dd>
            Only wesele, zollo and zollo-du (no gran, no thrown games). Forehand calls first. Doublings: kontra, re,
            bok, słup. A tie is lost by the side whose doubling counted last, with no doubling by the old; there is no
            bok-round. Wyjście is 26 for both sides; the old pay the same whether they win or lose.
          </dd>
        </dl>
      ),
    },
  ],
  options: {
    heading: 'The settings of this rule set',
    intro: 'All the settings of the chosen rule set; a table may change some of them.',
    option: 'Setting',
    value: 'Value',
    name: {
      games: 'Games that may be declared',
      auctionStart: 'Who calls first',
      maxDoubling: 'The highest doubling',
      tie: 'A 52:52 tie',
      bokRound: 'A bok-round after a tie',
      wyjscie: 'Wyjście',
      oldLossFactor: 'When the old lose',
      weseleAfterOwnRedouble: 'Wesele after one’s own rekontra (no game declared)',
      cichaMustBeLosable: 'A sure cicha must be declared as a game',
      cardOrder: 'Card order',
      granMustTrump: 'In gran, a player out of the suit must play a jack',
      weseleNamedJack: 'The wesele declarer names his partner’s jack',
      weseleSelfKontra: 'The wesele declarer may give kontra on his own wesele',
    },
    value_: (option, v, top) => {
      if (typeof v === 'boolean') return v ? 'yes' : 'no';
      switch (option) {
        case 'games':
          return (v as string[]).join(', ');
        case 'auctionStart':
          return v === 'forehand' ? 'forehand' : 'the player after forehand';
        case 'maxDoubling':
          return top ? `${String(v)} (${top})` : String(v);
        case 'tie':
          return v === 'lastDoubler'
            ? 'lost by the side whose doubling counted last (with no doubling: the old)'
            : 'the young win';
        case 'wyjscie': {
          const w = v as { young: number; old: number };
          return `young ${points(w.young)}, old ${points(w.old)}`;
        }
        case 'oldLossFactor':
          return v === 'all'
            ? 'they pay double'
            : v === 'partnership'
              ? 'they pay double in zwyczajna and wesele'
              : 'they pay the same as a win';
        case 'cardOrder':
          return v === 'asTrzyDychy' ? 'trzy dychy: the black tens are trumps' : 'the usual';
        default:
          return String(v);
      }
    },
  },
  glossary: {
    heading: 'Glossary',
    entries: [
      {
        term: 'starzy, stary (the old)',
        text: 'the side that plays: in zwyczajna the holders of the old queens, in every other game the declarer (and his wesele partner).',
      },
      { term: 'młodzi, młody (the young)', text: 'the side against the old.' },
      { term: 'stare (the old queens)', text: 'the queen of clubs and the queen of spades.' },
      {
        term: 'zwyczajna',
        text: 'the game when nobody declares: the holders of the old queens against the other two.',
      },
      {
        term: 'cicha',
        text: 'one player holding both old queens plays alone against three when nobody declares; it is never announced.',
      },
      {
        term: 'wesele',
        text: 'declared by the holder of both old queens; the partner holds the highest of J♣, J♠, J♥ the declarer lacks.',
      },
      { term: 'zollo', text: 'a solo game with the usual trumps; 53 points or more to win.' },
      { term: 'gran', text: 'a solo game where only the jacks are trumps; 53 points or more to win.' },
      { term: 'du', text: 'added to gran and zollo (gran-du, zollo-du): all four tricks to win.' },
      { term: 'zollo-bieda', text: 'a thrown game: four tens in hand, won at once.' },
      { term: 'mester', text: 'a thrown game: four aces in hand, won at once.' },
      { term: 'baszka', text: 'a thrown game: four queens in hand, won at once; the highest game.' },
      {
        term: 'fela (obca)',
        text: 'a card that is not a trump: the ace and ten of clubs and the ace and ten of spades.',
      },
      { term: 'kontra', text: 'the first doubling.' },
      { term: 'rekontra (re)', text: 'the second doubling, the answer to a kontra.' },
      {
        term: 'bok',
        text: (
          <>
            two things: the third doubling in the auction (the fourth in Lębork), and the <b>bok-round</b> — four deals
            after a 52:52 tie that count double.
          </>
        ),
      },
      {
        term: 'hirsz (hirsch, hirsh, słup)',
        text: 'the fourth doubling; in Lębork hirsch is the third and bok the fourth.',
      },
      {
        term: 'wyjście',
        text: 'the losers’ threshold: 26 points for the young, 27 for the old (in Kop 26 for both). Below it they lose bez wyjścia. Not to be confused with leading to a trick (wychodzić).',
      },
      { term: 'z wyjściem, bez wyjścia, bez bitki', text: 'the grades of a win in zwyczajna and wesele: 1, 2 and 3.' },
      { term: 'przodek (forehand)', text: 'the player on the dealer’s left; he leads to the first trick.' },
      { term: 'pas, porządek', text: 'pass.' },
      { term: 'oczko, lewa', text: 'a card point; a trick.' },
      { term: 'protokół', text: 'the score sheet: a row per deal.' },
    ],
  },
};
