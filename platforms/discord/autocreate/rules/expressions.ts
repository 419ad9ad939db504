/**
 * Evaluates an auto-create rule against one geofence: the `filter` decides whether the fence takes part, the
 * `params` give the positional arguments of the channel template. Both are Handlebars expressions compiled in
 * a private Handlebars environment (never the global one the alert templates use) that knows the built-in
 * block helpers (if, unless, each, with, lookup) and the rule helpers of helpers.ts, and nothing else: an
 * unknown helper is a compile problem. HTML escaping is off (`Rock & Roll` stays `Rock & Roll`).
 *
 * Each rule is compiled once (cached per rule object). A compile or render failure never throws out of here:
 * the fence is reported as skipped with the reason.
 */
import Handlebars from 'handlebars';
import type { AutocreateRule } from '../../../../core/config/platform-types.ts';
import { fenceContext, type FenceContext, type FenceForRule } from './fence-context.ts';
import { RULE_HELPER_NAMES, ruleHelpers } from './helpers.ts';
import { splitArguments } from './split-args.ts';

export type RuleEvaluation =
  | { readonly kind: 'match'; readonly args: string[] }
  | { readonly kind: 'nomatch' }
  | { readonly kind: 'skipped'; readonly reason: string };

type Compiled =
  | { readonly ok: true; readonly render: (context: FenceContext) => string }
  | { readonly ok: false; readonly problem: string };

interface CompiledRule {
  /** null: empty filter, every fence matches */
  readonly filter: Compiled | null;
  readonly params: readonly Compiled[];
}

const env = Handlebars.create();
env.unregisterHelper('log');
for (const name of RULE_HELPER_NAMES) env.registerHelper(name, ruleHelpers[name] as Handlebars.HelperDelegate);

const knownHelpers: Record<string, boolean> = { log: false };
for (const name of RULE_HELPER_NAMES) knownHelpers[name] = true;
const COMPILE_OPTIONS = { noEscape: true, knownHelpers, knownHelpersOnly: true } as const satisfies CompileOptions;

const compiledRules = new WeakMap<AutocreateRule, CompiledRule>();

function oneLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.replace(/\s+/g, ' ').trim();
}

function compile(source: string, label: string): Compiled {
  try {
    env.precompile(source, COMPILE_OPTIONS); // the compiler's checks run now, not at the first render
    const template = env.compile<FenceContext>(source, COMPILE_OPTIONS);
    return { ok: true, render: (context) => template(context) };
  } catch (err) {
    return { ok: false, problem: `${label} does not compile: ${oneLine(err)}` };
  }
}

const paramLabel = (rule: AutocreateRule, i: number): string => `params[${i}] ${JSON.stringify(rule.params[i])}`;

function compiledRule(rule: AutocreateRule): CompiledRule {
  let compiled = compiledRules.get(rule);
  if (!compiled) {
    compiled = {
      filter: rule.filter.trim() === '' ? null : compile(rule.filter, 'filter'),
      params: rule.params.map((p, i) => compile(p, paramLabel(rule, i))),
    };
    compiledRules.set(rule, compiled);
  }
  return compiled;
}

/** The filter's verdict on its rendered text: true unless it trims to empty, `0` or `false` (any case). */
export function filterOutputMatches(output: string): boolean {
  const t = output.trim();
  return t !== '' && t !== '0' && t.toLowerCase() !== 'false';
}

/** The compile problems of a rule's expressions (empty when all compile), for a warning at start. */
export function checkRuleExpressions(rule: AutocreateRule): string[] {
  const compiled = compiledRule(rule);
  const problems: string[] = [];
  if (compiled.filter && !compiled.filter.ok) problems.push(compiled.filter.problem);
  for (const p of compiled.params) if (!p.ok) problems.push(p.problem);
  if (rule.params.length === 0) problems.push('params: no expression given');
  return problems;
}

function render(compiled: Compiled, context: FenceContext, label: string): { ok: true; text: string } | { ok: false; reason: string } {
  if (!compiled.ok) return { ok: false, reason: compiled.problem };
  try {
    return { ok: true, text: compiled.render(context) };
  } catch (err) {
    return { ok: false, reason: `${label} failed to render: ${oneLine(err)}` };
  }
}

/**
 * The rule's verdict on one fence: `match` with the positional arguments (each rendered param split by
 * splitArguments, in order; original case), `nomatch` when the filter says no, `skipped` with a reason when
 * the filter or a param does not compile or render, or a param renders to no argument at all (it would shift
 * every later argument).
 */
export function evaluateRule(rule: AutocreateRule, fence: FenceForRule): RuleEvaluation {
  const compiled = compiledRule(rule);
  const context = fenceContext(fence);
  if (compiled.filter) {
    const out = render(compiled.filter, context, 'filter');
    if (!out.ok) return { kind: 'skipped', reason: out.reason };
    if (!filterOutputMatches(out.text)) return { kind: 'nomatch' };
  }
  const args: string[] = [];
  for (const [i, param] of compiled.params.entries()) {
    const label = paramLabel(rule, i);
    const out = render(param, context, label);
    if (!out.ok) return { kind: 'skipped', reason: out.reason };
    const parts = splitArguments(out.text);
    if (parts.length === 0) return { kind: 'skipped', reason: `${label} rendered no argument` };
    args.push(...parts);
  }
  return { kind: 'match', args };
}
