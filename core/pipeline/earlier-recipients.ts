/**
 * Recipients of an earlier message who no longer match: an event that is news for everyone who got a message about
 * its thing (AlertPlugin.followUpKey, e.g. a monster that changed species) also reaches those the sent-message memory
 * remembers for its key and the plugin's rules did not match this time — as the key's `followUpAlertType`, with their
 * default template, no ping and no clean-up; only registrations still enabled, not admin-disabled and not blocking
 * the plugin's kind of alert. Asked only of plugins that `repliesToEarlier` and have `followUpKey`.
 */
import type { AnyAlertPlugin, HookContext, Match } from '../contract.ts';
import type { Snapshot } from '../model.ts';
import type { PluginRegistry } from '../registry.ts';
import type { HookCaller } from './hook-call.ts';

/** who got a message about a key that is remembered (SentMessages.recipients) */
export type EarlierRecipients = (key: string) => readonly { readonly id: string; readonly type: string }[];

export interface EarlierRecipientOptions {
  readonly hooks: HookCaller;
  readonly registry: PluginRegistry;
  readonly snapshot: () => Snapshot;
}

/** the matches, plus a match for each earlier recipient not among them when the event is news for them */
export function withEarlierRecipients(
  o: EarlierRecipientOptions,
  earlierRecipients: EarlierRecipients,
  plugin: AnyAlertPlugin,
  event: unknown,
  matches: readonly Match[],
  ctx: HookContext,
): readonly Match[] {
  const asked = o.hooks.call(plugin.name, 'followUpKey', ctx.meta, () => plugin.followUpKey!(event));
  const key = asked.ok ? asked.value : null;
  const alertType = key?.followUpAlertType;
  if (!key || !alertType) return matches;
  const earlier = earlierRecipients(key.key);
  if (earlier.length === 0) return matches;
  const matched = new Set(matches.map((m) => m.human.id));
  const snapshot = o.snapshot();
  const table = plugin.trackingTables?.[0]?.table ?? '';
  const blockKind = table ? o.registry.blockKindOf(table) : undefined;
  const more: Match[] = [];
  for (const target of earlier) {
    if (matched.has(target.id)) continue;
    const human = snapshot.humans.get(target.id);
    if (!human || human.type !== target.type || !human.enabled || human.adminDisable) continue;
    if (blockKind && human.blockedAlerts?.includes(blockKind)) continue;
    matched.add(target.id);
    more.push({ human, table, ruleUid: 0, alertType, templateId: null, ping: '', clean: 0 });
  }
  return more.length === 0 ? matches : [...matches, ...more];
}
