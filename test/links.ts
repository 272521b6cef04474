// Which files a Markdown page or a help text names, and which of them are missing from the tree.
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

/** The relative link targets of a Markdown text, code blocks and inline code left out. */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
  const targets = [
    ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
    ...[...prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1]!),
  ];
  return targets
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#') && !t.startsWith('//'))
    .map((t) => decodeURI(t.replace(/[#?].*$/, '')));
}

/** The documents a help text names: every `docs/...` path, and every `*.md` that is not a file
 * the command is asked to write (`--report arena.md`). */
export function helpPaths(help: string): string[] {
  const paths = new Set<string>();
  for (const m of help.matchAll(
    /(?:^|[\s(`'"])((?:--[a-z-]+\s+)?)((?:\.{1,2}\/)?[\w./-]*\.md|docs\/[\w./-]*[\w/])/gm,
  )) {
    const written = /^--(report|out|save)\s/.test(m[1]!);
    if (!written || m[2]!.startsWith('docs/')) paths.add(m[2]!);
  }
  return [...paths];
}

/** The targets of `page` (a path from `root`) that name no file or folder inside `root`. */
export function missing(root: string, page: string, targets: string[], from = dirname(page)): string[] {
  return targets.filter((t) => {
    const path = isAbsolute(t) ? join(root, t) : resolve(root, from, t);
    const inside = !relative(root, path).startsWith('..');
    return !inside || !existsSync(path);
  });
}
