/**
 * The confirmation of a tracking change, in the human's language, as the previous generation words it: one
 * line per rule (`New: …`, `Updated: …`, `Unchanged: …`, `Removed: …`), or one summary line past 50 rules. It
 * is the `message` of the answer and, unless the client asks for silence (`?silent`, `?suppressMessage`), is
 * also sent to the human.
 */
import type { Human, TrackingRow } from '../../../model.ts';
import { looseBool } from '../loose-json.ts';
import type { TrackingApiDeps } from './deps.ts';
import { describeRow, languageOf } from './rows.ts';

const MAX_LINES = 50;

export interface ChangedRule {
  readonly kind: 'New' | 'Updated' | 'Unchanged' | 'Removed';
  readonly table: string;
  readonly row: TrackingRow;
}

export function confirmationText(deps: TrackingApiDeps, human: Human, changes: readonly ChangedRule[]): string {
  const language = languageOf(deps, human);
  if (changes.length > MAX_LINES) {
    return deps.translate(language, 'I have made a lot of changes. See {prefix}tracked for details', { prefix: deps.prefix(human.type) });
  }
  return changes.map((c) => deps.translate(language, `${c.kind}: {rule}`, { rule: describeRow(deps, c.table, c.row, language) })).join('\n');
}

/** `?silent` or `?suppressMessage` (present, or any true value) keeps the confirmation from the human. */
export function isSilent(query: Readonly<Record<string, unknown>>): boolean {
  return ['silent', 'suppressMessage'].some((key) => {
    const value = query[key];
    if (value === undefined) return false;
    if (value === '') return true;
    try {
      return looseBool(value, key) ?? true;
    } catch {
      return true;
    }
  });
}

/** Answers the confirmation text ('' when silent) and sends it to the human; a failed send is logged by the messenger. */
export async function confirm(deps: TrackingApiDeps, human: Human, changes: readonly ChangedRule[], query: Readonly<Record<string, unknown>>): Promise<string> {
  if (isSilent(query)) return '';
  const text = confirmationText(deps, human, changes);
  if (text !== '' && deps.notify) await deps.notify(human, text).catch(() => false);
  return text;
}
