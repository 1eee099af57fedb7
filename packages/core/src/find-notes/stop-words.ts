/**
 * English words that carry a question's shape rather than its subject ("how do I", "what is the",
 * "why does my", "what does ... mean"), folded as `noteWords` folds them (`what's` is `what` and `s`). A query word among
 * them does not rank while the query has a word that is not (`parseFindQuery`): in a question they
 * matched nearly every note and lifted notes whose titles begin "How to" or "What is" over the notes
 * about the subject. A query of these words only ("the who") ranks by them all.
 */
export const stopWords: ReadonlySet<string> = new Set(
  [
    'a an the and or but if so than then',
    'i me my mine we us our you your he him his she her it its they them their this that these those',
    'am is are was were be been being do does did doing done have has had having',
    'can could shall should will would may might must',
    'what whats which who whom whose why when where how',
    'about after before between into through of to in on at by for from with as',
    'there here some any',
    's t m d ll re ve don doesn didn isn aren wasn won',
    // The verbs of a question's frame: "what does X mean", "what do my notes say about X".
    'mean means say says tell explain',
  ].flatMap((line) => line.split(' ')),
);
