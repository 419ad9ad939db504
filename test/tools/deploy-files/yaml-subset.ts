/**
 * A strict parser for the YAML our deployment examples are written in (docker-compose.example.yml,
 * monitoring/prometheus.yml): block mappings and sequences (`- key: value` items too), plain, single- and
 * double-quoted scalars, flow sequences of scalars, comments. Anything outside that subset (tabs, anchors, tags, block scalars, flow mappings, several documents, duplicate keys) is
 * refused with its line, so what passes here is also valid YAML with the same meaning.
 */

export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue };

export class YamlSubsetError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

interface Line {
  readonly no: number;
  readonly indent: number;
  readonly text: string;
}

/** The text with a trailing comment removed (a `#` outside quotes, at the start or after a space). */
function stripComment(raw: string, no: number): string {
  let quote: string | null = null;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '#' && (i === 0 || raw[i - 1] === ' ')) {
      return raw.slice(0, i).trimEnd();
    }
  }
  if (quote) throw new YamlSubsetError(no, `unterminated ${quote} quote`);
  return raw.trimEnd();
}

function lines(text: string): Line[] {
  const out: Line[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const no = i + 1;
    const indentText = /^[ \t]*/.exec(raw)![0];
    if (indentText.includes('\t')) throw new YamlSubsetError(no, 'tab in indentation');
    const text = stripComment(raw, no).slice(indentText.length);
    if (text === '') return;
    if (text === '---' || text === '...') throw new YamlSubsetError(no, 'document markers are not used here: one document per file');
    out.push({ no, indent: indentText.length, text });
  });
  return out;
}

/** Where the `key:` separator of a mapping entry ends, or -1 when the text is no mapping entry. */
function keyEnd(text: string): number {
  if (text.startsWith('"') || text.startsWith("'")) {
    const close = closingQuote(text, 0);
    return close >= 0 && text[close + 1] === ':' && (close + 2 === text.length || text[close + 2] === ' ') ? close + 1 : -1;
  }
  for (let i = 0; i < text.length; i++) {
    if (text[i] === ':' && (i + 1 === text.length || text[i + 1] === ' ')) return i;
  }
  return -1;
}

function closingQuote(text: string, start: number): number {
  const q = text[start]!;
  for (let i = start + 1; i < text.length; i++) {
    if (q === '"' && text[i] === '\\') i++;
    else if (text[i] === q) {
      if (q === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

function quoted(text: string, no: number): string {
  const close = closingQuote(text, 0);
  if (close !== text.length - 1) throw new YamlSubsetError(no, `bad quoted scalar: ${text}`);
  const inner = text.slice(1, -1);
  if (text[0] === "'") return inner.replace(/''/g, "'");
  try {
    return JSON.parse(`"${inner.replace(/\\'/g, "'")}"`) as string;
  } catch {
    throw new YamlSubsetError(no, `bad escape in ${text}`);
  }
}

function scalar(text: string, no: number): YamlValue {
  const t = text.trim();
  if (t.startsWith('"') || t.startsWith("'")) return quoted(t, no);
  if (/^[&*!|>%@`]/.test(t)) throw new YamlSubsetError(no, `anchors, aliases, tags and block scalars are outside the subset: ${t}`);
  if (t.startsWith('{')) throw new YamlSubsetError(no, `flow mappings are outside the subset: ${t}`);
  if (t.startsWith('[')) return flowSequence(t, no);
  if (/^(null|Null|NULL|~)$/.test(t)) return null;
  if (/^(true|True|TRUE)$/.test(t)) return true;
  if (/^(false|False|FALSE)$/.test(t)) return false;
  if (/^[-+]?[0-9]+$/.test(t)) return Number(t);
  if (/^[-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/.test(t)) return Number(t);
  if (/: |\s#/.test(t)) throw new YamlSubsetError(no, `plain scalar with ': ' or ' #' must be quoted: ${t}`);
  return t;
}

function flowSequence(t: string, no: number): YamlValue[] {
  if (!t.endsWith(']')) throw new YamlSubsetError(no, `unterminated flow sequence: ${t}`);
  const inner = t.slice(1, -1).trim();
  if (inner === '') return [];
  const items: string[] = [];
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (c === '"' || c === "'") {
      const close = closingQuote(inner, i);
      if (close < 0) throw new YamlSubsetError(no, `unterminated quote in ${t}`);
      i = close;
    } else if (c === '[' || c === '{') {
      throw new YamlSubsetError(no, `nested flow collections are outside the subset: ${t}`);
    } else if (c === ',') {
      items.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  items.push(inner.slice(start));
  return items.map((item) => {
    if (item.trim() === '') throw new YamlSubsetError(no, `empty item in ${t}`);
    return scalar(item, no);
  });
}

class Parser {
  private i = 0;
  /** `- key: value` lines are rewritten in place into their mapping's first line */
  constructor(private readonly ls: Line[]) {}

  parseDocument(): YamlValue {
    if (this.ls.length === 0) return null;
    const first = this.ls[0]!;
    if (first.indent !== 0) throw new YamlSubsetError(first.no, 'the document must start at column 1');
    const value = this.block(0);
    const rest = this.ls[this.i];
    if (rest) throw new YamlSubsetError(rest.no, 'unexpected indentation');
    return value;
  }

  private block(indent: number): YamlValue {
    const line = this.ls[this.i]!;
    return isItem(line.text) ? this.sequence(indent) : this.mapping(indent);
  }

  private mapping(indent: number): { [key: string]: YamlValue } {
    const out: { [key: string]: YamlValue } = {};
    while (this.i < this.ls.length) {
      const line = this.ls[this.i]!;
      if (line.indent < indent) break;
      if (line.indent > indent) throw new YamlSubsetError(line.no, 'unexpected indentation');
      if (isItem(line.text)) throw new YamlSubsetError(line.no, 'a sequence item among mapping entries');
      const end = keyEnd(line.text);
      if (end < 0) throw new YamlSubsetError(line.no, `expected "key: value": ${line.text}`);
      const rawKey = line.text.slice(0, end);
      const key = rawKey.startsWith('"') || rawKey.startsWith("'") ? quoted(rawKey, line.no) : rawKey;
      if (key === '' || /^[?&*!|>{[]/.test(key)) throw new YamlSubsetError(line.no, `bad key: ${rawKey}`);
      if (Object.hasOwn(out, key)) throw new YamlSubsetError(line.no, `duplicate key: ${key}`);
      const rest = line.text.slice(end + 1).trim();
      this.i++;
      out[key] = rest !== '' ? scalar(rest, line.no) : this.nested(indent, true);
    }
    return out;
  }

  private sequence(indent: number): YamlValue[] {
    const out: YamlValue[] = [];
    while (this.i < this.ls.length) {
      const line = this.ls[this.i]!;
      if (line.indent < indent) break;
      if (line.indent > indent) throw new YamlSubsetError(line.no, 'unexpected indentation');
      if (!isItem(line.text)) break;
      const rest = line.text.slice(1).trim();
      this.i++;
      if (rest === '') {
        out.push(this.nested(indent, false));
      } else if (isItem(rest)) {
        throw new YamlSubsetError(line.no, 'a sequence inside a "- " line is outside the subset: put it on the next lines');
      } else if (keyEnd(rest) >= 0) {
        // "- key: value": a mapping whose keys line up with this first one
        const keysIndent = line.indent + line.text.length - rest.length;
        this.i--;
        this.ls[this.i] = { no: line.no, indent: keysIndent, text: rest };
        out.push(this.mapping(keysIndent));
      } else {
        out.push(scalar(rest, line.no));
      }
    }
    return out;
  }

  /** The value of an entry whose value starts on the next line (null when none follows). */
  private nested(parentIndent: number, sequenceMayAlign: boolean): YamlValue {
    const next = this.ls[this.i];
    if (!next) return null;
    if (next.indent > parentIndent) return this.block(next.indent);
    if (sequenceMayAlign && next.indent === parentIndent && isItem(next.text)) return this.sequence(parentIndent);
    return null;
  }
}

function isItem(text: string): boolean {
  return text === '-' || text.startsWith('- ');
}

/** Parses the subset; throws YamlSubsetError naming the line of the first problem. */
export function parseYamlSubset(text: string): YamlValue {
  return new Parser(lines(text)).parseDocument();
}
