// bench/heap-diff: what grew between two heap snapshots (as bench/soak.js --snapshots writes them),
// by constructor: the count and the bytes of each kind of object, the largest growth first. What a
// table keeps per deal shows as the constructors whose count grows with the deals played.
//
//   node bench/heap-diff.js FIRST.heapsnapshot LAST.heapsnapshot [--top 25]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

/** Count and self size of the snapshot's nodes by type and name (an object's name is its constructor's). */
export function countsOf(file) {
  const snap = JSON.parse(readFileSync(file, 'utf8'));
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [iType, iName, iSize] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const counts = new Map();
  const nodes = snap.nodes;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + iType]];
    // Strings and code are counted by type alone: their names are their contents.
    const name = type === 'object' || type === 'closure' ? snap.strings[nodes[i + iName]] : '';
    const key = `${type}${name ? ' ' + name : ''}`;
    const c = counts.get(key) ?? { count: 0, bytes: 0 };
    c.count++;
    c.bytes += nodes[i + iSize];
    counts.set(key, c);
  }
  return counts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '25' } },
  });
  const [a, b] = positionals.map(countsOf);
  const keys = new Set([...a.keys(), ...b.keys()]);
  const rows = [...keys].map((k) => {
    const x = a.get(k) ?? { count: 0, bytes: 0 };
    const y = b.get(k) ?? { count: 0, bytes: 0 };
    return { k, count: y.count - x.count, bytes: y.bytes - x.bytes, total: y.count };
  });
  rows.sort((p, q) => q.bytes - p.bytes);
  const sum = rows.reduce((s, r) => s + r.bytes, 0);
  console.log(`heap grew by ${(sum / 1024).toFixed(0)} KB (self sizes); the largest growth by constructor:`);
  console.log('     +count    +KB    count  constructor');
  for (const r of rows.slice(0, Number(values.top)))
    console.log(
      `${String(r.count).padStart(11)} ${(r.bytes / 1024).toFixed(0).padStart(6)} ${String(r.total).padStart(8)}  ${r.k.slice(0, 80)}`,
    );
}
