/** The largest whole number from `low` to `high` that `fits`, for a `fits` true up to some number and false past it; `undefined` when `low` does not fit. */
export function largest(low: number, high: number, fits: (candidate: number) => boolean): number | undefined {
  if (low > high || !fits(low)) return undefined;
  let [yes, no] = [low, high + 1];
  while (no - yes > 1) {
    const middle = Math.floor((yes + no) / 2);
    if (fits(middle)) yes = middle;
    else no = middle;
  }
  return yes;
}
