import type { VaultFs } from './vault-fs.js';

/** Calls running per backend, and who waits for none to run: what background work (the FindNotes warm-up) gives way to. */
interface Calls {
  running: number;
  idle: (() => void)[];
}

const callsOf = new WeakMap<VaultFs, Calls>();

function calls(fs: VaultFs): Calls {
  let found = callsOf.get(fs);
  if (!found) {
    found = { running: 0, idle: [] };
    callsOf.set(fs, found);
  }
  return found;
}

/** Counts `call` as running on `fs` until it settles (`Vault.call`). */
export function trackCall<T>(fs: VaultFs, call: Promise<T>): Promise<T> {
  const state = calls(fs);
  state.running += 1;
  const done = () => {
    state.running -= 1;
    if (state.running > 0) return;
    for (const resolve of state.idle.splice(0)) resolve();
  };
  call.then(done, done);
  return call;
}

/** Resolves once no call runs on `fs` (at once when none does). */
export function noCallsRunning(fs: VaultFs): Promise<void> {
  const state = calls(fs);
  return state.running === 0 ? Promise.resolve() : new Promise((resolve) => state.idle.push(resolve));
}

/** Whether a call runs on `fs` now. */
export const callRunning = (fs: VaultFs) => calls(fs).running > 0;
