/** Node's `setImmediate`, when there (core is typed without Node's globals). */
const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;

/** Occurrences counted or replaced between two turns of the event loop. */
export const occurrencesPerTurn = 1 << 20;

/**
 * Resolves on a later turn of the event loop, so that long work lets other calls run in between;
 * rejects with the signal's reason when the call was cancelled meanwhile. `setImmediate` where there
 * is one (Node): it runs after the loop has read its input, where a `setTimeout(0)` that work keeps
 * renewing can run again before, so that a request waiting on stdin is never read.
 */
export async function nextTurn(signal?: AbortSignal): Promise<void> {
  await new Promise<void>((resolve) => (immediate === undefined ? setTimeout(resolve, 0) : immediate(resolve)));
  signal?.throwIfAborted();
}

/** Runs a generator that yields to give other calls a turn, giving them one each time; a cancelled call stops. */
export async function takingTurns<T>(steps: Generator<void, T, void>, signal: AbortSignal): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn(signal);
  }
}
