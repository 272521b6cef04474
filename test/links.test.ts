// No document points at a file that is not in the tree: every relative link of every Markdown file
// the repository tracks, and every document a `baska ... --help` text names.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, baska } from './examples.js';
import { helpPaths, linkTargets, missing } from './links.js';

const pages = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((p) => p !== '' && !p.includes('node_modules/'));

describe('the checker itself', () => {
  it('finds a broken relative link, and passes a good one, a web address and an anchor', () => {
    const text =
      '[a](docs/rules.md) [b](docs/no-such-page.md#x) [c](https://example.org/x.md) [d](#top)\n```\n[e](gone.md)\n```';
    expect(linkTargets(text)).toEqual(['docs/rules.md', 'docs/no-such-page.md']);
    expect(missing(ROOT, 'README.md', linkTargets(text))).toEqual(['docs/no-such-page.md']);
    expect(missing(ROOT, 'docs/spec/records.md', ['../rules.md', '../../../outside.md'])).toEqual([
      '../../../outside.md',
    ]);
  });

  it('takes the documents a help text names, not the files it writes', () => {
    const help =
      'follow docs/spec/records.md, e.g.\n  baska arena --report arena.md\n  --report docs/arena/x.md (see README.md)';
    expect(helpPaths(help).sort()).toEqual(['README.md', 'docs/arena/x.md', 'docs/spec/records.md']);
  });
});

describe('links in the tree', () => {
  it('finds the Markdown files', () => {
    expect(pages).toContain('README.md');
    expect(pages).toContain('docs/rules.md');
  });

  for (const page of pages) {
    it(`${page}: every relative link names a file in the tree`, () => {
      const targets = linkTargets(readFileSync(join(ROOT, page), 'utf8'));
      expect(missing(ROOT, page, targets)).toEqual([]);
    });
  }
});

describe('documents named by baska --help', () => {
  const top = baska(['--help']).out;
  const commands = [...top.replace(/^[\s\S]*?Commands:\n/, '').matchAll(/^ {2}([a-z]+)\b/gm)]
    .map((m) => m[1]!)
    .filter((c) => c !== 'help');

  it('lists its commands', () => {
    expect(commands).toEqual(
      expect.arrayContaining(['score', 'legal', 'play', 'simulate', 'analyze', 'arena', 'rules']),
    );
  });

  for (const command of ['', ...commands]) {
    it(`baska ${[command, '--help'].filter(Boolean).join(' ')} names only documents that exist`, () => {
      const r = baska(command ? [command, '--help'] : ['--help']);
      expect(r.code).toBe(0);
      expect(missing(ROOT, '.', helpPaths(r.out), '.')).toEqual([]);
    });
  }
});
