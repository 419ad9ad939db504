/**
 * Area names as users type them → the areas they mean, as pure functions. Names match case-insensitively;
 * a name of several words may be typed as separate arguments (`north park`), so the longest run of arguments
 * naming an area wins. What matches nothing is reported back.
 */
import type { Fence } from '../../geo/index.ts';

export interface AreaNameMatch {
  /** lower-cased fence names, in the order typed, without repeats */
  readonly found: readonly string[];
  /** arguments that name no fence, as typed */
  readonly unknown: readonly string[];
}

/** The fences a user may pick: userSelectable not false, restricted to `restriction` when given (lower-cased names). */
export function selectableFences(fences: readonly Fence[], restriction: readonly string[] | null): Fence[] {
  const allowed = restriction ? new Set(restriction.map((r) => r.toLowerCase())) : null;
  return fences.filter((f) => f.userSelectable !== false && (!allowed || allowed.has(f.name.toLowerCase())));
}

/** `names`: the area names that count (any case). */
export function matchAreaNames(args: readonly string[], known: readonly string[]): AreaNameMatch {
  const names = new Set(known.map((n) => n.toLowerCase()));
  const found: string[] = [];
  const unknown: string[] = [];
  let i = 0;
  while (i < args.length) {
    let taken = 0;
    for (let j = args.length; j > i; j--) {
      const candidate = args.slice(i, j).join(' ').toLowerCase();
      if (names.has(candidate)) {
        if (!found.includes(candidate)) found.push(candidate);
        taken = j - i;
        break;
      }
    }
    if (taken === 0) {
      unknown.push(args[i]!);
      taken = 1;
    }
    i += taken;
  }
  return { found, unknown };
}
