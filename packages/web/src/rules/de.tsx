// Die Regeln auf Deutsch: was man lesen muss, um sich zum ersten Mal an einen Baśka-Tisch zu setzen.
// Die Wörter des Spiels (zwyczajna, wesele, kontra, bok, starzy…) bleiben; jede Angabe nach docs/rules.md.
import { CardRow, GamesTable, type RulesContent, plural, zloty } from './common.js';

const L = 'de';
const augen = (n: number) => plural(L, n, { one: 'Auge', other: 'Augen' });

export const RULES_DE: RulesContent = {
  title: 'Spielregeln',
  contents: 'Inhalt',
  sections: [
    {
      id: 'na-poczatek',
      heading: 'Zu Beginn',
      body: (
        <p>
          Baśka spielen vier mit einem Blatt von 16 Karten. Jeder bekommt vier Karten, es gibt vier Stiche. Gespielt
          wird zwei gegen zwei oder einer gegen drei. Die Seite, die das Spiel spielt (die <b>Alten</b>, <i>starzy</i>),
          gewinnt meist mit {augen(53)} von {augen(104)}, also mehr als der Hälfte; die andere Seite sind die{' '}
          <b>Jungen</b> (<i>młodzi</i>). Gegeben wird reihum im Uhrzeigersinn; links vom Geber sitzt die <b>Vorhand</b>{' '}
          (<i>przodek</i>), sie spielt zum ersten Stich aus.
        </p>
      ),
    },
    {
      id: 'karty',
      heading: 'Karten und Augen',
      body: (
        <>
          <p>
            Im Blatt sind Asse, Zehnen, Damen und Buben in vier Farben: ♣ Kreuz (krzyż, trefl), ♠ Pik (pik, wino), ♥
            Herz (kier, serce), ♦ Karo (karo, dzwonek). Die Karten zählen Augen (<i>oczka</i>):
          </p>
          <table class="points">
            <thead>
              <tr>
                <th scope="col">Karte</th>
                <th scope="col">Augen</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Ass (A)</td>
                <td>11</td>
              </tr>
              <tr>
                <td>Zehn (10)</td>
                <td>10</td>
              </tr>
              <tr>
                <td>Dame (D)</td>
                <td>3</td>
              </tr>
              <tr>
                <td>Bube (B)</td>
                <td>2</td>
              </tr>
            </tbody>
          </table>
          <p>
            Das Blatt zählt {augen(104)}. Asse und Zehnen heißen <i>całe</i>. Kreuz-Dame und Pik-Dame sind die{' '}
            <b>alten Damen</b> (<i>stare</i>): sie entscheiden, wer mit wem spielt.
          </p>
        </>
      ),
    },
    {
      id: 'starszenstwo',
      heading: 'Die Rangfolge der Karten',
      body: (
        <>
          <h4>In jedem Spiel außer Gran</h4>
          <p>
            Es gibt zwölf Trümpfe. Der höchste ist das <b>Herz-Ass</b>, dann die <b>Herz-Zehn</b> — erst danach kommen
            die Damen und Buben, und zuletzt Karo-Ass und Karo-Zehn:
          </p>
          <CardRow codes="Ah Th Qc Qs Qh Qd Jc Js Jh Jd Ad Td" order="normal" label="Trümpfe, der höchste zuerst" />
          <p>
            Die übrigen vier Karten sind die <b>fele</b> (<i>obce</i>, Fehlkarten): Kreuz-Ass und Kreuz-Zehn, Pik-Ass
            und Pik-Zehn. Das Ass sticht die Zehn seiner Farbe; eine fela sticht nie eine der anderen Farbe, und jeder
            Trumpf sticht jede fela.
          </p>
          <div class="card-rows">
            <CardRow codes="Ac Tc" order="fele-c" label="Die Kreuz-fele" />
            <CardRow codes="As Ts" order="fele-s" label="Die Pik-fele" />
          </div>
          <h4>In Gran und Gran-du</h4>
          <p>Trumpf sind nur die vier Buben:</p>
          <CardRow codes="Jc Js Jh Jd" order="gran" label="Trümpfe im Gran" />
          <p>
            Der Rest sind vier Farben zu je drei Karten: Ass, Zehn, Dame — in allen vier Farben, auch Herz und Karo.
          </p>
          <div class="card-rows">
            <CardRow codes="Ac Tc Qc" order="gran-c" label="Kreuz im Gran" />
            <CardRow codes="As Ts Qs" order="gran-s" label="Pik im Gran" />
            <CardRow codes="Ah Th Qh" order="gran-h" label="Herz im Gran" />
            <CardRow codes="Ad Td Qd" order="gran-d" label="Karo im Gran" />
          </div>
        </>
      ),
    },
    {
      id: 'dokladanie',
      heading: 'Bedienen und Überstechen',
      body: (
        <>
          <p>
            Die Vorhand spielt zum ersten Stich aus, wer einen Stich macht, spielt zum nächsten aus. Jeder gibt eine
            Karte zu, im Uhrzeigersinn.
          </p>
          <h4>In jedem Spiel außer Gran</h4>
          <ul>
            <li>
              Wird eine fela ausgespielt, muss zugeben, wer die andere fela dieser Farbe hat. Sonst muss man die beste
              Karte im Stich überstechen, wenn man kann (jeder Trumpf sticht eine fela); sonst einen Trumpf geben; ohne
              Trumpf eine beliebige Karte.
            </li>
            <li>
              Wird Trumpf ausgespielt, muss man den besten Trumpf im Stich überstechen, wenn man kann; sonst einen
              beliebigen Trumpf geben; sonst eine beliebige Karte.
            </li>
            <li>Den Stich macht der höchste Trumpf; ohne Trumpf die höhere fela der ausgespielten Farbe.</li>
          </ul>
          <h4>In Gran und Gran-du</h4>
          <ul>
            <li>
              Wird ein Bube ausgespielt: ein höherer Bube als alle im Stich, wenn man hat; sonst ein Bube; sonst eine
              beliebige Karte.
            </li>
            <li>
              Wird eine Farbkarte ausgespielt: wer die Farbe hat, muss bedienen und die beste Karte dieser Farbe im
              Stich überstechen, wenn er kann und kein Bube im Stich liegt. Wer die Farbe nicht hat, muss mit einem
              höheren Buben stechen, wenn er kann; sonst einen Buben geben; ohne Buben eine beliebige Karte.
            </li>
            <li>Den Stich macht der höchste Bube; ohne Buben die beste Karte der ausgespielten Farbe.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'gry',
      heading: 'Die Spiele: was man haben muss und was sie zählen',
      body: (
        <>
          <p>
            Spiele werden beim Reizen angesagt, jedes höher als das vorige. Vom niedrigsten an: wesele, zollo-bieda,
            gran, zollo, gran-du, zollo-du, mester, baszka. Zwyczajna und cicha werden nicht angesagt: sie werden
            gespielt, wenn niemand etwas angesagt hat.
          </p>
          <GamesTable
            head={['Spiel', 'Wer es spielen darf', 'Die Alten gewinnen', 'Wert']}
            rows={[
              [
                'zwyczajna',
                'niemand hat angesagt, und die alten Damen sind in zwei Händen: ihre Besitzer spielen zusammen',
                <>mit {augen(53)} oder mehr</>,
                '1, 2 oder 3 (Stufe)',
              ],
              [
                'cicha',
                'niemand hat angesagt, und einer hat beide alten Damen: er spielt allein, ohne Ansage',
                <>mit {augen(53)} oder mehr</>,
                '4',
              ],
              [
                'wesele',
                'wer beide alten Damen hat; er spielt mit einem Partner (unten)',
                <>mit {augen(53)} oder mehr</>,
                '1, 2 oder 3 (Stufe)',
              ],
              ['zollo-bieda', 'wer alle vier Zehnen hat', 'sofort, ohne Spiel', '5'],
              ['gran', 'jeder; allein, Buben sind Trumpf', <>mit {augen(53)} oder mehr</>, '5'],
              ['zollo', 'jeder; allein', <>mit {augen(53)} oder mehr</>, '5'],
              ['gran-du', 'jeder; allein, Buben sind Trumpf', 'mit allen vier Stichen', '10'],
              ['zollo-du', 'jeder; allein', 'mit allen vier Stichen', '10'],
              ['mester', 'wer alle vier Asse hat', 'sofort, ohne Spiel', '10'],
              ['baszka', 'wer alle vier Damen hat', 'sofort, ohne Spiel', '10'],
            ]}
          />
          <p>
            Der Wert ist, was jeder Spieler der verlierenden Seite jedem Spieler der gewinnenden Seite zahlt, vor den
            Doppelungen. Wer allein gegen drei spielt, bekommt oder zahlt das Dreifache: gewinnt der Gran-Spieler,
            bekommt er +15 und jeder der drei −5. Verlieren die Alten, zahlen sie doppelt (nach den Standard- und den
            Lęborker Regeln). Zollo-bieda, mester und baszka werden <b>geworfen</b>: sie werden nicht gespielt, der
            Ansager gewinnt sofort, und sie können nicht gedoppelt werden.
          </p>
        </>
      ),
    },
    {
      id: 'strony',
      heading: 'Wer mit wem spielt',
      body: (
        <ul>
          <li>
            <b>Zwyczajna</b>: die Besitzer von Kreuz-Dame und Pik-Dame (die Alten) spielen gegen die anderen beiden (die
            Jungen). Anfangs weiß niemand, wer zu wem gehört — das zeigt erst das Spiel.
          </li>
          <li>
            <b>Cicha</b>: sagt niemand an und hat einer beide alten Damen, spielt er allein gegen drei. Eine cicha wird
            nie angesagt.
          </li>
          <li>
            <b>Wesele</b>: wer beide alten Damen hat, darf wesele ansagen. Partner ist, wer den höchsten der Buben B♣,
            B♠, B♥ hat, den der Ansager nicht hat: ohne B♣ spielt er mit dem Besitzer von B♣; mit B♣, aber ohne B♠, mit
            dem von B♠; mit beiden mit dem von B♥.
          </li>
          <li>
            <b>Gran, zollo, du, zollo-bieda, mester, baszka</b>: der Ansager spielt allein gegen drei.
          </li>
          <li>
            In jedem Spiel ist die Seite des Ansagers die der <b>Alten</b> (<i>starzy</i>), die andere die der{' '}
            <b>Jungen</b> (<i>młodzi</i>).
          </li>
        </ul>
      ),
    },
    {
      id: 'licytacja',
      heading: 'Das Reizen (licytacja)',
      body: (
        <>
          <p>
            Zuerst sagt der Spieler nach der Vorhand an (bei Kop die Vorhand), dann die anderen im Uhrzeigersinn, so
            viele Runden wie nötig. Man kann passen („pas“, auch „porządek“), ein höheres Spiel ansagen oder doppeln.
            Das Reizen endet, wenn die ersten vier Ansagen Pässe sind oder nach irgendeiner anderen Ansage dreimal
            hintereinander gepasst wird.
          </p>
          <p>
            Die Doppelungen kommen der Reihe nach: <b>kontra</b>, <b>rekontra</b>, <b>bok</b>, <b>hirsz</b> — jede hebt
            die Stufe um eins, höchstens bis vier. Ein angesagtes Spiel hebt alle früheren Doppelungen auf. Niemand darf
            das erste kontra auf sein eigenes Spiel geben (auf ein kontra darf er mit rekontra antworten); ebenso darf,
            solange kein Spiel angesagt ist, der Besitzer beider alten Damen es nicht geben. Geworfene Spiele kann man
            nicht doppeln.
          </p>
        </>
      ),
    },
    {
      id: 'podwojenia',
      heading: 'Wie die Doppelungen zählen',
      body: (
        <>
          <p>
            Die Doppelungen werden erst gewogen, wenn die Seiten feststehen. Man nimmt die Doppelungen nach dem letzten
            angesagten Spiel der Reihe nach: die erste zählt, jede weitere nur, wenn ihr Geber auf der anderen Seite
            sitzt als der Geber der zuletzt gezählten. Jede gezählte Doppelung verdoppelt den Wert (eine ×2, zwei ×4,
            drei ×8, vier ×16).
          </p>
          <p>Beispiel: zwyczajna; kontra von Spieler I, rekontra von III, bok von IV, hirsz von III.</p>
          <ul>
            <li>
              I und III alt, IV jung: kontra (I) zählt, rekontra (III) nicht (gleiche Seite wie I), bok (IV) zählt,
              hirsz (III) zählt — drei, ×8.
            </li>
            <li>
              III und IV alt, I jung: kontra (I) und rekontra (III) zählen; bok (IV) nicht (gleiche Seite wie III),
              hirsz (III) auch nicht — zwei, ×4.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'wynik',
      heading: 'Die Abrechnung: wyjście, bez wyjścia, bez bitki, die Bockrunde',
      body: (
        <>
          <p>
            Bei zwyczajna und wesele hat ein Gewinn eine <b>Stufe</b>, je nachdem, was die Verlierer gemacht haben:
          </p>
          <ul>
            <li>
              <b>z wyjściem</b> (1): die Verlierer haben ihr <i>wyjście</i> — die Jungen mindestens {augen(26)}, die
              Alten mindestens {augen(27)};
            </li>
            <li>
              <b>bez wyjścia</b> (2): die Verlierer haben weniger Augen als ihr wyjście;
            </li>
            <li>
              <b>bez bitki</b> (3): die Verlierer haben keinen Stich.
            </li>
          </ul>
          <p>
            <b>Ein Gleichstand 52:52</b> geht an die Jungen, und es folgt eine <b>Bockrunde</b> (bok): die nächsten vier
            Spiele zählen doppelt. Ein Gleichstand in einer Bockrunde hängt vier Spiele an die noch offenen an;
            Bockrunden überlappen sich nie, der Faktor ist immer ×2, nie ×4. Du-Spiele zählen Stiche und können nicht
            unentschieden ausgehen.
          </p>
          <p>
            Wert eines Spiels: der Wert der Spielart, verdoppelt, wenn die Alten verlieren (nach den Standardregeln),
            und nochmals verdoppelt für jede gezählte Doppelung und in der Bockrunde.
          </p>
          <h4>Beispiele</h4>
          <ol>
            <li>
              Zwyczajna mit kontra. Die Alten machen drei Stiche und {augen(80)}, die Jungen einen Stich und {augen(24)}
              . Die Alten gewinnen bez wyjścia (24 ist weniger als 26): 2 × 2 für das kontra, also jeder Alte +4, jeder
              Junge −4. Bei 20 Groschen je Punkt zahlt jeder Junge {zloty(L, 0.8)}.
            </li>
            <li>
              Cicha; ein Junger gibt kontra, der cicha-Spieler rekontra. Der cicha-Spieler macht zwei Stiche und{' '}
              {augen(52)}: Gleichstand, den die Jungen gewinnen. 4 × 2, weil der Alte verliert, × 4 für zwei Doppelungen
              = 32, also der cicha-Spieler −96, jeder Junge +32, und eine Bockrunde folgt. Bei 20 Groschen je Punkt
              zahlt er jedem von ihnen {zloty(L, 6.4)}.
            </li>
          </ol>
        </>
      ),
    },
    {
      id: 'odmiany',
      heading: 'Die Regelvarianten',
      body: (
        <dl class="presets">
          <dt>Standard</dt>
          <dd>
            Nach dem ausführlichsten polnischen Regelbuch: alle Spiele; Doppelungen kontra, rekontra, bok, hirsz; ein
            Gleichstand geht an die Jungen, dann Bockrunde; wyjście 26 für die Jungen, 27 für die Alten; verlieren die
            Alten, zahlen sie doppelt.
          </dd>
          <dt>Lębork</dt>
          <dd>
            Wie Standard, aber ohne zollo-bieda, mester und baszka; die dritte Doppelung heißt hirsch, die vierte bok.
            Eine cicha, die nicht verloren werden kann (auch nur theoretisch), darf nicht verschwiegen werden: man muss
            ein Spiel ansagen.
          </dd>
          <dt>Żnin</dt>
          <dd>
            Wie Standard, aber baszka ist das einzige geworfene Spiel; die vierte Doppelung heißt hirsh. Die Alten
            zahlen nur bei zwyczajna und wesele doppelt. Wer (ohne angesagtes Spiel) auf ein kontra mit rekontra, bok
            oder hirsh geantwortet hat, darf kein wesele mehr ansagen.
          </dd>
          <dt>Kop</dt>
          <dd>
            Nur wesele, zollo und zollo-du (kein Gran, keine geworfenen Spiele). Die Vorhand reizt zuerst. Doppelungen:
            kontra, re, bok, słup. Einen Gleichstand verliert die Seite, deren Doppelung zuletzt gezählt hat, ohne
            Doppelung die Alten; es gibt keine Bockrunde. Wyjście ist für beide Seiten 26; die Alten zahlen beim
            Verlieren so viel wie beim Gewinnen.
          </dd>
        </dl>
      ),
    },
  ],
  options: {
    heading: 'Die Einstellungen dieser Variante',
    intro: 'Alle Einstellungen der gewählten Variante; ein Tisch kann einige davon ändern.',
    option: 'Einstellung',
    value: 'Wert',
    name: {
      games: 'Spiele, die angesagt werden dürfen',
      auctionStart: 'Wer zuerst reizt',
      maxDoubling: 'Die höchste Doppelung',
      tie: 'Gleichstand 52:52',
      bokRound: 'Bockrunde nach einem Gleichstand',
      wyjscie: 'Wyjście',
      oldLossFactor: 'Wenn die Alten verlieren',
      weseleAfterOwnRedouble: 'Wesele nach dem eigenen rekontra (ohne angesagtes Spiel)',
      cichaMustBeLosable: 'Eine sichere cicha muss als Spiel angesagt werden',
      cardOrder: 'Rangfolge der Karten',
      granMustTrump: 'Im Gran muss, wer nicht bedienen kann, einen Buben geben',
      weseleNamedJack: 'Der wesele-Spieler nennt den Buben seines Partners',
      weseleSelfKontra: 'Der wesele-Spieler darf auf sein eigenes wesele kontra geben',
    },
    value_: (option, v, top) => {
      if (typeof v === 'boolean') return v ? 'ja' : 'nein';
      switch (option) {
        case 'games':
          return (v as string[]).join(', ');
        case 'auctionStart':
          return v === 'forehand' ? 'die Vorhand' : 'der Spieler nach der Vorhand';
        case 'maxDoubling':
          return top ? `${String(v)} (${top})` : String(v);
        case 'tie':
          return v === 'lastDoubler'
            ? 'verliert die Seite, deren Doppelung zuletzt gezählt hat (ohne Doppelung: die Alten)'
            : 'die Jungen gewinnen';
        case 'wyjscie': {
          const w = v as { young: number; old: number };
          return `Junge ${augen(w.young)}, Alte ${augen(w.old)}`;
        }
        case 'oldLossFactor':
          return v === 'all'
            ? 'sie zahlen doppelt'
            : v === 'partnership'
              ? 'sie zahlen doppelt bei zwyczajna und wesele'
              : 'sie zahlen so viel wie bei einem Gewinn';
        case 'cardOrder':
          return v === 'asTrzyDychy' ? 'trzy dychy: die schwarzen Zehnen sind Trumpf' : 'die übliche';
        default:
          return String(v);
      }
    },
  },
  glossary: {
    heading: 'Glossar',
    entries: [
      {
        term: 'starzy, stary (die Alten)',
        text: 'die spielende Seite: bei zwyczajna die Besitzer der alten Damen, in jedem anderen Spiel der Ansager (und sein wesele-Partner).',
      },
      { term: 'młodzi, młody (die Jungen)', text: 'die Seite gegen die Alten.' },
      { term: 'stare (die alten Damen)', text: 'Kreuz-Dame und Pik-Dame.' },
      {
        term: 'zwyczajna',
        text: 'das Spiel, wenn niemand ansagt: die Besitzer der alten Damen gegen die anderen beiden.',
      },
      {
        term: 'cicha',
        text: 'wer beide alten Damen hat, spielt allein gegen drei, wenn niemand ansagt; sie wird nie angesagt.',
      },
      {
        term: 'wesele',
        text: 'angesagt vom Besitzer beider alten Damen; Partner ist, wer den höchsten von B♣, B♠, B♥ hat, den der Ansager nicht hat.',
      },
      { term: 'zollo', text: 'ein Solospiel mit den üblichen Trümpfen; 53 Augen oder mehr gewinnen.' },
      { term: 'gran', text: 'ein Solospiel, in dem nur die Buben Trumpf sind; 53 Augen oder mehr gewinnen.' },
      { term: 'du', text: 'Zusatz zu gran und zollo (gran-du, zollo-du): alle vier Stiche gewinnen.' },
      { term: 'zollo-bieda', text: 'ein geworfenes Spiel: vier Zehnen auf der Hand, sofort gewonnen.' },
      { term: 'mester', text: 'ein geworfenes Spiel: vier Asse auf der Hand, sofort gewonnen.' },
      { term: 'baszka', text: 'ein geworfenes Spiel: vier Damen auf der Hand, sofort gewonnen; das höchste Spiel.' },
      { term: 'fela (obca)', text: 'eine Karte, die kein Trumpf ist: Kreuz-Ass und Kreuz-Zehn, Pik-Ass und Pik-Zehn.' },
      { term: 'kontra', text: 'die erste Doppelung.' },
      { term: 'rekontra (re)', text: 'die zweite Doppelung, die Antwort auf ein kontra.' },
      {
        term: 'bok',
        text: (
          <>
            zweierlei: die dritte Doppelung beim Reizen (in Lębork die vierte) und die <b>Bockrunde</b> — vier Spiele
            nach einem Gleichstand 52:52, die doppelt zählen.
          </>
        ),
      },
      {
        term: 'hirsz (hirsch, hirsh, słup)',
        text: 'die vierte Doppelung; in Lębork ist hirsch die dritte und bok die vierte.',
      },
      {
        term: 'wyjście',
        text: 'die Schwelle der Verlierer: 26 Augen für die Jungen, 27 für die Alten (bei Kop 26 für beide). Darunter verlieren sie bez wyjścia. Nicht zu verwechseln mit dem Ausspielen zu einem Stich (wychodzić).',
      },
      { term: 'z wyjściem, bez wyjścia, bez bitki', text: 'die Gewinnstufen bei zwyczajna und wesele: 1, 2 und 3.' },
      { term: 'przodek (Vorhand)', text: 'der Spieler links vom Geber; er spielt zum ersten Stich aus.' },
      { term: 'pas, porządek', text: 'passe.' },
      { term: 'oczko, lewa', text: 'Auge; Stich.' },
      { term: 'protokół', text: 'die Spielliste: eine Zeile je Spiel.' },
    ],
  },
};
