import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { type ChangedLinks, changedLinks, changedLinksLines, changedLinksSummary, structuredChanges } from './changed-links.js';
import { linkBudget } from '../links/link-budget.js';
import { type MoveLinksPlan, planMoveLinks } from '../links/plan-move-links.js';
import { writeLinkRewrites } from '../links/write-link-rewrites.js';
import { plainStyle } from '../text/text-style.js';
import type { Vault } from '../vault/vault.js';
import { isVaultError, VaultError } from '../vault/vault-error.js';
import { checkNewName, escapeName, namesFolder, parentOf } from '../vault/vault-path.js';

export interface MoveOutput {
  source: string;
  destination: string;
  kind: 'file' | 'directory';
  /** True when nothing changed: the answer is the plan. */
  dryRun: boolean;
  /** What happened to the vault's links; absent with `updateLinks: false`. */
  links?: MovedLinks;
  /** True when nothing was done now: this same call moved it before (a retried call). */
  alreadyApplied?: boolean;
}

/** What happened to the links: each changed note with its count, the rewritten links, the links left as they were. */
export type MovedLinks = ChangedLinks;

/** The structured result: `links` flattened, its lists as the text shows them. */
const outputSchema = z.object({
  source: z.string(),
  destination: z.string(),
  kind: z.enum(['file', 'directory']),
  dryRun: z.boolean(),
  notes: z.array(z.string()).optional(),
  rewritten: z.array(z.string()).optional(),
  rewrittenTotal: z.number().optional(),
  notesChanged: z.number().optional(),
  notJudged: z.array(z.string()).optional(),
  notJudgedTotal: z.number().optional(),
  alreadyApplied: z.boolean().optional(),
});

const inputSchema = z.strictObject({
  sourcePath: z.string().describe('The file or folder to move, vault-relative. A path inside .trash/ restores a removed file.'),
  destinationPath: z.string().describe('The new path, vault-relative.'),
  updateLinks: z.boolean().default(true).describe('Rewrite links to what moves. Default true.'),
  dryRun: z.boolean().default(false).describe('Only return the plan. Default false.'),
});

/** The lock key link-aware moves share (no path can be it: paths hold no NUL). */
const linkMovesKey = '\0link-aware moves';

export const move = defineTool({
  name: 'Move',
  title: 'Move or rename a file or folder',
  description: [
    'Moves or renames a file or a folder inside the vault, like `mv -T`: destinationPath is the new path itself, not a folder to move into. It must not exist yet; its missing parent folders are created.',
    'A moved file keeps an allowed extension (.md, .txt, ...). To restore a file that RemoveFile put in the trash, move it from its .trash/ path back.',
    'Links to what moves (and relative links in moved notes) are rewritten to still lead there, unless updateLinks is false; ambiguous ones are listed, not changed. A dryRun only returns the plan.',
    'Example: {"sourcePath": "inbox/idea.md", "destinationPath": "projects/idea.md"}.',
  ].join('\n'),
  inputSchema,
  example: { sourcePath: 'inbox/idea.md', destinationPath: 'projects/idea.md' },
  outputSchema,
  effects: { readOnly: false, destructive: false, idempotent: false },

  async run({ sourcePath, destinationPath, updateLinks, dryRun }, vault, { signal }): Promise<MoveOutput> {
    const source = vault.resolvePath(sourcePath, { trash: 'restore' });
    const destination = vault.resolvePath(destinationPath);
    if (source === '' || destination === '') {
      throw new VaultError('INVALID_ARGUMENT', 'The vault root cannot be moved, nor replaced. Pass paths inside the vault.');
    }
    const request = { source, destination, sourcePath, destinationPath, updateLinks, dryRun, signal };
    // Link-aware moves run one at a time, plan to last rewrite: a second one planned while the first
    // still rewrites would not see the links the first is about to write, and leave them broken.
    return updateLinks ? vault.withLock([linkMovesKey], () => moveAndRewrite(vault, request)) : moveAndRewrite(vault, request);
  },

  subject(output) {
    const total = output.links?.rewrittenTotal ?? 0;
    const links = total > 0 ? ` (+${total} link${total === 1 ? '' : 's'})` : '';
    return `Move: ${escapeName(output.source)} -> ${escapeName(output.destination)}${links}`;
  },

  render(output, style = plainStyle) {
    const what = `${output.kind === 'file' ? 'file' : 'folder'} ${style.path(output.source)} to ${style.path(output.destination)}`;
    const head = output.dryRun
      ? `Dry run, nothing changed: would move ${what}`
      : output.alreadyApplied
        ? `Already applied, nothing changed now: this call moved ${what} before`
        : `Moved ${what}`;
    return output.links
      ? [`${head}; ${changedLinksSummary(output.links, output.dryRun)}`, ...changedLinksLines(output.links, style)].join('\n')
      : `${head} (links not updated)`;
  },

  structure: ({ links, ...facts }) => (links ? { ...facts, ...structuredChanges(links) } : facts),

  retried: {
    left: async ({ source, destination, dryRun }) =>
      dryRun
        ? []
        : [
            { path: source, holds: 'nothing' },
            { path: destination, holds: 'something' },
          ],
    answer: (output) => ({ ...output, alreadyApplied: true }),
  },
});

/** The move itself under the locks of both paths, with its links planned there, then the notes rewritten each under its own lock. */
async function moveAndRewrite(
  vault: Vault,
  {
    source,
    destination,
    sourcePath,
    destinationPath,
    updateLinks,
    dryRun,
    signal,
  }: { source: string; destination: string; sourcePath: string; destinationPath: string; updateLinks: boolean; dryRun: boolean; signal: AbortSignal },
): Promise<MoveOutput> {
  const { kind, plan } = await vault.withLock([source, destination], async () => {
    const stat = await checkMove(vault, source, destination, sourcePath, destinationPath);
    const plan = updateLinks ? await planMoveLinks(vault, source, destination, stat.kind, linkBudget(vault, signal)) : undefined;
    if (!dryRun) await rename(vault, source, destination);
    return { kind: stat.kind, plan };
  });
  const moved = { source, destination, kind, dryRun };
  if (!plan) return moved;
  // Written after the move's own locks are let go, each note under its own: no call waits for one holding what it holds.
  if (dryRun) return { ...moved, links: planned(plan) };
  const written = await writeLinkRewrites(vault, plan);
  return { ...moved, links: changedLinks(written.changes, [...written.failed, ...plan.issues]) };
}

/** Checks a move can be made (under the lock): what is at the source, the extension rule, where both really are. */
async function checkMove(vault: Vault, source: string, destination: string, sourcePath: string, destinationPath: string) {
  const stat = await vault.statExisting(source);
  if (stat.kind === 'file') {
    if (namesFolder(sourcePath) || namesFolder(destinationPath)) {
      throw new VaultError(
        'INVALID_ARGUMENT',
        `${source} is a file, and a path ending with a slash names a folder. Pass both paths without the trailing slash.`,
      );
    }
    vault.checkExtension(source);
    vault.checkExtension(destination);
  }
  checkNewName(destination);
  // Judged where both really are, so that a link to the folder cannot carry it into itself.
  const [from, to] = [stat.target ?? source, await vault.checkWritePath(destination, stat.kind)];
  if (stat.kind === 'directory' && (to === from || to.startsWith(`${from}/`))) {
    throw new VaultError('INVALID_ARGUMENT', `${destination} is inside ${source}; a folder cannot be moved into itself. Choose a destination outside it.`);
  }
  if (await vault.stat(destination)) throw alreadyThere(destination);
  return stat;
}

async function rename(vault: Vault, source: string, destination: string) {
  await vault.fs.makeDirectory(parentOf(destination));
  // The backend refuses atomically too: something may have appeared there since the check.
  await vault.fs.rename(source, destination).catch((error: unknown) => {
    throw isVaultError(error) && error.code === 'ALREADY_EXISTS' ? alreadyThere(destination) : error;
  });
}

function planned({ rewrites, issues }: MoveLinksPlan): MovedLinks {
  return changedLinks(
    rewrites.flatMap((rewrite) => rewrite.plan.changes),
    issues,
  );
}

function alreadyThere(destination: string): VaultError {
  return new VaultError(
    'ALREADY_EXISTS',
    `${destination} already exists, and Move never replaces anything. Choose another destination, or move or remove the existing one first.`,
  );
}
