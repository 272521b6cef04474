// Zasady gry po polsku: to, co musi przeczytać ktoś, kto siada do Baśki pierwszy raz.
// Każdy fakt według docs/rules.md (paragrafy w komentarzach) i kolejności kart z engine/src/order.ts.
import { CardRow, GamesTable, type RulesContent, plural, zloty } from './common.js';

const L = 'pl';
/** "53 oczka": the count as the subject or object ("zbierze 53 oczka", "mając 26 oczek"). */
export const oczek = (n: number) => plural(L, n, { one: 'oczko', few: 'oczka', many: 'oczek', other: 'oczka' });
/** The count after "z", "ze", "spośród" (the genitive): "ze 104 oczek", never "ze 104 oczka". */
export const zOczek = (n: number) => plural(L, n, { one: 'oczka', few: 'oczek', many: 'oczek', other: 'oczka' });

export const RULES_PL: RulesContent = {
  title: 'Zasady gry',
  contents: 'Spis treści',
  sections: [
    {
      id: 'na-poczatek',
      heading: 'Na początek',
      body: (
        <p>
          W Baśkę gra czworo graczy talią 16 kart. Każdy dostaje po cztery karty, rozgrywa się cztery lewy. Gra się para
          na parę albo jeden na trzech. Strona, która gra (<b>starzy</b>), wygrywa zwykle, gdy zbierze {oczek(53)} ze{' '}
          {zOczek(104)}, czyli więcej niż połowę; druga strona to <b>młodzi</b>. Gracz po lewej rozdającego to{' '}
          <b>przodek</b>: on wychodzi do pierwszej lewy i on rozdaje następne rozdanie.
        </p>
      ),
    },
    {
      id: 'karty',
      heading: 'Karty i oczka',
      body: (
        <>
          <p>
            W talii są asy, dziesiątki, damy i walety w czterech kolorach: ♣ krzyż (trefl), ♠ pik (wino), ♥ kier
            (serce), ♦ karo (dzwonek). Karty mają oczka:
          </p>
          <table class="points">
            <thead>
              <tr>
                <th scope="col">Karta</th>
                <th scope="col">Oczka</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>as (A)</td>
                <td>11</td>
              </tr>
              <tr>
                <td>dziesiątka (10)</td>
                <td>10</td>
              </tr>
              <tr>
                <td>dama (D)</td>
                <td>3</td>
              </tr>
              <tr>
                <td>walet (W)</td>
                <td>2</td>
              </tr>
            </tbody>
          </table>
          <p>
            Cała talia ma {oczek(104)}. Asy i dziesiątki to <i>całe</i>. Dama krzyżowa i dama pikowa to <b>stare</b>{' '}
            (stare damy): od nich zależy, kto z kim gra.
          </p>
        </>
      ),
    },
    {
      id: 'starszenstwo',
      heading: 'Starszeństwo kart',
      body: (
        <>
          <h4>We wszystkich grach poza granem</h4>
          <p>
            Atutów jest dwanaście. Najstarszy jest <b>as kier</b>, po nim <b>dziesiątka kier</b> — dopiero za nimi damy
            i walety, a na końcu as i dziesiątka karo:
          </p>
          <CardRow codes="Ah Th Qc Qs Qh Qd Jc Js Jh Jd Ad Td" order="normal" label="Atuty od najstarszego" />
          <p>
            Pozostałe cztery karty to <b>fele</b> (obce): as i dziesiątka krzyżowa oraz as i dziesiątka pikowa. As bije
            dziesiątkę tego samego koloru; fela jednego koloru nie bije feli drugiego, a każdy atut bije każdą felę.
          </p>
          <div class="card-rows">
            <CardRow codes="Ac Tc" order="fele-c" label="Fele krzyżowe" />
            <CardRow codes="As Ts" order="fele-s" label="Fele pikowe" />
          </div>
          <h4>W granie i gran-du</h4>
          <p>Atutami są tylko cztery walety:</p>
          <CardRow codes="Jc Js Jh Jd" order="gran" label="Atuty w granie" />
          <p>
            Reszta to cztery zwykłe kolory po trzy karty: as, dziesiątka, dama — we wszystkich czterech kolorach, także
            w kierach i w karach.
          </p>
          <div class="card-rows">
            <CardRow codes="Ac Tc Qc" order="gran-c" label="Krzyże w granie" />
            <CardRow codes="As Ts Qs" order="gran-s" label="Piki w granie" />
            <CardRow codes="Ah Th Qh" order="gran-h" label="Kiery w granie" />
            <CardRow codes="Ad Td Qd" order="gran-d" label="Kara w granie" />
          </div>
        </>
      ),
    },
    {
      id: 'dokladanie',
      heading: 'Dokładanie i przebijanie',
      body: (
        <>
          <p>
            Przodek wychodzi do pierwszej lewy, a kto weźmie lewę, ten wychodzi do następnej. Każdy dokłada po jednej
            karcie, zgodnie z ruchem wskazówek zegara.
          </p>
          <h4>We wszystkich grach poza granem</h4>
          <ul>
            <li>
              Gdy wyjdzie fela, kto ma drugą felę tego koloru, musi ją dołożyć. Kto jej nie ma, musi przebić najstarszą
              kartę w lewie, jeśli może (felę bije każdy atut); jeśli nie może, dokłada atut; a bez atutu — dowolną
              kartę.
            </li>
            <li>
              Gdy wyjdzie atut, trzeba przebić najstarszy atut w lewie, jeśli się da; jeśli nie — dołożyć jakikolwiek
              atut; bez atutu — dowolną kartę.
            </li>
            <li>Lewę bierze najstarszy atut; gdy atutu w niej nie ma — starsza fela koloru, który wyszedł.</li>
          </ul>
          <h4>W granie i gran-du</h4>
          <ul>
            <li>
              Gdy wyjdzie walet, trzeba dać starszego waleta niż te w lewie, jeśli się ma; jeśli nie — jakiegokolwiek
              waleta; bez waleta — dowolną kartę.
            </li>
            <li>
              Gdy wyjdzie karta koloru, trzeba dołożyć do koloru i przebić najstarszą kartę tego koloru w lewie, jeśli
              się da, a w lewie nie ma waleta. Kto nie ma koloru, musi przebić starszym waletem, jeśli może; jeśli nie —
              dołożyć waleta; bez waleta — dowolną kartę.
            </li>
            <li>Lewę bierze najstarszy walet; bez waleta — najstarsza karta koloru, który wyszedł.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'gry',
      heading: 'Gry: co trzeba mieć i ile są warte',
      body: (
        <>
          <p>
            Gry zgłasza się w licytacji; każda następna musi być wyższa. Od najniższej: wesele, zollo-bieda, gran,
            zollo, gran-du, zollo-du, mester, baszka. Zwyczajnej i cichej się nie zgłasza: gra się je, gdy nikt nic nie
            zgłosił.
          </p>
          <GamesTable
            head={['Gra', 'Kto może ją grać', 'Starzy wygrywają', 'Wartość']}
            rows={[
              [
                'zwyczajna',
                'nikt nic nie zgłosił, a stare damy są w dwóch rękach: ich posiadacze grają razem',
                <>mając {oczek(53)} albo więcej</>,
                '1, 2 albo 3 (stopień)',
              ],
              [
                'cicha',
                'nikt nic nie zgłosił, a jeden gracz ma obie stare damy: gra sam, bez zapowiadania',
                <>mając {oczek(53)} albo więcej</>,
                '4',
              ],
              [
                'wesele',
                'kto ma obie stare damy; gra z partnerem (niżej)',
                <>mając {oczek(53)} albo więcej</>,
                '1, 2 albo 3 (stopień)',
              ],
              ['zollo-bieda', 'kto ma wszystkie cztery dziesiątki', 'od razu, bez grania', '5'],
              ['gran', 'każdy; gra sam, atutami są walety', <>mając {oczek(53)} albo więcej</>, '5'],
              ['zollo', 'każdy; gra sam', <>mając {oczek(53)} albo więcej</>, '5'],
              ['gran-du', 'każdy; gra sam, atutami są walety', 'biorąc wszystkie cztery lewy', '10'],
              ['zollo-du', 'każdy; gra sam', 'biorąc wszystkie cztery lewy', '10'],
              ['mester', 'kto ma wszystkie cztery asy', 'od razu, bez grania', '10'],
              ['baszka', 'kto ma wszystkie cztery damy', 'od razu, bez grania', '10'],
            ]}
          />
          <p>
            Wartość to tyle, ile każdy gracz strony przegranej płaci każdemu graczowi strony wygranej, zanim policzy się
            podwojenia. Kto gra sam przeciw trzem, dostaje albo płaci trzy razy tyle: solista w granie dostaje +15, a
            każdy z trzech przeciwników −5. Gdy starzy przegrają, płacą podwójnie (w odmianie standardowej i
            lęborskiej). Zollo-bieda, mester i baszka są <b>rzucane</b>: nie gra się ich, wygrywa od razu zgłaszający i
            nie można ich kontrować.
          </p>
        </>
      ),
    },
    {
      id: 'strony',
      heading: 'Kto z kim gra',
      body: (
        <ul>
          <li>
            <b>Zwyczajna</b>: razem grają posiadacze damy krzyżowej i damy pikowej (starzy) przeciw dwóm pozostałym
            (młodym). Na początku nikt nie wie, kto jest z kim — wychodzi to dopiero w grze.
          </li>
          <li>
            <b>Cicha</b>: gdy nikt nic nie zgłosi, a jeden gracz ma obie stare damy, gra sam przeciw trzem. Cichej się
            nie zapowiada.
          </li>
          <li>
            <b>Wesele</b>: kto ma obie stare damy, może zgłosić wesele. Jego partnerem jest ten, kto ma najstarszego z
            waletów W♣, W♠, W♥, którego zgłaszający nie ma: kto nie ma W♣, gra z posiadaczem W♣; kto ma W♣, a nie ma W♠,
            gra z posiadaczem W♠; kto ma oba, gra z posiadaczem W♥.
          </li>
          <li>
            <b>Gran, zollo, du, zollo-bieda, mester, baszka</b>: zgłaszający gra sam przeciw trzem.
          </li>
          <li>
            W każdej grze strona zgłaszającego to <b>starzy</b>, a druga strona to <b>młodzi</b>.
          </li>
        </ul>
      ),
    },
    {
      id: 'licytacja',
      heading: 'Licytacja',
      body: (
        <>
          <p>
            Zaczyna gracz po przodku (w odmianie Kop: przodek), dalej kolejno w lewo, tyle okrążeń, ile trzeba. Można
            spasować (powiedzieć „pas” albo „porządek”), zgłosić grę wyższą od dotychczasowej albo podwoić. Licytacja
            kończy się, gdy pierwsze cztery zapowiedzi to pasy albo gdy po jakiejkolwiek innej zapowiedzi padną trzy
            pasy z rzędu.
          </p>
          <p>
            Podwojenia idą po kolei: <b>kontra</b>, <b>rekontra</b>, <b>bok</b>, <b>hirsz</b> — każde podnosi o jeden
            stopień, najwyżej do czterech. Zgłoszenie gry kasuje wszystkie wcześniejsze podwojenia. Nie można dać
            pierwszej kontry na własną grę (można za to odpowiedzieć rekontrą na kontrę); tak samo, gdy nikt nie zgłosił
            gry, nie może dać kontry ten, kto ma obie stare damy. Gier rzucanych się nie kontruje.
          </p>
        </>
      ),
    },
    {
      id: 'podwojenia',
      heading: 'Jak liczą się podwojenia',
      body: (
        <>
          <p>
            Podwojenia rozlicza się dopiero wtedy, gdy wiadomo, kto z kim grał. Bierze się podwojenia dane po ostatniej
            zgłoszonej grze, po kolei: pierwsze liczy się zawsze, a każde następne tylko wtedy, gdy dał je gracz z innej
            strony niż autor ostatniego liczonego. Każde liczone podwojenie mnoży wartość przez 2 (jedno ×2, dwa ×4,
            trzy ×8, cztery ×16).
          </p>
          <p>Przykład: zwyczajna; kontrę daje gracz I, rekontrę — III, bok — IV, hirsza — III.</p>
          <ul>
            <li>
              Starzy to I i III, młody IV: liczy się kontra (I), rekontra III już nie (ta sama strona co I), bok IV tak,
              hirsz III tak — trzy podwojenia, ×8.
            </li>
            <li>
              Starzy to III i IV, młody I: liczy się kontra (I) i rekontra (III); bok IV nie (ta sama strona co III) i
              hirsz III też nie — dwa podwojenia, ×4.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'wynik',
      heading: 'Wynik: wyjście, bez wyjścia, bez bitki, bok-runda',
      body: (
        <>
          <p>
            W zwyczajnej i w weselu wygrana ma <b>stopień</b>, zależny od tego, co wzięli przegrani:
          </p>
          <ul>
            <li>
              <b>z wyjściem</b> (1): przegrani mają swoje wyjście — młodzi co najmniej {oczek(26)}, starzy co najmniej{' '}
              {oczek(27)};
            </li>
            <li>
              <b>bez wyjścia</b> (2): przegrani wzięli mniej oczek niż ich wyjście;
            </li>
            <li>
              <b>bez bitki</b> (3): przegrani nie wzięli ani jednej lewy.
            </li>
          </ul>
          <p>
            Przy <b>remisie 52:52</b> wygrywają młodzi, a po nim zaczyna się <b>bok-runda</b>: cztery następne rozdania
            liczą się podwójnie. Remis w bok-rundzie dokłada cztery rozdania po tych, które jeszcze zostały; bok-rundy
            się nie nakładają, więc mnożnik jest zawsze ×2, nigdy ×4. W grach du liczą się lewy, więc remisu tam nie ma.
          </p>
          <p>
            Wartość rozdania: wartość gry, podwojona, gdy starzy przegrają (w odmianie standardowej), i podwojona
            jeszcze raz za każde liczone podwojenie oraz w bok-rundzie.
          </p>
          <h4>Przykłady</h4>
          <ol>
            <li>
              Zwyczajna z kontrą. Starzy wzięli trzy lewy i {oczek(80)}, młodzi jedną lewę i {oczek(24)}. Starzy
              wygrywają bez wyjścia (24 to mniej niż 26): 2 × 2 za kontrę, więc każdy stary +4, każdy młody −4. Przy
              stawce 20 gr za punkt każdy młody płaci {zloty(L, 0.8)}.
            </li>
            <li>
              Cicha; kontrę daje młody, rekontrę gracz grający cichą. Grający cichą wziął dwie lewy i {oczek(52)}:
              remis, który wygrywają młodzi. 4 × 2 za przegraną starego × 4 za dwa podwojenia = 32, więc grający cichą
              −96, każdy młody +32, a potem bok-runda. Przy 20 gr za punkt płaci każdemu z nich {zloty(L, 6.4)}.
            </li>
          </ol>
        </>
      ),
    },
    {
      id: 'odmiany',
      heading: 'Odmiany zasad',
      body: (
        <dl class="presets">
          <dt>Standardowa</dt>
          <dd>
            Według najpełniejszych polskich zasad: wszystkie gry, podwojenia kontra, rekontra, bok, hirsz; przy remisie
            wygrywają młodzi i jest bok-runda; wyjście młodych 26, starych 27; starzy płacą podwójnie, gdy przegrają.
          </dd>
          <dt>Lębork</dt>
          <dd>
            Jak standardowa, ale nie ma zollo-biedy, mestra ani baszki; trzecie podwojenie to hirsch, a czwarte bok.
            Cichej, której nie da się przegrać (nawet w teorii), nie wolno przemilczeć — trzeba zgłosić grę.
          </dd>
          <dt>Żnin</dt>
          <dd>
            Jak standardowa, ale z gier rzucanych jest tylko baszka; czwarte podwojenie to hirsh. Starzy płacą podwójnie
            tylko w zwyczajnej i w weselu. Kto (bez zgłoszonej gry) odpowiedział na kontrę rekontrą, bokiem albo
            hirshem, nie może już zgłosić wesela.
          </dd>
          <dt>Kop</dt>
          <dd>
            Tylko wesele, zollo i zollo-du (nie ma granu ani gier rzucanych). Licytację zaczyna przodek. Podwojenia:
            kontra, re, bok, słup. Przy remisie przegrywa strona, której podwojenie liczyło się jako ostatnie, a bez
            podwojeń starzy; nie ma bok-rundy. Wyjście 26 dla obu stron; starzy płacą tyle samo, czy wygrają, czy
            przegrają.
          </dd>
        </dl>
      ),
    },
  ],
  options: {
    heading: 'Ustawienia tej odmiany',
    intro: 'Wszystkie ustawienia wybranej odmiany; stół może zmienić niektóre z nich.',
    option: 'Ustawienie',
    value: 'Wartość',
    name: {
      games: 'Gry, które można zgłosić',
      auctionStart: 'Kto zaczyna licytację',
      maxDoubling: 'Najwyższe podwojenie',
      tie: 'Remis 52:52',
      bokRound: 'Bok-runda po remisie',
      wyjscie: 'Wyjście',
      oldLossFactor: 'Gdy starzy przegrają',
      weseleAfterOwnRedouble: 'Wesele po własnej rekontrze (bez zgłoszonej gry)',
      cichaMustBeLosable: 'Pewną cichą trzeba zgłosić jako grę',
      cardOrder: 'Starszeństwo kart',
      granMustTrump: 'W granie, bez koloru, trzeba dać waleta',
      weseleNamedJack: 'Zgłaszający wesele sam wskazuje waleta partnera',
      weseleSelfKontra: 'Zgłaszający wesele może dać kontrę na własne wesele',
    },
    value_: (option, v, top) => {
      if (typeof v === 'boolean') return v ? 'tak' : 'nie';
      switch (option) {
        case 'games':
          return (v as string[]).join(', ');
        case 'auctionStart':
          return v === 'forehand' ? 'przodek' : 'gracz po przodku';
        case 'maxDoubling':
          return top ? `${String(v)} (${top})` : String(v);
        case 'tie':
          return v === 'lastDoubler'
            ? 'przegrywa strona, której podwojenie liczyło się jako ostatnie (bez podwojeń: starzy)'
            : 'wygrywają młodzi';
        case 'wyjscie': {
          const w = v as { young: number; old: number };
          return `młodzi ${oczek(w.young)}, starzy ${oczek(w.old)}`;
        }
        case 'oldLossFactor':
          return v === 'all'
            ? 'płacą podwójnie'
            : v === 'partnership'
              ? 'płacą podwójnie w zwyczajnej i w weselu'
              : 'płacą tyle samo co przy wygranej';
        case 'cardOrder':
          return v === 'asTrzyDychy' ? 'trzy dychy: czarne dziesiątki są atutami' : 'zwykłe';
        default:
          return String(v);
      }
    },
  },
  glossary: {
    heading: 'Słowniczek',
    entries: [
      {
        term: 'starzy, stary',
        text: 'strona, która gra: w zwyczajnej posiadacze starych dam, w każdej innej grze zgłaszający (i jego partner w weselu).',
      },
      { term: 'młodzi, młody', text: 'strona przeciwna starym.' },
      { term: 'stare damy', text: 'dama krzyżowa i dama pikowa.' },
      { term: 'zwyczajna', text: 'gra, gdy nikt nic nie zgłosił: posiadacze starych dam przeciw pozostałym dwóm.' },
      {
        term: 'cicha',
        text: 'gra jednego gracza z obiema starymi damami przeciw trzem, gdy nikt nic nie zgłosił; nie zapowiada się jej.',
      },
      {
        term: 'wesele',
        text: 'gra zgłoszona przez posiadacza obu starych dam; partnerem jest posiadacz najstarszego z W♣, W♠, W♥, którego zgłaszający nie ma.',
      },
      { term: 'zollo', text: 'gra solo na zwykłych atutach; trzeba wziąć co najmniej 53 oczka.' },
      { term: 'gran', text: 'gra solo, w której atutami są tylko walety; trzeba wziąć co najmniej 53 oczka.' },
      { term: 'du', text: 'dopisek do granu i zolla (gran-du, zollo-du): trzeba wziąć wszystkie cztery lewy.' },
      { term: 'zollo-bieda', text: 'gra rzucana: cztery dziesiątki w ręce, wygrana od razu.' },
      { term: 'mester', text: 'gra rzucana: cztery asy w ręce, wygrana od razu.' },
      { term: 'baszka', text: 'gra rzucana: cztery damy w ręce, wygrana od razu; najwyższa gra.' },
      {
        term: 'fela (obca)',
        text: 'karta, która nie jest atutem: as i dziesiątka krzyżowa oraz as i dziesiątka pikowa.',
      },
      { term: 'kontra', text: 'pierwsze podwojenie.' },
      { term: 'rekontra (re)', text: 'drugie podwojenie, odpowiedź na kontrę.' },
      {
        term: 'bok',
        text: (
          <>
            dwie rzeczy: trzecie podwojenie w licytacji (w Lęborku czwarte) oraz <b>bok-runda</b> — cztery rozdania po
            remisie 52:52, liczone podwójnie.
          </>
        ),
      },
      {
        term: 'hirsz (hirsch, hirsh, słup)',
        text: 'czwarte podwojenie; w Lęborku hirsch to trzecie, a czwarte to bok.',
      },
      {
        term: 'wyjście',
        text: 'próg oczek przegranych: 26 dla młodych, 27 dla starych (w Kop 26 dla obu stron). Kto go nie osiągnie, przegrywa bez wyjścia. Nie mylić z wychodzeniem do lewy, czyli zagraniem pierwszej karty.',
      },
      {
        term: 'z wyjściem, bez wyjścia, bez bitki',
        text: 'stopnie wygranej w zwyczajnej i w weselu: 1, 2 i 3 punkty.',
      },
      { term: 'przodek', text: 'gracz po lewej rozdającego; wychodzi do pierwszej lewy.' },
      { term: 'pas, porządek', text: 'nic nie zgłaszam.' },
      { term: 'oczko, lewa', text: 'punkt z karty; cztery karty zebrane ze stołu.' },
      { term: 'protokół', text: 'zapis gry: wiersz na każde rozdanie.' },
    ],
  },
};
