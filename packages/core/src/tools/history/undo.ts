import { z } from 'zod';
import { fileHash } from '../../text/file-hash.js';
import { plainStyle } from '../../text/text-style.js';
import { moveToTrash } from '../../vault/move-to-trash.js';
import type { Vault } from '../../vault/vault.js';
import { VaultError } from '../../vault/vault-error.js';
import type { ChangedFile, ChangeSummary } from '../../vault/vault-history.js';
import { escapeName, extensionOf, isHiddenPath, isInTrash, parentOf } from '../../vault/vault-path.js';
import { defineTool } from '../define-tool.js';
import { changeId, changeLine, historyOf, shownChange, shownIdLength } from './change-id.js';
import { planUndo, sameBytes, type UndoStep } from './plan-undo.js';

/** Later changes a STALE_FILE refusal names. */
const maxNamedChanges = 10;

const outputSchema = z.object({
  /** The change taken back, its whole id. */
  undone: z.string(),
  /** Its summary. */
  subject: z.string(),
  /** What was done to each file, as the text shows it. */
  steps: z.array(z.string()),
  /** True when nothing was done now: this same call undid it before (a retried call). */
  alreadyApplied: z.boolean().optional(),
});
export type UndoOutput = z.output<typeof outputSchema>;

const inputSchema = z.strictObject({
  change: changeId.describe('The id of the change to take back, from History.'),
});

export const undo = defineTool({
  name: 'Undo',
  title: 'Take back a change',
  description: [
    'Takes back one change (an id from History) as a new change: each file it edited gets its old content back, a file it moved or removed moves back, a file it created goes to the trash.',
    'Refused with STALE_FILE, naming them, when later changes touched the same files: take those back first (newest first), or bring one file back with Restore.',
    'To take back your last edit: History with the filePath, then Undo with the newest change id. Example: {"change": "3f2a9c1b0d4e"}.',
  ].join('\n'),
  inputSchema,
  example: { change: '3f2a9c1b0d4e' },
  outputSchema,
  effects: { readOnly: false, destructive: true, idempotent: false },

  async run({ change }, vault): Promise<UndoOutput> {
    const { summary, files } = await historyOf(vault).filesOf(change, vault.options.maxFileSize);
    if (files.length === 0) throw new VaultError('INVALID_ARGUMENT', `Change ${change} touched no file of this vault, so there is nothing to undo.`);
    checkReachable(vault, summary, files);
    return vault.withLock(
      files.map((file) => file.path),
      async () => {
        await checkUnchangedSince(vault, summary, files);
        const planned = planUndo(files);
        // Every place a step writes is judged before the first step, so no rule refuses one halfway.
        for (const step of planned) if (step.kind !== 'trash') await vault.checkWritePath(step.kind === 'move' ? step.to : step.path, 'file');
        const steps: string[] = [];
        for (const step of planned) steps.push(await applyStep(vault, step));
        return { undone: summary.id, subject: shownChange(summary).subject, steps };
      },
    );
  },

  render(output, style = plainStyle) {
    const undid = `${output.alreadyApplied ? 'Already applied, nothing changed now: this call undid' : 'Undid'} change`;
    return [`${undid} ${style.lineNumber(output.undone.slice(0, shownIdLength))} (${escapeName(output.subject)}):`, ...output.steps].join('\n');
  },

  subject: (output) => `Undo: ${output.undone.slice(0, shownIdLength)} (${output.subject})`,

  retried: {
    // Each file the change touched, as it was before it: what taking it back left.
    async left({ undone }, vault) {
      const { files } = await historyOf(vault).filesOf(undone, vault.options.maxFileSize);
      return Promise.all(
        files.map(async ({ path, before }) => ({ path, holds: before === undefined ? ('nothing' as const) : { fileHash: await fileHash(before, vault.fs) } })),
      );
    },
    answer: (output) => ({ ...output, alreadyApplied: true }),
  },
});

/** Refuses a change that touched hidden paths other than the trash (unless allowed): the tools leave them alone. */
function checkReachable(vault: Vault, summary: ChangeSummary, files: readonly ChangedFile[]) {
  // Counted, never named: a hidden name can tell what it holds.
  const hidden = files.filter((file) => !vault.options.allowHidden && !isInTrash(file.path) && isHiddenPath(file.path)).length;
  if (hidden > 0) {
    throw new VaultError(
      'HIDDEN_PATH',
      `Change ${summary.id.slice(0, shownIdLength)} touched ${hidden === 1 ? '1 hidden path' : `${hidden} hidden paths`} the tools leave alone, so it was not undone. Take it back with git.`,
    );
  }
  const { extensions } = vault.options;
  const otherKind = files.find((file) => !extensions.includes(extensionOf(file.path)));
  if (otherKind) {
    throw new VaultError(
      'EXTENSION_NOT_ALLOWED',
      `Change ${summary.id.slice(0, shownIdLength)} touched ${escapeName(otherKind.path)}, and the tools only write ${extensions.join(' ')} files, so it was not undone. Take it back with git.`,
    );
  }
}

/** Refuses with STALE_FILE when a file no longer holds what the change left, naming the later changes that touched it. */
async function checkUnchangedSince(vault: Vault, summary: ChangeSummary, files: readonly ChangedFile[]) {
  const changed: string[] = [];
  for (const file of files) if (!(await holdsNow(vault, file.path, file.after))) changed.push(file.path);
  if (changed.length === 0) return;
  const later = await historyOf(vault).changesSince(summary.id, changed, maxNamedChanges);
  const named = later.map((entry) => `  ${changeLine(shownChange(entry), plainStyle)}`);
  throw new VaultError(
    'STALE_FILE',
    [
      `${changed.map(escapeName).join(', ')} changed after change ${summary.id.slice(0, shownIdLength)}, so it was not undone${later.length === 0 ? ' (changed on disk, not yet recorded)' : ', by:'}`,
      ...named,
      'Undo those later changes first, newest first, or bring a file back to the version you want with Restore.',
    ].join('\n'),
    { files: changed, laterChanges: later.map((entry) => entry.id) },
  );
}

/** Whether the file holds `bytes` now (`undefined`: no file is there); a file of another size is not read. */
async function holdsNow(vault: Vault, path: string, bytes: Uint8Array | undefined): Promise<boolean> {
  const stat = await vault.fs.stat(path);
  if (stat === undefined || bytes === undefined) return stat === undefined && bytes === undefined;
  return stat.kind === 'file' && stat.size === bytes.length && sameBytes(await vault.fs.readFile(path), bytes);
}

/** Carries out one step; returns the line that says what it did. */
async function applyStep(vault: Vault, step: UndoStep): Promise<string> {
  if (step.kind === 'move') {
    const parent = parentOf(step.to);
    if (parent !== '') await vault.fs.makeDirectory(parent);
    await vault.fs.rename(step.from, step.to);
    return `${escapeName(step.from)} moved back to ${escapeName(step.to)}`;
  }
  if (step.kind === 'trash') return `${escapeName(step.path)} (created by the change) moved to the trash: ${escapeName(await moveToTrash(vault, step.path))}`;
  await vault.writeText(step.path, step.bytes, { createParents: true, expected: step.expected });
  return `${escapeName(step.path)} ${step.expected === null ? 'written again' : 'has its content from before the change'}`;
}
