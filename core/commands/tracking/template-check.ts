/**
 * `template<N>` against the DTS: a template id a command's rules name must exist for one of the alert types
 * those rules render as (the plugin declares them, e.g. a rule table whose alerts render as two types) on the
 * target's platform, in any language. A `default` entry counts for its own id only. Missing: a non-admin's
 * command is refused with 🙅 `Template "<N>" does not exist.` and writes nothing; an admin's rules are written and
 * the reply carries the same text as a warning.
 */
import type { Human } from '../../model.ts';
import { REFUSED } from '../replies.ts';
import type { CommandInvocation, CommandReply } from '../types.ts';
import { message, type Message } from './message.ts';

/** A rule draft as far as the check reads it: its `template` column. */
export interface TemplatedRule {
  readonly template?: unknown;
}

/** Go on (with warnings for the reply), or the refusal to answer instead of writing. */
export type TemplateCheck = { readonly ok: true; readonly notes: readonly Message[] } | { readonly ok: false; readonly reply: CommandReply };

/** The distinct template ids named in the rules' `template` column ('' and null = none named). */
export function namedTemplates(rules: readonly TemplatedRule[]): string[] {
  const ids = rules.map((r) => r.template).filter((v): v is string | number => (typeof v === 'string' && v.trim() !== '') || typeof v === 'number');
  return [...new Set(ids.map((v) => String(v).trim()))];
}

/** Checks the template ids the rules name; see the module comment. */
export function checkTemplates(inv: CommandInvocation, target: Human, alertTypes: readonly string[], rules: readonly TemplatedRule[]): TemplateCheck {
  const { services } = inv;
  if (!services.templateExists || alertTypes.length === 0) return { ok: true, notes: [] };
  const missing = namedTemplates(rules).filter((id) => !alertTypes.some((type) => services.templateExists?.(type, target.type, id) ?? true));
  const notes = missing.map((template) => message('Template "{template}" does not exist.', { template }));
  if (notes.length === 0 || inv.isAdmin) return { ok: true, notes };
  return { ok: false, reply: { reaction: REFUSED, text: notes.map((m) => inv.t(m.text, { prefix: inv.prefix, ...m.vars })).join('\n') } };
}
