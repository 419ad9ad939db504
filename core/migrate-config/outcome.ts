/** What one PoracleJS key turns into: Lookout keys written, report notes, files to copy. */
import type { Note } from './report.ts';
import { same, type Convert } from './values.ts';

export interface Placement {
  /** dotted Lookout key */
  readonly to: string;
  readonly value: unknown;
  /** the PoracleJS key it came from (set by the walk) */
  readonly from?: string;
}

/** A file the configuration names that the migration copies: `from` as PoracleJS wrote it, `to` relative to our root. */
export interface FileCopy {
  readonly from: string;
  readonly to: string;
}

export interface Outcome {
  readonly placements: readonly Placement[];
  readonly notes: readonly Note[];
  readonly copies?: readonly FileCopy[];
}

/** How one PoracleJS key (or table, taken whole) is carried over; `key` is its dotted PoracleJS path. */
export type KeyRule = (value: unknown, key: string) => Outcome;

export const nothing: Outcome = { placements: [], notes: [] };

/** Writes the converted value at `target`; `changed` says how the Lookout key's meaning differs, when it does. */
export function to(target: string, convert: Convert = same, changed?: string): KeyRule {
  return (value, key) => {
    const converted = convert(value);
    if (!converted.ok) return { placements: [], notes: [{ kind: 'value refused', key, to: target, detail: converted.why }] };
    const notes: Note[] = changed === undefined ? [] : [{ kind: 'changed meaning', key, to: target, detail: changed }];
    return { placements: [{ to: target, value: converted.value }], notes };
  };
}

/** The PoracleJS feature does not exist in Lookout. */
export function unsupported(detail: string): KeyRule {
  return (_value, key) => ({ placements: [], notes: [{ kind: 'not supported', key, detail }] });
}

/** The feature exists but is not configured this way. */
export function noEquivalent(detail: string): KeyRule {
  return (_value, key) => ({ placements: [], notes: [{ kind: 'no equivalent', key, detail }] });
}

/** Merges outcomes. */
export function combine(outcomes: readonly Outcome[]): Outcome {
  return {
    placements: outcomes.flatMap((o) => o.placements),
    notes: outcomes.flatMap((o) => o.notes),
    copies: outcomes.flatMap((o) => o.copies ?? []),
  };
}
