/**
 * Resolves on a later turn of the event loop, so that long work lets other calls run in between;
 * rejects with the signal's reason when the call was cancelled meanwhile.
 */
export async function nextTurn(signal?: AbortSignal): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  signal?.throwIfAborted();
}
