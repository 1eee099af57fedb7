import { createLinkResolver, createVault, type NoteLink, parseLinks, type VaultFs, type VaultSeed } from '@vault/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContractBackend } from './describe-vault-fs-contract.js';

const folders = ['', 'a', 'a/b', 'c d'];
const names = ['x', 'y', 'Y', 'my note', 'v1.2'];
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

const file = fc.tuple(fc.constantFrom(...folders), fc.constantFrom(...names), fc.constantFrom(...extensions)).map(([folder, base, extension]) => join(folder, base + extension));
const piece = fc.oneof(fc.nat(noise.length - 1).map((index) => ({ noise: index })), fc.tuple(fc.nat(), fc.nat(forms.length - 1)).map(([target, form]) => ({ target, form })));
const linkedVault = fc.record({
  files: fc.uniqueArray(file, { minLength: 2, maxLength: 8, selector: (path) => path.toLowerCase() }),
  notes: fc.array(fc.record({ frontMatter: fc.boolean(), bom: fc.boolean(), pieces: fc.array(piece, { maxLength: 12 }) }), { minLength: 8, maxLength: 8 }),
  move: fc.record({ source: fc.nat(), folder: fc.boolean(), destination: fc.tuple(fc.constantFrom(...folders, 'e', 'a/b/c'), fc.constantFrom(...names)) }),
});

/**
 * The property of a link-aware Move, on a backend: on random vaults of notes and attachments with
 * random links and a random move of a note or a folder, every link that led to one file before
 * leads to that file (moved or not) after, resolved on what the backend then holds, and no byte
 * outside a link's path changes.
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
  const movedTo = (path: string) => (path === move.source ? move.destination : path.startsWith(`${move.source}/`) ? move.destination + path.slice(move.source.length) : path);
  const before = createLinkResolver(Object.keys(seed));
  const resolver = createLinkResolver(Object.keys(after).filter((path) => !path.endsWith('/')));
  expect(output.links?.notJudged.filter((issue) => !issue.reason.startsWith('could mean'))).toEqual([]);
  for (const [path, content] of Object.entries(seed)) {
    if (!path.endsWith('.md') || typeof content !== 'string') continue;
    const newPath = movedTo(path);
    const text = after[newPath];
    expect(typeof text, newPath).toBe('string');
    const [oldLinks, newLinks] = [parseLinks(content), parseLinks(text as string)];
    expect(gaps(text as string, newLinks), `${newPath}: bytes outside links`).toEqual(gaps(content, oldLinks));
    oldLinks.forEach((link, index) => {
      const led = before.resolve(link, path);
      if (led.kind !== 'file') return;
      const leads = resolver.resolve(newLinks[index]!, newPath);
      expect(leads, `${newPath}: ${content.slice(link.linkStart, link.linkEnd)} -> ${(text as string).slice(newLinks[index]!.linkStart, newLinks[index]!.linkEnd)}`).toEqual({ kind: 'file', path: movedTo(led.path) });
      expect(after[movedTo(led.path)]).toBeDefined();
    });
  }
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
    seed[path] = `${note.bom ? '\ufeff' : ''}${note.frontMatter ? `---\nup: "[[${stem(name(files[0]!))}]]"\n---\n` : ''}${body}`;
  });
  return seed;
}

type Generated = { files: string[]; notes: { frontMatter: boolean; bom: boolean; pieces: ({ noise: number } | { target: number; form: number })[] }[]; move: { source: number; folder: boolean; destination: [string, string] } };

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
