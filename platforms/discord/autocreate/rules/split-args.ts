/**
 * One rendered `params` value → positional arguments: split on whitespace, and a double-quoted segment keeps its
 * spaces and loses its quotes (`"New York" north` → `New York`, `north`). The quote characters are those the
 * chat command tokenizer knows (`"`, `“`, `”`, `„`), so a value splits the way it would when typed after
 * `autocreate <template>`. Single quotes are ordinary characters: fence names carry apostrophes
 * (`St John's Wood`), and PoracleNG's command tokenizer quotes with double quotes only. A quoted segment may
 * touch unquoted text (`a"b c"` → `ab c`); `""` is an empty argument; an unclosed quote runs to the end.
 * Underscores are left alone. Pure.
 */

const QUOTES = new Set(['"', '\u201c', '\u201d', '\u201e']);

export function splitArguments(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let started = false;
  let inQuote = false;
  for (const ch of text) {
    if (QUOTES.has(ch)) {
      inQuote = !inQuote;
      started = true;
    } else if (!inQuote && /\s/.test(ch)) {
      if (started) out.push(current);
      current = '';
      started = false;
    } else {
      current += ch;
      started = true;
    }
  }
  if (started) out.push(current);
  return out;
}
