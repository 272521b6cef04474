// A terminal game played to the end by a driver that reads the screen and answers the prompts,
// as a player would, over the real process's standard input and output.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/baska.js', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'baska-play-'));

/** Run `baska play`, answering each `> ` prompt with `answer(screen so far)`; resolves with the transcript and exit code. */
function drive(
  args: string[],
  answer: (screen: string) => string | null,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'play', ...args], { env: { ...process.env, NO_COLOR: '1' } });
    let out = '';
    let answered = 0;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out; screen so far:\n${out}`));
    }, 30_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const prompts = out.split(/(?:^|\n)> |: $/m).length - 1;
      if ((out.endsWith('> ') || out.endsWith(': ')) && prompts > answered) {
        answered = prompts;
        const a = answer(out);
        if (a === null) child.stdin.end();
        else child.stdin.write(`${a}\n`);
      }
    });
    child.stderr.on('data', (d) => (out += String(d)));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe('baska play', () => {
  it('plays a whole deal: hand, legal calls, tricks and who took them, the score line; hints on bad input', async () => {
    const save = join(tmp, 'game.json');
    let junkSent = false;
    let barredSent = false;
    const { code, out } = await drive(
      ['--seed', '21', '--bots', 'random', '--deals', '1', '--save', save],
      (screen) => {
        const last = screen.slice(screen.lastIndexOf('Twoje karty'));
        if (!junkSent) {
          junkSent = true;
          return 'xyz';
        }
        const barred = /nie wolno: (\S+)/.exec(last);
        const inPlay = screen.lastIndexOf('Na stole') > screen.lastIndexOf('Twoja zapowiedź');
        if (barred && !barredSent && inPlay) {
          barredSent = true;
          return barred[1]!; // a card the rules forbid here
        }
        return '1';
      },
    );
    expect(code).toBe(0);
    expect(out).toContain('Baśka — zasady standard; grasz na miejscu 1;');
    expect(out).toMatch(/Twoje karty: (\S+ ){3}\S+\n/); // the four cards of the hand
    expect(out).toMatch(/Twoja zapowiedź: \[1\] pas/);
    expect(out).toContain('Nie rozumiem „xyz”');
    expect(barredSent).toBe(true); // seed 21 deals this seat a trick where some cards are forbidden
    expect(out).toContain('Tej karty nie wolno zagrać: musisz dołożyć');
    expect(out).toMatch(/Kontrakt: /);
    expect(out).toContain('Koniec gry. Dziękujemy!');

    // What the screen said agrees with the saved record, scored by the command.
    const scored = JSON.parse(spawnSync(process.execPath, [BIN, 'score', save], { encoding: 'utf8' }).stdout) as {
      deals: { contract: string; oldPoints: number | null; scores: number[] }[];
    };
    const deal = scored.deals[0]!;
    const record = JSON.parse(readFileSync(save, 'utf8')) as { deals: { play: string[] }[] };
    if (deal.oldPoints !== null) {
      expect(out.match(/→ lewę bierze gracz \d/g)).toHaveLength(4);
      expect(record.deals[0]!.play).toHaveLength(16);
    }
    // People count seats from 1: the record's seat 0 is gracz 1.
    const line = deal.scores
      .map((v, s) => `gracz ${s + 1}${s === 0 ? ' (ty)' : ''} ${v > 0 ? '+' : ''}${v}`)
      .join('   ');
    expect(out).toContain(line);
    expect(out).toContain(`${deal.contract}`);
  });

  it('offers the levels: a deal against basic bots, and against the default, expert', async () => {
    for (const args of [['--bots', 'basic'], []]) {
      const { code, out } = await drive(['--seed', '8', '--deals', '1', ...args], () => '1');
      expect(code).toBe(0);
      expect(out).toContain(`komputer (poziom ${args[1] ?? 'expert'}) gra na miejscach 2, 3 i 4`);
      expect(out).toContain('Koniec gry. Dziękujemy!');
    }
  });

  it('speaks English with --lang en and leaves cleanly when the input ends', async () => {
    const { code, out } = await drive(['--seed', '4', '--lang', 'en'], () => null);
    expect(code).toBe(0);
    expect(out).toContain('Baśka — rules standard; you sit at seat 1;');
    expect(out).toMatch(/Your cards: /);
    expect(out).toContain('Game over.');
  });

  it('leaves cleanly on Ctrl-C (SIGINT)', async () => {
    const child = spawn(process.execPath, [BIN, 'play', '--seed', '4'], { env: { ...process.env, NO_COLOR: '1' } });
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
      if (out.endsWith('> ')) child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(code).toBe(130);
    expect(out).toContain('Przerwano. Do zobaczenia!');
    expect(out).not.toMatch(/Error|at .*\.js/);
  });

  it('plays several deals with the dealer rotating, and the record keeps them all', async () => {
    const save = join(tmp, 'three.json');
    const { code, out } = await drive(
      ['--seed', '8', '--deals', '3', '--save', save, '--rules', 'kop', '--seat', '2'],
      (screen) => (screen.endsWith(': ') && screen.includes('[Enter]') ? '' : '1'),
    );
    expect(code).toBe(0);
    const dealers = [...out.matchAll(/=== Rozdanie \d === rozdaje gracz (\d)/g)].map((m) => Number(m[1]) - 1);
    expect(dealers).toHaveLength(3);
    expect(dealers[1]).toBe((dealers[0]! + 1) % 4);
    expect(dealers[2]).toBe((dealers[0]! + 2) % 4);
    expect(out).toContain('grasz na miejscu 2'); // --seat 2, counted from 1
    expect(out).not.toMatch(/gracz 0/);
    const record = JSON.parse(readFileSync(save, 'utf8')) as { rules: unknown; deals: unknown[] };
    expect(record.rules).toBe('kop');
    expect(record.deals).toHaveLength(3);
  });
});

describe('baska play: the words of the table', () => {
  it('says zapowiedź, not the bridge word; groups the sides; signs the totals; names the three computer seats', async () => {
    const save = join(tmp, 'words.json');
    let asked = false;
    let wrong = false;
    const { code, out } = await drive(['--seed', '21', '--bots', 'basic', '--deals', '2', '--save', save], (screen) => {
      if (
        screen.endsWith(': ') &&
        screen.includes('[Enter]') &&
        !screen.slice(screen.lastIndexOf('[Enter]')).includes('\n')
      )
        return '';
      const auction = screen.lastIndexOf('Twoja zapowiedź') > screen.lastIndexOf('Na stole');
      if (auction && !asked) {
        asked = true;
        return '?';
      }
      if (auction && !wrong) {
        wrong = true;
        return 'rekontra'; // a call the table knows, not allowed before a kontra
      }
      return '1';
    });
    expect.soft(code).toBe(0);
    expect
      .soft(out)
      .toContain(
        'Baśka — zasady standard; grasz na miejscu 1; komputer (poziom basic) gra na miejscach 2, 3 i 4; ziarno 21',
      );
    expect.soft(out).toMatch(/Twoja zapowiedź: \[1\] pas/);
    expect.soft(out).toContain('Wpisz numer zapowiedzi albo jej nazwę. Dozwolone: pas,');
    expect.soft(out).toContain('Tej zapowiedzi nie można teraz zgłosić. Dozwolone: pas,');
    expect.soft(out).not.toMatch(/odzywk|gracz \d( \(ty\))?: (starzy|młodzi|\?)/);
    // seed 21, deal 1: the player holds one black queen, the other is found in the second trick.
    expect.soft(out).toContain('Starzy: gracz 1 (ty); jeszcze nie wiadomo: gracz 2, gracz 3, gracz 4');
    expect.soft(out).toContain('Starzy: gracz 1 (ty), gracz 4; młodzi: gracz 2, gracz 3');
    expect.soft(out).toContain('  bez kontr; wartość 2');
    expect.soft(out).toContain('Stan: gracz 1 (ty) -2, gracz 2 +2, gracz 3 +2, gracz 4 -2');
    expect.soft(out).toContain(`Zapisano grę: ${save}`);
    expect.soft(out).not.toContain('Zapisano zapis');
  });

  it('a single old player is "stary"; English says the same things in English', async () => {
    const solo = await drive(['--seed', '3', '--bots', 'basic', '--deals', '1'], () => '1');
    expect.soft(solo.code).toBe(0);
    expect.soft(solo.out).toContain('Kontrakt: gran — gracz 4'); // seed 3: player 4 declares gran and plays alone
    expect.soft(solo.out).toContain('Stary: gracz 4; młodzi: gracz 1 (ty), gracz 2, gracz 3');
    const { code, out } = await drive(['--seed', '21', '--bots', 'basic', '--deals', '1', '--lang', 'en'], () => '1');
    expect.soft(code).toBe(0);
    expect
      .soft(out)
      .toContain(
        'Baśka — rules standard; you sit at seat 1; the computer (basic level) plays at seats 2, 3, and 4; seed 21',
      );
    expect.soft(out).toContain('Old: player 1 (you); not known yet: player 2, player 3, player 4');
    expect.soft(out).toContain('Old: player 1 (you), player 4; young: player 2, player 3');
    expect.soft(out).toContain('  no doublings; value 2');
    expect.soft(out).toContain('Totals: player 1 (you) -2, player 2 +2, player 3 +2, player 4 -2');
  });
});
