/**
 * Which view variables a template uses only as printed text: `{{name}}` / `{{{name}}}`, or as the one condition
 * of an `{{#if name}}` / `{{#unless name}}` block. For such a variable the rendered text depends on its value only
 * through what is printed (and whether it is truthy), so one render with a placeholder in its place can serve
 * every recipient whose value is equally truthy: the placeholder is replaced by each one's value afterwards
 * (core/pipeline/shared-renders.ts). Any other use — a helper argument, a hash value, `this.name`, `../name`, `@root.name`, a
 * string naming it, a dynamic partial or a decorator — makes the variable not printable-only. Partials called
 * by name are followed. Pure; works on Handlebars' parse tree.
 */
import Handlebars from 'handlebars';

type Node = hbs.AST.Node;

export interface TemplateSources {
  /** the template texts of one body */
  readonly texts: readonly string[];
  /** a partial's source by name; null when unknown or not a text (then nothing counts as printable-only) */
  partial(name: string): string | null;
  /** whether a helper of this name exists (`{{name}}` would call it) */
  isHelper(name: string): boolean;
}

const CONDITIONS = new Set(['if', 'unless']);

class Uses {
  readonly spoiled = new Set<string>();
  everything = false;

  constructor(readonly names: ReadonlySet<string>) {}

  /** a path that names one of the variables in any way */
  named(path: hbs.AST.PathExpression): string | null {
    for (const part of path.parts) if (this.names.has(part)) return part;
    return this.names.has(path.original) ? path.original : null;
  }

  /** the variable itself, plainly: no `this.`, `../`, `@` */
  plain(node: Node): string | null {
    if (node.type !== 'PathExpression') return null;
    const path = node as hbs.AST.PathExpression;
    return !path.data && path.depth === 0 && path.parts.length === 1 && path.original === path.parts[0] && this.names.has(path.original) ? path.original : null;
  }
}

function walkExpression(node: Node | null | undefined, uses: Uses): void {
  if (!node) return;
  switch (node.type) {
    case 'PathExpression': {
      const name = uses.named(node as hbs.AST.PathExpression);
      if (name) uses.spoiled.add(name);
      return;
    }
    case 'StringLiteral': {
      // `lookup this "distance"` reads the variable through a helper
      const value = (node as hbs.AST.StringLiteral).value;
      if (uses.names.has(value)) uses.spoiled.add(value);
      return;
    }
    case 'SubExpression': {
      const sub = node as hbs.AST.SubExpression;
      walkExpression(sub.path, uses);
      walkCall(sub.params, sub.hash, uses);
      return;
    }
    default:
      return;
  }
}

function walkCall(params: readonly Node[], hash: hbs.AST.Hash | undefined, uses: Uses): void {
  for (const param of params) walkExpression(param, uses);
  for (const pair of hash?.pairs ?? []) walkExpression(pair.value, uses);
}

function walkStatements(program: hbs.AST.Program | undefined, uses: Uses, sources: TemplateSources, seen: Set<string>): void {
  for (const statement of program?.body ?? []) walkStatement(statement, uses, sources, seen);
}

function walkMustache(node: hbs.AST.MustacheStatement, uses: Uses, sources: TemplateSources): void {
  const printed = uses.plain(node.path);
  if (printed && node.params.length === 0 && !node.hash && !sources.isHelper(printed)) return;
  walkExpression(node.path, uses);
  walkCall(node.params, node.hash, uses);
}

function walkBlock(node: hbs.AST.BlockStatement, uses: Uses, sources: TemplateSources, seen: Set<string>): void {
  const helper = node.path.type === 'PathExpression' ? (node.path as hbs.AST.PathExpression).original : '';
  const condition = node.params.length === 1 && !node.hash && CONDITIONS.has(helper) ? uses.plain(node.params[0]!) : null;
  if (!condition) {
    walkExpression(node.path, uses);
    walkCall(node.params, node.hash, uses);
  }
  walkStatements(node.program, uses, sources, seen);
  walkStatements(node.inverse, uses, sources, seen);
}

function walkPartial(name: Node, params: readonly Node[], hash: hbs.AST.Hash | undefined, uses: Uses, sources: TemplateSources, seen: Set<string>): void {
  walkCall(params, hash, uses);
  const partial = name.type === 'PathExpression' ? (name as hbs.AST.PathExpression).original : name.type === 'StringLiteral' ? (name as hbs.AST.StringLiteral).value : null;
  if (partial === null) return void (uses.everything = true);
  if (seen.has(partial)) return;
  seen.add(partial);
  const source = sources.partial(partial);
  if (source === null) return void (uses.everything = true);
  walkText(source, uses, sources, seen);
}

function walkStatement(node: hbs.AST.Statement, uses: Uses, sources: TemplateSources, seen: Set<string>): void {
  switch (node.type) {
    case 'MustacheStatement':
      return walkMustache(node as hbs.AST.MustacheStatement, uses, sources);
    case 'BlockStatement':
      return walkBlock(node as hbs.AST.BlockStatement, uses, sources, seen);
    case 'PartialStatement': {
      const partial = node as hbs.AST.PartialStatement;
      return walkPartial(partial.name, partial.params, partial.hash, uses, sources, seen);
    }
    case 'PartialBlockStatement': {
      const block = node as unknown as { name: Node; params: Node[]; hash?: hbs.AST.Hash; program: hbs.AST.Program };
      walkStatements(block.program, uses, sources, seen);
      return walkPartial(block.name, block.params, block.hash, uses, sources, seen);
    }
    case 'ContentStatement':
    case 'CommentStatement':
      return;
    default:
      // decorators and anything newer: assume the worst
      uses.everything = true;
  }
}

function walkText(text: string, uses: Uses, sources: TemplateSources, seen: Set<string>): void {
  let program: hbs.AST.Program;
  try {
    program = Handlebars.parse(text);
  } catch {
    uses.everything = true;
    return;
  }
  walkStatements(program, uses, sources, seen);
}

/** The subset of `names` every text (and partial it calls) uses only as printed text or an if/unless condition. */
export function printableOnly(sources: TemplateSources, names: readonly string[]): Set<string> {
  const uses = new Uses(new Set(names));
  const seen = new Set<string>();
  for (const text of sources.texts) walkText(text, uses, sources, seen);
  return uses.everything ? new Set() : new Set(names.filter((n) => !uses.spoiled.has(n)));
}
