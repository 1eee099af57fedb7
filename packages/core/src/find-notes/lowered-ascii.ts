/** Printable ASCII, tabs and line breaks. */
const asciiText = /^[\x20-\x7e\t\r\n]*$/;
/** Shortest section whose lowercased text is kept: a shorter one costs microseconds to test and lowercase again. */
const keptLength = 16 * 1024;
/** Most UTF-16 units the kept sections may hold: their texts (each counted whole, as a cut of it holds it) and lowercased copies. */
const maxKeptUnits = 8 * 1024 * 1024;

/** Long sections by text, each with its lowercased text, or undefined when not printable ASCII; the least recently asked first. */
const kept = new Map<string, { lower: string | undefined; units: number }>();
let keptUnits = 0;

/**
 * `section` lowercased when it is printable ASCII (tabs and line breaks too), else undefined.
 * `whole` is the length of the text `section` was cut from (a cut may hold that text). Keyed by
 * the text itself, so a long section asked again (a large list shown for query after query) is
 * tested and lowercased once, whatever note it came from.
 */
export function loweredAscii(section: string, whole: number): string | undefined {
  if (section.length < keptLength) return loweredNow(section);
  const found = kept.get(section);
  if (found) {
    kept.delete(section);
    kept.set(section, found);
    return found.lower;
  }
  const lower = loweredNow(section);
  const units = Math.max(whole, section.length) + (lower?.length ?? 0);
  if (units > maxKeptUnits) return lower;
  for (const [oldest, { units: held }] of kept) {
    if (keptUnits + units <= maxKeptUnits) break;
    kept.delete(oldest);
    keptUnits -= held;
  }
  kept.set(section, { lower, units });
  keptUnits += units;
  return lower;
}

const loweredNow = (section: string) => (asciiText.test(section) ? section.toLowerCase() : undefined);
