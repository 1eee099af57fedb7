/**
 * Per-note scratch space that ranking uses again from query to query (it is synchronous), so a
 * query allocates nothing the size of the vault (nor a list of the notes it finds): marks that hold the stamp of the pass that set them
 * (a new pass takes a new stamp, no clearing), and per note a bound and a sum of impacts.
 */
export interface NoteScratch {
  /** A note's mark: equal to a pass's stamp when that pass set it. */
  word: Int32Array;
  seen: Int32Array;
  /** A note's bound, and the sum of its impacts for one word (valid where the marks hold this query's stamps). */
  bound: Float64Array;
  impact: Float64Array;
  /** The notes a pass found (`PostingScan.holders`), and those a query found (`MatchedWords.positions`): each note once at most. */
  holders: Int32Array;
  positions: Int32Array;
  /** A stamp no mark holds yet. */
  stamp(): number;
}

let scratch: NoteScratch | undefined;
let stamp = 0;

/** The scratch space for `notes` notes (grown when smaller). */
export function noteScratch(notes: number): NoteScratch {
  if (scratch && scratch.word.length >= notes) return scratch;
  const size = Math.max(notes, 2 * (scratch?.word.length ?? 512));
  stamp = 0;
  scratch = {
    word: new Int32Array(size),
    seen: new Int32Array(size),
    bound: new Float64Array(size),
    impact: new Float64Array(size),
    holders: new Int32Array(size),
    positions: new Int32Array(size),
    stamp() {
      if (stamp === 2 ** 31 - 1) {
        for (const marks of [this.word, this.seen]) marks.fill(0);
        stamp = 0;
      }
      return ++stamp;
    },
  };
  return scratch;
}
