import { createLinkResolver, createVault, type NoteLink, parseLinks, type VaultFs, type VaultSeed } from '@vault/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import type { ContractBackend } from './describe-vault-fs-contract.js';

const folders = ['', 'a', 'a/b', 'c d'];
const names = ['x', 'y', 'Y', 'my note', 'v1.2'];
/** Names a moved file may take: the plain ones, and names holding what ends, escapes or quotes a link or a YAML scalar. */
const destinationNames = [
  ...names,
  'C# notes',
  '50%41 off',
  '100% done',
  'Bob\'s "Index"',
  'a: b, c',
  '[x] y',
  '$5 and $6',
  'a`b`',
  'x|y^z',
  '(p) {q}',
  '<z> & !',
  'é 😀',
];
/** Front matter holding a wikilink, in each scalar style YAML has. */
const frontMatters = [
  (link: string) => `up: "${link}"`,
  (link: string) => `up: '${link}'`,
  (link: string) => `up: see ${link} here`,
  (link: string) => `up:\n  - "${link}"\n  - '${link}'`,
  (link: string) => `up: |\n  ${link}\nnext: >\n  ${link}`,
];
const extensions = ['.md', '.md', '.md', '.png'];
/** Text around links: words, line breaks (CRLF too), and links that code, math or a missing file keep from counting. */
const noise = ['text ', '\n', '\r\n', '`[[x]]` ', '\n```\n[[y]] [t](x.md)\n```\n', '[[nothing]] ', '$[[x]]$ ', '- [ ] ', '| a | b |\n'];
/** Link forms, written for a note at `from` to the file at `to`. */
const forms: ((to: string, from: string) => string)[] = [
  (to) => `[[${stem(name(to))}]]`,
  (to) => `[[${stem(to)}|alias]]`,
  (to) => `![[${name(to)}#Heading]]`,
  (to, from) => `[[${dotted(relative(folderOf(from), to))}]]`,
  (to) => `| [[${stem(to)}\\|alias]] |\n`,
  (to, from) => `[t](${encodeURI(relative(folderOf(from), to))})`,
  (to, from) => `[t](<${relative(folderOf(from), to)}>#part "title")`,
  (to) => `![i](/${encodeURI(to)})`,
  (to, from) => `\n[ref]: ${encodeURI(relative(folderOf(from), to))}\n`,
];

const file = fc
  .tuple(fc.constantFrom(...folders), fc.constantFrom(...names), fc.constantFrom(...extensions))
  .map(([folder, base, extension]) => join(folder, base + extension));
const piece = fc.oneof(
  fc.nat(noise.length - 1).map((index) => ({ noise: index })),
  fc.tuple(fc.nat(), fc.nat(forms.length - 1)).map(([target, form]) => ({ target, form })),
);
const linkedVault = fc.record({
  files: fc.uniqueArray(file, { minLength: 2, maxLength: 8, selector: (path) => path.toLowerCase() }),
  notes: fc.array(fc.record({ frontMatter: fc.option(fc.nat(frontMatters.length - 1)), bom: fc.boolean(), pieces: fc.array(piece, { maxLength: 12 }) }), {
    minLength: 8,
    maxLength: 8,
  }),
  move: fc.record({
    source: fc.nat(),
    folder: fc.boolean(),
    destination: fc.tuple(fc.constantFrom(...folders, 'e', 'a/b/c'), fc.constantFrom(...destinationNames)),
  }),
});

/**
 * The property of a link-aware Move, on a backend: on random vaults of notes and attachments with
 * random links and a random move of a note or a folder (to names holding what ends, escapes or
 * quotes a link or a YAML scalar), every link that led to one file before leads to that file (moved
 * or not) after, resolved on what the backend then holds, or is reported where it is; a URL link is
 * never reported (percent escapes write any name), a wikilink only when the name holds what no
 * wikilink can; no byte outside a link's path changes, and front matter that parsed still parses.
 */
export function describeMoveKeepsLinks(backendName: string, open: (seed: VaultSeed) => Promise<ContractBackend>, numRuns: number): void {
  describe(`Move keeps every link leading where it led: ${backendName}`, () => {
    it(`on ${numRuns} random vaults and moves`, async () => {
      await fc.assert(
        fc.asyncProperty(linkedVault, async (generated) => {
          const seed = seedOf(generated);
          const move = moveOf(generated, Object.keys(seed));
          fc.pre(move !== undefined);
          const backend = await open(seed);
          try {
            await checkMove(backend, seed, move!);
          } finally {
            await backend.cleanup?.();
          }
        }),
        { numRuns },
      );
    }, 300_000);
  });
}

async function checkMove(backend: ContractBackend, seed: VaultSeed, move: { source: string; destination: string }) {
  const vault = createVault(backend.fs as VaultFs);
  const output = await vault.call('Move', { sourcePath: move.source, destinationPath: move.destination });
  const after = await backend.dump();
  const movedTo = (path: string) =>
    path === move.source ? move.destination : path.startsWith(`${move.source}/`) ? move.destination + path.slice(move.source.length) : path;
  const before = createLinkResolver(Object.keys(seed));
  const resolver = createLinkResolver(Object.keys(after).filter((path) => !path.endsWith('/')));
  const notJudged = (output.links?.notJudged ?? []).filter((issue) => !issue.reason.startsWith('could mean'));
  for (const [path, content] of Object.entries(seed)) {
    if (!path.endsWith('.md') || typeof content !== 'string') continue;
    const newPath = movedTo(path);
    expect(typeof after[newPath], newPath).toBe('string');
    // Links are read with the BOM left out, as core reads a note; the BOM stays.
    expect((after[newPath] as string).startsWith('\ufeff'), `${newPath}: BOM`).toBe(content.startsWith('\ufeff'));
    const text = (after[newPath] as string).replace(/^\ufeff/, '');
    const [oldLinks, newLinks] = [parseLinks(withoutBom(content)), parseLinks(text)];
    expect(gaps(text, newLinks), `${newPath}: bytes outside links`).toEqual(gaps(withoutBom(content), oldLinks));
    expect(frontMatterParses(text), `${newPath}: front matter`).toBe(frontMatterParses(withoutBom(content)));
    oldLinks.forEach((link, index) => {
      const led = before.resolve(link, path);
      if (led.kind !== 'file') return;
      const now = newLinks[index]!;
      const leads = resolver.resolve(now, newPath);
      const shown = `${newPath}: ${content.slice(link.linkStart, link.linkEnd)} -> ${text.slice(now.linkStart, now.linkEnd)}`;
      expect(after[movedTo(led.path)]).toBeDefined();
      if (leads.kind === 'file' && leads.path === movedTo(led.path)) return;
      const line = text.slice(0, now.pathStart).split('\n').length;
      expect(
        notJudged.some((issue) => issue.file === newPath && issue.line === line),
        `${shown}: neither leads there nor is reported`,
      ).toBe(true);
      expect(['markdown', 'image', 'definition'].includes(link.kind), `${shown}: a URL link can always be written`).toBe(false);
      if (link.kind !== 'frontmatter') expect(/[#|^[\]`$]/.test(movedTo(led.path)), `${shown}: a wikilink can hold this name`).toBe(true);
    });
  }
}

function withoutBom(text: string): string {
  return text.replace(/^\ufeff/, '');
}

/** Whether a note's front matter (if any) is YAML that parses without an error. */
function frontMatterParses(text: string): boolean {
  const match = /^---\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  return match === null || parseDocument(match[1]!).errors.length === 0;
}

/** The text between the links' paths: what no rewrite may touch. */
function gaps(text: string, links: readonly NoteLink[]): string[] {
  const between: string[] = [];
  let from = 0;
  for (const link of links) {
    between.push(text.slice(from, link.pathStart));
    from = link.pathEnd;
  }
  return [...between, text.slice(from)];
}

function seedOf({ files, notes }: Generated): VaultSeed {
  const seed: VaultSeed = {};
  files.forEach((path, index) => {
    if (!path.endsWith('.md')) {
      seed[path] = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0]);
      return;
    }
    const note = notes[index]!;
    const body = note.pieces.map((part) => ('noise' in part ? noise[part.noise]! : forms[part.form]!(files[part.target % files.length]!, path))).join('');
    const frontMatter = note.frontMatter === null ? '' : `---\n${frontMatters[note.frontMatter]!(`[[${stem(name(files[0]!))}]]`)}\n---\n`;
    seed[path] = `${note.bom ? '\ufeff' : ''}${frontMatter}${body}`;
  });
  return seed;
}

type Generated = {
  files: string[];
  notes: { frontMatter: number | null; bom: boolean; pieces: ({ noise: number } | { target: number; form: number })[] }[];
  move: { source: number; folder: boolean; destination: [string, string] };
};

/** The move to make: a note, or the folder of one, to a place where nothing is; undefined when the draw gives none. */
function moveOf({ files, move }: Generated, paths: readonly string[]): { source: string; destination: string } | undefined {
  const picked = files[move.source % files.length]!;
  const source = move.folder ? folderOf(picked) : picked;
  if (source === '' || (!move.folder && !picked.endsWith('.md'))) return undefined;
  const destination = join(move.destination[0], move.destination[1] + (move.folder ? '' : '.md'));
  const taken = paths.some((path) => path === destination || path.startsWith(`${destination}/`) || destination.startsWith(`${path}/`));
  if (taken || destination === source || destination.startsWith(`${source}/`)) return undefined;
  return { source, destination };
}

function join(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`;
}

function folderOf(path: string): string {
  return path.slice(0, Math.max(0, path.lastIndexOf('/')));
}

function name(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function stem(path: string): string {
  return path.endsWith('.md') ? path.slice(0, -3) : path;
}

function dotted(path: string): string {
  return path.startsWith('../') ? path : `./${path}`;
}

/** `to` seen from the folder `from`. */
function relative(from: string, to: string): string {
  const start = from === '' ? [] : from.split('/');
  const end = to.split('/');
  let common = 0;
  while (common < start.length && common < end.length - 1 && start[common] === end[common]) common += 1;
  return [...start.slice(common).map(() => '..'), ...end.slice(common)].join('/');
}
