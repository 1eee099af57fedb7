/** Room an answer keeps for its summary line; the lines of its list take the rest of the bound. */
export const summaryRoom = 1000;

/** Room a TextRead answer keeps for its metadata line, besides the path it names. */
export const metadataRoom = 300;

/** The fewest characters a shown line of a search takes (its number, markers and line break). */
const leastShownLineCost = 12;

/** The most lines an answer of `maxOutput` characters can show: what a search gathers at most, whatever maxResults says (memory). */
export function mostShownLines(maxOutput: number): number {
  return Math.floor(maxOutput / leastShownLineCost);
}

/**
 * What is left of an answer's bound (`maxOutput`) while a tool fills it: every tool that lists
 * (files, folders, search hits, lines) takes each item's cost from one of these, and stops at the
 * first that does not fit. The rendered text is cut again at the bound by `boundText`, the safety
 * net; this keeps the lists whole and says what was left out.
 */
export interface AnswerBudget {
  /** Takes `characters` from what is left: false once they pass the bound (then nothing more fits). */
  take(characters: number): boolean;
  /** The characters left. */
  readonly left: number;
}

/** An answer budget of `maxOutput` characters, `reserved` of them kept for the answer's last line. */
export function createAnswerBudget(maxOutput: number, reserved = summaryRoom): AnswerBudget {
  let left = maxOutput - reserved;
  return {
    take(characters) {
      left -= characters;
      return left >= 0;
    },
    get left() {
      return left;
    },
  };
}
