/**
 * Chat text → command invocations, as a pure function. A message is a command message when its first
 * non-empty line starts with one of the platform's prefixes; then every non-empty line is one command (later
 * lines may repeat the prefix or not). Within a line, `|` outside quotes splits the arguments into several
 * invocations of the same command word. Double quotes keep spaces; outside quotes `_` reads as a space (not in
 * URLs); mentions (`<@id>`, `<@!id>`, `<@&role>`) leave the arguments and become the invocation's ping.
 */

export interface TokenizedCommand {
  /** the command word as typed, lower-cased, without the prefix (and without a `@botname` suffix some platforms add) */
  readonly word: string;
  readonly args: readonly string[];
  readonly rawArgs: readonly string[];
  /** the mentions found among the arguments, concatenated ('' when none) */
  readonly ping: string;
}

const QUOTES = new Set(['"', '\u201c', '\u201d', '\u201e']);
const MENTION = /<@[!&]?\d+>/g;
const URL_START = /^https?:\/\//i;

interface Token {
  readonly text: string;
  /** at least part of it was quoted (kept as typed, mentions included) */
  readonly quoted: boolean;
}

/** One line after the prefix → argument groups split at unquoted `|`; each group a list of tokens. */
function scanLine(line: string): Token[][] {
  const groups: Token[][] = [[]];
  let current = '';
  let quoted = false;
  let inQuote = false;
  let started = false;
  const flush = (): void => {
    if (started) groups[groups.length - 1]!.push({ text: current, quoted });
    current = '';
    quoted = false;
    started = false;
  };
  for (const ch of line) {
    if (QUOTES.has(ch)) {
      inQuote = !inQuote;
      quoted = true;
      started = true;
    } else if (!inQuote && /\s/.test(ch)) {
      flush();
    } else if (!inQuote && ch === '|') {
      flush();
      groups.push([]);
    } else {
      current += inQuote || ch !== '_' ? ch : '\u0000';
      started = true;
    }
  }
  flush();
  return groups;
}

/** `_` (marked as \0 while scanning) → space, except inside a URL where it is part of the address. */
function restoreUnderscores(text: string): string {
  return text.replace(/\u0000/g, URL_START.test(text) ? '_' : ' ');
}

function buildCommand(word: string, tokens: readonly Token[]): TokenizedCommand {
  const rawArgs: string[] = [];
  const pings: string[] = [];
  for (const token of tokens) {
    let text = token.text;
    if (!token.quoted) {
      text = text.replace(MENTION, (mention) => {
        pings.push(mention);
        return '';
      });
    }
    text = restoreUnderscores(text);
    if (text.trim() === '' && !token.quoted) continue;
    if (text === '') continue;
    rawArgs.push(text);
  }
  return { word, args: rawArgs.map((a) => a.toLowerCase()), rawArgs, ping: pings.join('') };
}

/** The longest prefix the line starts with, or null. */
function matchPrefix(line: string, prefixes: readonly string[]): string | null {
  const sorted = [...prefixes].filter((p) => p.length > 0).sort((a, b) => b.length - a.length);
  return sorted.find((p) => line.startsWith(p)) ?? null;
}

/** Every command a message holds; empty when the message is not a command message. */
export function tokenize(text: string, prefixes: readonly string[]): TokenizedCommand[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  const first = lines[0];
  if (first === undefined || matchPrefix(first, prefixes) === null) return [];
  const commands: TokenizedCommand[] = [];
  for (const line of lines) {
    const prefix = matchPrefix(line, prefixes);
    const body = prefix === null ? line : line.slice(prefix.length);
    const groups = scanLine(body);
    const head = groups[0]!.shift();
    if (!head) continue;
    const word = restoreUnderscores(head.text).toLowerCase().replace(/@\S*$/, '');
    if (word === '') continue;
    for (const group of groups) {
      if (group.length === 0 && groups.length > 1) continue;
      commands.push(buildCommand(word, group));
    }
  }
  return commands;
}
