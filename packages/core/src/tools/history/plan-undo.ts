import type { ChangedFile } from '../../vault/vault-history.js';

/** One step of an Undo: a file moved back (a rename the change made), written back, or put in the trash (a file the change created). */
export type UndoStep =
  | { kind: 'move'; from: string; to: string }
  | { kind: 'write'; path: string; bytes: Uint8Array; expected: Uint8Array | null }
  | { kind: 'trash'; path: string };

/**
 * The steps that take a change back, from the files it touched. A file the change removed whose
 * exact bytes it added elsewhere was renamed (Move, RemoveFile's move into the trash): it is moved
 * back. Otherwise a changed file gets its old bytes (written only if it still holds the new ones), a
 * removed file is written again, and a created file goes to the trash (nothing is deleted for good).
 */
export function planUndo(files: readonly ChangedFile[]): UndoStep[] {
  const added = files.filter((file) => file.before === undefined && file.after !== undefined);
  const paired = new Set<ChangedFile>();
  const steps: UndoStep[] = [];
  for (const file of files) {
    if (file.before !== undefined && file.after !== undefined) {
      steps.push({ kind: 'write', path: file.path, bytes: file.before, expected: file.after });
    } else if (file.before !== undefined) {
      const before = file.before;
      const renamed = added.find((candidate) => !paired.has(candidate) && sameBytes(candidate.after, before));
      if (renamed) paired.add(renamed);
      steps.push(renamed ? { kind: 'move', from: renamed.path, to: file.path } : { kind: 'write', path: file.path, bytes: before, expected: null });
    }
  }
  for (const file of added) if (!paired.has(file)) steps.push({ kind: 'trash', path: file.path });
  return steps;
}

/** Whether two files' bytes are the same (`undefined`: no file). */
export function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}
