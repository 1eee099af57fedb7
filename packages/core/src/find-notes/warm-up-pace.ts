import { nextTurn } from '../tools/text-edit/next-turn.js';
import type { Vault } from '../vault/vault.js';
import { callRunning, noCallsRunning } from '../vault/calls-in-flight.js';

/** Longest stretch the warm-up works before it lets the event loop run (and a call in), in ms. */
const sliceTime = 8;
/** Most notes the warm-up starts in one stretch, whatever the time: a fast machine gives way as often. */
const sliceNotes = 32;

/**
 * The pace of the FindNotes warm-up, awaited before each note it reads: the warm-up works in short
 * stretches (`sliceTime` ms or `sliceNotes` notes), then gives way to the event loop, so a request
 * that arrived is read even when the notes come from memory (reads that never wait for I/O would
 * otherwise keep the loop in promise callbacks to the end); and it waits while a call runs, so calls
 * go first.
 */
export function createWarmUpPace(vault: Vault): () => Promise<void> {
  let started = performance.now();
  let notes = 0;
  return async () => {
    notes += 1;
    if (notes <= sliceNotes && performance.now() - started < sliceTime && !callRunning(vault.fs)) return;
    do {
      await nextTurn();
      await noCallsRunning(vault.fs);
    } while (callRunning(vault.fs));
    started = performance.now();
    notes = 0;
  };
}
