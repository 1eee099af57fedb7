/** Resolves on a later turn of the event loop, so that long work lets other calls run in between. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
