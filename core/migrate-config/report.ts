/**
 * What the migration tells the operator: every PoracleJS key it could not carry over (and why), every key carried
 * over with a changed meaning, every PoracleJS default it wrote because Lookout's differs, the loader's warnings
 * about the result, and the files copied or left alone. Pure: the CLI prints the text and writes it beside the
 * configuration.
 */

export type NoteKind =
  /** the PoracleJS feature does not exist in Lookout */
  | 'not supported'
  /** the feature exists, but nothing in Lookout is configured this way */
  | 'no equivalent'
  /** the key maps, but its value is one Lookout refuses (the loader's reason is quoted) */
  | 'value refused'
  /** mapped, but the Lookout key does not mean quite the same thing */
  | 'changed meaning'
  /** local.json was silent and PoracleJS's default differs from Lookout's: PoracleJS's is written */
  | 'default applied'
  /** the configuration loader's warning about the written file */
  | 'loader warning';

export interface Note {
  readonly kind: NoteKind;
  /** the PoracleJS key (dotted, as in local.json), or the Lookout key for a loader warning */
  readonly key: string;
  /** the Lookout key written, when one was */
  readonly to?: string;
  readonly detail: string;
}

export type FileOutcome = 'written' | 'copied' | 'same as existing' | 'exists (use --force)' | 'replaced (backup taken)' | 'skipped';

export interface FileNote {
  /** where it was read from */
  readonly from: string;
  /** where it goes, relative to the repo root */
  readonly to: string;
  readonly outcome: FileOutcome;
  readonly detail?: string;
}

const ORDER: readonly NoteKind[] = ['value refused', 'not supported', 'no equivalent', 'changed meaning', 'default applied', 'loader warning'];

function noteLine(note: Note): string {
  const arrow = note.to === undefined ? '' : ` → ${note.to}`;
  return `  ${note.key}${arrow}: ${note.detail}`;
}

/** The report as text: one block per kind of note, then the files. */
export function formatReport(source: string, output: string, notes: readonly Note[], files: readonly FileNote[]): string {
  const lines = [`PoracleJS configuration ${source} → ${output}`, ''];
  for (const kind of ORDER) {
    const of = notes.filter((n) => n.kind === kind);
    if (of.length === 0) continue;
    lines.push(`${kind} (${of.length}):`, ...of.map(noteLine), '');
  }
  if (notes.length === 0) lines.push('Every key was mapped with the same meaning.', '');
  if (files.length > 0) {
    lines.push(`files (${files.length}):`);
    for (const f of files) lines.push(`  ${f.from} → ${f.to}: ${f.outcome}${f.detail === undefined ? '' : ` (${f.detail})`}`);
    lines.push('');
  }
  return lines.join('\n');
}
