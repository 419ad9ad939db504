/**
 * "Did you mean": the known names closest to a name the file gives that the schema does not know, by edit
 * distance (insertions, deletions, substitutions and swaps of neighbours each count one; case and `-` versus `_`
 * count nothing), offered only when close enough for the name to be a slip of the keyboard.
 */

/** Lower case, `-` read as `_`: `webhooklogging` and `ip-whitelist` are the same slip as the exact spelling. */
function normalise(name: string): string {
  return name.toLowerCase().replaceAll('-', '_');
}

/** Optimal string alignment distance: Levenshtein plus the swap of two neighbouring characters. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  const at = (i: number, j: number): number => d[i * cols + j] ?? 0;
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      d[i * cols + j] = best;
    }
  }
  return at(a.length, b.length);
}

/** How many edits a name of this length may be away from a known one: 1 up to 4 characters, 2 up to 10, else 3. */
export function allowedDistance(length: number): number {
  if (length <= 4) return 1;
  return length <= 10 ? 2 : 3;
}

/**
 * The known names nearest to `name` (all of those at the smallest distance, in the order given, at most three),
 * or none when even the nearest is further than allowedDistance of the shorter of the two names.
 */
export function nearestNames(name: string, known: Iterable<string>): string[] {
  const wanted = normalise(name);
  let best = Number.POSITIVE_INFINITY;
  let found: string[] = [];
  for (const candidate of known) {
    const distance = editDistance(wanted, normalise(candidate));
    if (distance > allowedDistance(Math.min(wanted.length, candidate.length))) continue;
    if (distance < best) [best, found] = [distance, [candidate]];
    else if (distance === best) found.push(candidate);
  }
  return found.slice(0, 3);
}

/** ` (did you mean "a"?)`, ` (did you mean "a" or "b"?)`, or '' when nothing is close; `quote` writes one name. */
export function didYouMean(names: readonly string[], quote: (name: string) => string): string {
  if (names.length === 0) return '';
  const quoted = names.map(quote);
  const last = quoted.pop();
  return ` (did you mean ${quoted.length > 0 ? `${quoted.join(', ')} or ${last}` : last}?)`;
}
