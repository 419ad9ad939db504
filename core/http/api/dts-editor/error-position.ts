/**
 * Where in the editor a template error is: Handlebars reports parse errors as "Parse error on line N" with an
 * excerpt and a caret, and block mismatches with `lineNumber`/`column`; both are positions inside one template
 * string. For an object template (the editor shows it as JSON text) the string is found in the editor's text, so
 * the answer points at the editor's line and column.
 */
export interface TemplatePosition {
  /** 1-based */
  readonly line: number;
  /** 1-based */
  readonly column: number;
}

interface HandlebarsLike {
  readonly message?: unknown;
  readonly lineNumber?: unknown;
  readonly column?: unknown;
}

/** The position of the error inside the template string it came from, when the error tells. */
export function positionInTemplate(err: unknown, source: string): TemplatePosition | null {
  const e = (err ?? {}) as HandlebarsLike;
  if (typeof e.lineNumber === 'number' && typeof e.column === 'number') return { line: e.lineNumber, column: e.column + 1 };
  const message = typeof e.message === 'string' ? e.message : '';
  const parse = /^Parse error on line (\d+):\n(.*)\n(-*)\^/.exec(message);
  if (!parse) return null;
  const line = Number(parse[1]);
  const excerpt = parse[2] ?? '';
  const before = excerpt.slice(0, (parse[3] ?? '').length).replace(/^\.\.\./, '');
  const text = source.split('\n')[line - 1] ?? '';
  for (let k = before.length; k > 0; k--) {
    const at = text.lastIndexOf(before.slice(-k));
    if (at >= 0) return { line, column: at + k + 1 };
  }
  return { line, column: 1 };
}

/** The member's string inside a template object at a path like `embed.fields[1].value`. */
export function memberAt(template: unknown, path: string): string | null {
  let value: unknown = template;
  for (const part of path.split(/\.|\[(\d+)\]/).filter((p) => p !== undefined && p !== '')) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[part];
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join('');
  return typeof value === 'string' ? value : null;
}

/**
 * A position inside a member string moved to the editor's text (where the string is written JSON-encoded, its
 * line breaks as `\n`): the line of the string and the column after the encoded text before the position.
 */
export function positionInEditor(editorText: string, member: string, inner: TemplatePosition): TemplatePosition | null {
  const encoded = JSON.stringify(member);
  const at = editorText.indexOf(encoded);
  if (at < 0) return null;
  const lines = member.split('\n');
  const before = [...lines.slice(0, inner.line - 1), (lines[inner.line - 1] ?? '').slice(0, inner.column - 1)].join('\n');
  const offset = at + JSON.stringify(before).length - 1;
  const head = editorText.slice(0, offset);
  const line = head.split('\n').length;
  return { line, column: offset - head.lastIndexOf('\n') };
}
