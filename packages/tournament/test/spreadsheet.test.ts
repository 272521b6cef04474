// The CSV for a spreadsheet (spreadsheet.ts) byte by byte: a Polish or German Excel needs a
// byte-order mark, ";" between the cells and a decimal comma; an English one "," and a point. The
// plain CSV of the spec stays as it was.
import { describe, expect, it } from 'vitest';
import { parseTournament, season, seasonCsv, spreadsheetCsv, standings, standingsCsv } from '@baska/tournament';

/** Two tables of one deal: a shared 3rd–6th place (50.75 tournament points), Polish letters, a ";", a quote, a formula. */
function tournament() {
  const t = parseTournament(
    JSON.stringify({
      name: 'Arkusz',
      format: { format: 'znin', rounds: 1, deals: { 4: 1 } },
      rules: 'znin',
      seed: 's',
      players: [
        { id: 'p1', name: 'Anna Wiśniewska' },
        { id: 'p2', name: 'Jan; Kaszuba' },
        { id: 'p3', name: '=SUMA(A1:A9)' },
        { id: 'p4', name: 'Józef "Józek" Kreft' },
        { id: 'p5', name: 'Ewa Żółć' },
        { id: 'p6', name: 'Piotr' },
        { id: 'p7', name: 'Ola' },
        { id: 'p8', name: 'Marta' },
      ],
      rounds: [
        {
          tables: [
            { table: 1, players: ['p1', 'p2', 'p3', 'p4'], protocol: [[12, 0, 0, -12]] },
            { table: 2, players: ['p5', 'p6', 'p7', 'p8'], protocol: [[10, 0, 0, -10]] },
          ],
        },
      ],
    }),
  );
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}

const PLAIN = [
  'place,player,name,bigPoints,smallPoints,first,second,third,fourth,fifth,tournamentPoints',
  '1,p1,Anna Wiśniewska,8,12,1,0,0,0,0,60',
  '2,p5,Ewa Żółć,8,10,1,0,0,0,0,56',
  "3,p3,'=SUMA(A1:A9),5,0,0,1,0,0,0,50.75",
  '3,p2,Jan; Kaszuba,5,0,0,1,0,0,0,50.75',
  '3,p7,Ola,5,0,0,1,0,0,0,50.75',
  '3,p6,Piotr,5,0,0,1,0,0,0,50.75',
  '7,p8,Marta,2,-10,0,0,0,1,0,48',
  '8,p4,"Józef ""Józek"" Kreft",2,-12,0,0,0,1,0,47',
  '',
].join('\n');

const bytes = (s: string) => [...Buffer.from(s, 'utf8')];

describe('the standings for a spreadsheet', () => {
  it('the plain CSV is the spec’s: no mark, ",", a decimal point, "\\n"', () => {
    expect(standingsCsv(standings(tournament()))).toBe(PLAIN);
  });

  it('in Polish: a UTF-8 byte-order mark, ";" between cells, a decimal comma, the header in Polish', () => {
    const csv = spreadsheetCsv(standingsCsv(standings(tournament())), 'pl');
    expect(bytes(csv).slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv).toBe(
      '\uFEFF' +
        [
          'Miejsce;Id;Gracz;Duże pkt;Małe pkt;1. miejsca;2. miejsca;3. miejsca;4. miejsca;5. miejsca;Pkt turniejowe',
          '1;p1;Anna Wiśniewska;8;12;1;0;0;0;0;60',
          '2;p5;Ewa Żółć;8;10;1;0;0;0;0;56',
          "3;p3;'=SUMA(A1:A9);5;0;0;1;0;0;0;50,75", // the formula stays text, as in the plain CSV
          '3;p2;"Jan; Kaszuba";5;0;0;1;0;0;0;50,75', // a ";" in a name is quoted
          '3;p7;Ola;5;0;0;1;0;0;0;50,75',
          '3;p6;Piotr;5;0;0;1;0;0;0;50,75',
          '7;p8;Marta;2;-10;0;0;0;1;0;48',
          '8;p4;"Józef ""Józek"" Kreft";2;-12;0;0;0;1;0;47',
          '',
        ].join('\r\n'),
    );
    // "ż" is two bytes of UTF-8 (0xC5 0xBC), not Windows-1250's one.
    expect(bytes(csv)).toEqual(expect.arrayContaining([0xc5, 0xbc]));
  });

  it('in English: the mark, "," and a decimal point', () => {
    const csv = spreadsheetCsv(standingsCsv(standings(tournament())), 'en');
    expect(csv.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFPlace,Id,Player,Big points,Small points,1st places,2nd places,3rd places,4th places,5th places,Tournament points',
      '1,p1,Anna Wiśniewska,8,12,1,0,0,0,0,60',
    ]);
    expect(csv).toContain('\r\n3,p2,"Jan; Kaszuba",5,0,0,1,0,0,0,50.75\r\n');
  });

  it('a season in German: the tournaments numbered in words, 101,5 points', () => {
    const t = tournament();
    const csv = spreadsheetCsv(seasonCsv(season([t, t])), 'de');
    expect(csv.split('\r\n').slice(0, 4)).toEqual([
      '\uFEFFPlatz;Id;Spieler;Turnierpunkte;Summe;Turniere;Turnier 1;Turnier 2',
      '1;p1;Anna Wiśniewska;120;120;2;60;60',
      '2;p5;Ewa Żółć;112;112;2;56;56',
      "3;p3;'=SUMA(A1:A9);101,5;101,5;2;50,75;50,75",
    ]);
  });

  it('leaves a season’s empty cell (a tournament one did not play) empty', () => {
    const csv = 'place,player,name,score,total,played,tournament1,tournament2\n1,p1,Anna,60,60,1,60,\n';
    expect(spreadsheetCsv(csv, 'pl')).toBe(
      '\uFEFFMiejsce;Id;Gracz;Pkt turniejowe;Suma;Turniejów;Turniej 1;Turniej 2\r\n1;p1;Anna;60;60;1;60;\r\n',
    );
  });
});
