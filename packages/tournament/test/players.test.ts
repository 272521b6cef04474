// The list of players: its ids are what a season matches people by (docs/spec/tournament.md), so a
// name typed again in the next month's list keeps its id, and a newcomer never gets someone else's.
import { describe, expect, it } from 'vitest';
import { type TournamentPlayer, parsePlayers } from '../src/index.js';

const ok = (r: ReturnType<typeof parsePlayers>): TournamentPlayer[] => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('parsePlayers', () => {
  it('numbers a first list p1, p2, … in its order', () => {
    expect(ok(parsePlayers('Anna\nBeata\nCezary'))).toEqual([
      { id: 'p1', name: 'Anna' },
      { id: 'p2', name: 'Beata' },
      { id: 'p3', name: 'Cezary' },
    ]);
  });

  it('gives a name of an earlier tournament its id there, and a newcomer an id nobody had', () => {
    const may = ok(parsePlayers('Anna Kowalska\nBeata Nowak\nCezary Lis\nDorota Hinz'));
    // June: another order, one name typed a little differently, one newcomer.
    const june = ok(parsePlayers('Dorota Hinz\n  cezary   lis \nEdmund Kreft\nAnna Kowalska', may));
    const id = (list: TournamentPlayer[], name: string) => list.find((p) => p.name.includes(name))!.id;
    for (const name of ['Anna', 'Dorota']) expect(id(june, name)).toBe(id(may, name));
    expect(id(june, 'cezary')).toBe(id(may, 'Cezary'));
    expect(may.map((p) => p.id)).not.toContain(id(june, 'Edmund'));
    expect(new Set(june.map((p) => p.id)).size).toBe(4);
  });

  it('keeps an id the list gives, and gives two people of one name two ids', () => {
    const earlier = [{ id: 'p1', name: 'Jan Nowak' }];
    const list = ok(parsePlayers('name,id\nJan Nowak,\nJan Nowak,\nOla,p1\n', earlier));
    expect(list.find((p) => p.name === 'Ola')!.id).toBe('p1');
    const jans = list.filter((p) => p.name === 'Jan Nowak').map((p) => p.id);
    expect(new Set(jans).size).toBe(2);
    expect(jans).not.toContain('p1');
  });

  it('refuses a name over 100 characters and a list of blank names, with ERR_PLAYERS', () => {
    expect(ok(parsePlayers('Ż'.repeat(100)))[0]!.name).toHaveLength(100);
    for (const text of ['Ż'.repeat(101), `Anna\n${'x'.repeat(101)}`, 'name;club\n;Żnin\n', ' \n \n'])
      expect(parsePlayers(text), JSON.stringify(text)).toMatchObject({ ok: false, error: { code: 'ERR_PLAYERS' } });
  });
});
