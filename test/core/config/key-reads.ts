/**
 * Which config keys the code reads, found in the source text (TypeScript's parser, no type checking, so it takes
 * about a second). A key `a.b.c` counts as read when its last name `c` is read somewhere in core/, plugins/ or
 * platforms/ — a property access (`x.c`, `x?.c`, `x['c']`) or a destructuring (`{ c } = x`) — outside:
 * - the files that declare the schema (core/config/, plugins/<name>/config.ts, platforms/<name>/config.ts), tests
 *   and comments;
 * - code that reads values only to scrub them from API answers (a function `secretValues`, a `secrets` member):
 *   hiding a key is not using it;
 * and the read is tied to the key: `x` is named after the key's table (`config.database.scanner.host`,
 * `own.tuning.stop_grace_secs`, `pvp.filter_max_rank`; a `const x = …` in the same file is followed), or after a
 * table further up that has no key `c` itself (`settings.reconciliation.update_user_names` reads it for every
 * platform), or `c` is a compound name (with `_`) that no other key of the schema has (`forward_only`), so a read
 * of it can only be this key.
 * Reads through a value whose name says nothing (a parameter typed with a narrower interface) are not found; the
 * test names those few explicitly.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One read of a property: its name and the name of the value it is read from (null when that has none). */
export interface PropertyRead {
  readonly name: string;
  readonly from: string | null;
  readonly file: string;
}

/** Functions and members whose reads only hide values (the secrets scrubbed from API answers). */
const REDACTION_ONLY = new Set(['secretValues', 'secrets']);

function isSchemaFile(path: string): boolean {
  return path.startsWith('core/config/') || /^(plugins|platforms)\/[^/]+\/config\.ts$/.test(path);
}

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return name === 'test' || name === 'node_modules' ? [] : sourceFiles(root, path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !isSchemaFile(path) ? [path] : [];
  });
}

function unwrap(node: ts.Expression): ts.Expression {
  let at = node;
  while (ts.isParenthesizedExpression(at) || ts.isAsExpression(at) || ts.isNonNullExpression(at) || ts.isSatisfiesExpression(at)) at = at.expression;
  return at;
}

/** The name of the value an expression reads from: the last property of a chain, or a variable (followed through its `const`). */
function nameOf(node: ts.Expression, aliases: ReadonlyMap<string, ts.Expression>, depth = 0): string | null {
  const at = unwrap(node);
  if (ts.isPropertyAccessExpression(at)) return at.name.text;
  if (ts.isElementAccessExpression(at)) return ts.isStringLiteralLike(at.argumentExpression) ? at.argumentExpression.text : null;
  if (!ts.isIdentifier(at)) return null;
  const alias = aliases.get(at.text);
  return alias && depth < 8 ? (nameOf(alias, aliases, depth + 1) ?? at.text) : at.text;
}

function declaredName(node: ts.Node): string | null {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isPropertyAssignment(node)) && node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) return node.name.text;
  return null;
}

function readsOf(file: string, text: string): PropertyRead[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const aliases = new Map<string, ts.Expression>();
  const collectAliases = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) aliases.set(node.name.text, node.initializer);
    ts.forEachChild(node, collectAliases);
  };
  collectAliases(source);
  const out: PropertyRead[] = [];
  const visit = (node: ts.Node): void => {
    const declared = declaredName(node);
    if (declared !== null && REDACTION_ONLY.has(declared)) return;
    if (ts.isPropertyAccessExpression(node)) out.push({ name: node.name.text, from: nameOf(node.expression, aliases), file });
    else if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression)) {
      out.push({ name: node.argumentExpression.text, from: nameOf(node.expression, aliases), file });
    } else if (ts.isObjectBindingPattern(node)) {
      const from = ts.isVariableDeclaration(node.parent) && node.parent.initializer ? nameOf(node.parent.initializer, aliases) : null;
      for (const element of node.elements) {
        const key = element.propertyName ?? element.name;
        if (ts.isIdentifier(key) || ts.isStringLiteralLike(key)) out.push({ name: key.text, from, file });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Every property read of the service's code (core/, plugins/, platforms/ under `root`), schema files excepted. */
export function propertyReads(root: string): PropertyRead[] {
  return ['core', 'plugins', 'platforms'].flatMap((dir) => sourceFiles(root, dir)).flatMap((file) => readsOf(relative(root, join(root, file)), readFileSync(join(root, file), 'utf8')));
}

/**
 * `isRead(path)` for the keys of a schema (`schemaKeys`: every dotted leaf key), by the rules at the top of this
 * file; `readsOf(path)` gives the reads that count, for messages.
 */
export function keyReads(reads: readonly PropertyRead[], schemaKeys: readonly string[]): { isRead(path: string): boolean; readsOf(path: string): PropertyRead[] } {
  const keys = new Set(schemaKeys);
  const byName = new Map<string, PropertyRead[]>();
  for (const read of reads) byName.set(read.name, [...(byName.get(read.name) ?? []), read]);
  const sharing = new Map<string, number>();
  for (const key of schemaKeys) {
    const name = key.slice(key.lastIndexOf('.') + 1);
    sharing.set(name, (sharing.get(name) ?? 0) + 1);
  }
  const readsOfKey = (path: string): PropertyRead[] => {
    const segments = path.split('.');
    const name = segments.at(-1) ?? '';
    const candidates = byName.get(name) ?? [];
    if (name.includes('_') && sharing.get(name) === 1) return candidates;
    const tables = segments.slice(0, -1);
    const parent = tables.at(-1);
    /** a table further up counts when it has no key of this name itself */
    const upper = new Set(tables.slice(0, -1).filter((_, i) => !keys.has([...tables.slice(0, i + 1), name].join('.'))));
    return candidates.filter((read) => read.from !== null && (read.from === parent || upper.has(read.from)));
  };
  return { isRead: (path) => readsOfKey(path).length > 0, readsOf: readsOfKey };
}
