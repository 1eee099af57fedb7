import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { fileHash } from '../text/file-hash.js';
import type { Vault } from './vault.js';

/** What a changing call left at a path: no entry, something (a file or a folder, as it may be), or a file of this `fileHash`. */
export interface LeftAt {
  path: string;
  holds: 'nothing' | 'something' | { fileHash: string };
}

/** A call this vault applied: its answer, and what it left. */
export interface AppliedCall {
  output: unknown;
  left: readonly LeftAt[];
}

/** Calls a vault remembers, the oldest forgotten first: enough for the retries of every call still in a client's hands. */
const rememberedCalls = 1_000;

const memories = new WeakMap<Vault, Map<string, AppliedCall>>();

/**
 * The key of a call: its tool and its checked input (defaults filled in), so a re-sent call finds its
 * first try; hashed, so that a call's long strings are not kept.
 */
export function callKey(tool: string, input: unknown): string {
  return bytesToHex(sha256(utf8ToBytes(`${tool}\0${JSON.stringify(input)}`)));
}

/** The call of that key this vault applied, the latest, if it still remembers it. */
export function appliedCall(vault: Vault, key: string): AppliedCall | undefined {
  return memories.get(vault)?.get(key);
}

/** Remembers a call the vault applied, as its latest of that key. */
export function rememberCall(vault: Vault, key: string, call: AppliedCall): void {
  const memory = memories.get(vault) ?? new Map<string, AppliedCall>();
  memories.set(vault, memory);
  memory.delete(key);
  memory.set(key, call);
  if (memory.size > rememberedCalls) memory.delete(memory.keys().next().value!);
}

/**
 * Whether every path still holds what the call left there, judged under the paths' locks: then a
 * retry of the call finds its own change, not someone else's text that happens to look like it.
 */
export function stillApplied(vault: Vault, { left }: AppliedCall): Promise<boolean> {
  return vault.withLock(
    left.map((entry) => entry.path),
    async () => {
      for (const entry of left) if (!(await holds(vault, entry))) return false;
      return true;
    },
  );
}

async function holds(vault: Vault, { path, holds }: LeftAt): Promise<boolean> {
  const stat = await vault.fs.stat(path);
  if (holds === 'nothing' || holds === 'something') return (stat === undefined) === (holds === 'nothing');
  return stat?.kind === 'file' && (await fileHash(await vault.fs.readFile(path), vault.fs)) === holds.fileHash;
}
