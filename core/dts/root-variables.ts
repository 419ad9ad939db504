/**
 * The view variables a template reads from its root context: `{{name}}`, helper arguments and hash values,
 * block conditions (`{{#if boosted}}`), `{{#each pvpGreat}}`'s list, `@root.x` anywhere — and, inside blocks that
 * change the context (`each`, `with`, and any other block given a parameter), only what reaches back to the root
 * (`@root.x`, `../x` out of a single level). Partials called by name are followed. Helpers are not variables.
 * A template that may read any name — the root context itself (`{{#each this}}`, `{{lookup . x}}`), the `lookup`
 * helper, a partial chosen at render time — reads `WHOLE_CONTEXT`. Pure; for template editors (which names a
 * template asks for), the compatibility corpus check and the views' variable filter (DtsEngine.variableFilter).
 */
import Handlebars from 'handlebars';

type Node = hbs.AST.Node;

/** read by a template that may read any variable */
export const WHOLE_CONTEXT = '*';

export interface RootVariableSources {
  /** a partial's source by name (null when unknown) */
  partial(name: string): string | null;
  /** whether a helper of this name exists (`{{name}}` calls it) */
  isHelper(name: string): boolean;
}

/** blocks that keep the context: their bodies read the root's variables */
const SAME_CONTEXT = new Set(['if', 'unless', 'compare', 'eq', 'ne', 'neq', 'lt', 'gt', 'lte', 'gte', 'and', 'or', 'not', 'isnt', 'is', 'contains', 'default']);

interface Walk {
  readonly found: Set<string>;
  readonly sources: RootVariableSources;
  readonly seenPartials: Set<string>;
}

/** a path's root variable, when it reads one from this depth: `a.b` → `a`, `@root.a` → `a`, `../a` at depth 1 → `a` */
function rootName(path: hbs.AST.PathExpression, depth: number): string | null {
  if (path.data) {
    if (path.original === '@root') return WHOLE_CONTEXT;
    return path.parts[0] === 'root' && path.original.startsWith('@root.') ? (path.parts[1] ?? null) : null;
  }
  // the context itself (`this`, `.`, `..` out to the root): any of its variables may be read
  if (path.parts.length === 0) return path.depth === depth ? WHOLE_CONTEXT : null;
  if (path.original.startsWith('this.') || path.original.startsWith('./')) return depth === 0 ? (path.parts[0] ?? null) : null;
  return path.depth === depth ? (path.parts[0] ?? null) : null;
}

function expression(node: Node | null | undefined, depth: number, w: Walk): void {
  if (!node) return;
  if (node.type === 'PathExpression') {
    const name = rootName(node as hbs.AST.PathExpression, depth);
    if (name !== null) w.found.add(name);
  } else if (node.type === 'SubExpression') {
    const sub = node as hbs.AST.SubExpression;
    if ((sub.path as hbs.AST.PathExpression).original === 'lookup') w.found.add(WHOLE_CONTEXT);
    call(sub.params, sub.hash, depth, w);
  }
}

function call(params: readonly Node[], hash: hbs.AST.Hash | undefined, depth: number, w: Walk): void {
  for (const p of params) expression(p, depth, w);
  for (const pair of hash?.pairs ?? []) expression(pair.value, depth, w);
}

/** `{{name}}` alone: a variable unless a helper has that name */
function mustache(node: hbs.AST.MustacheStatement, depth: number, w: Walk): void {
  const path = node.path as Node;
  if (path.type === 'PathExpression' && (path as hbs.AST.PathExpression).original === 'lookup') w.found.add(WHOLE_CONTEXT);
  const helperCall = node.params.length > 0 || (node.hash?.pairs.length ?? 0) > 0;
  if (path.type === 'PathExpression') {
    const p = path as hbs.AST.PathExpression;
    if (!(p.parts.length === 1 && !p.data && w.sources.isHelper(p.original)) && !helperCall) expression(path, depth, w);
  }
  call(node.params, node.hash, depth, w);
}

function statements(program: hbs.AST.Program | undefined, depth: number, w: Walk): void {
  for (const s of program?.body ?? []) statement(s, depth, w);
}

function statement(node: Node, depth: number, w: Walk): void {
  switch (node.type) {
    case 'MustacheStatement':
      mustache(node as hbs.AST.MustacheStatement, depth, w);
      return;
    case 'BlockStatement': {
      const block = node as hbs.AST.BlockStatement;
      const helper = (block.path as hbs.AST.PathExpression).original;
      call(block.params, block.hash, depth, w);
      // a block without parameters that is not a helper is a section over the variable of its name
      if (block.params.length === 0 && !w.sources.isHelper(helper)) expression(block.path, depth, w);
      const inner = SAME_CONTEXT.has(helper) ? depth : depth + 1;
      statements(block.program, inner, w);
      statements(block.inverse, depth, w);
      return;
    }
    case 'PartialStatement':
    case 'PartialBlockStatement': {
      const partial = node as hbs.AST.PartialStatement;
      const named = partial.name as Node;
      const name = named.type === 'PathExpression' ? (named as hbs.AST.PathExpression).original : named.type === 'StringLiteral' ? (named as hbs.AST.StringLiteral).value : null;
      call(partial.params, partial.hash, depth, w);
      if (name === null) w.found.add(WHOLE_CONTEXT);
      if (name === null || partial.params.length > 0 || w.seenPartials.has(name)) return;
      const source = w.sources.partial(name);
      if (source === null) return;
      w.seenPartials.add(name);
      try {
        statements(Handlebars.parse(source), depth, w);
      } catch {
        // a broken partial reads nothing
      }
      return;
    }
    default:
      return;
  }
}

/** The root variables the texts read (a text that does not parse reads nothing). */
export function rootVariables(texts: readonly string[], sources: RootVariableSources): Set<string> {
  const w: Walk = { found: new Set(), sources, seenPartials: new Set() };
  for (const text of texts) {
    try {
      statements(Handlebars.parse(text), 0, w);
    } catch {
      // reported by the loader; nothing to read here
    }
  }
  return w.found;
}
