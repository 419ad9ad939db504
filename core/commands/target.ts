/**
 * Who a command acts for, and whether the sender may run it. In a DM the target is the sender's own human; in
 * a channel registered as a human only admins may run commands, and they act for the channel; an unregistered
 * channel is told so. An admin may name another human with `user:<id>` / `user<id>` or `name:<name>` (these
 * arguments are then removed). Delegated admins (lookups.delegatedFor) may do both for the channels, webhooks or
 * users delegated to them; to others an unknown name reads as not allowed, so names are not probed. Unregistered senders only reach commands that allow it (registration); admin-only
 * commands and admin-disabled humans are refused for everyone but admins.
 */
import type { Human } from '../model.ts';
import type { TextKey } from './texts.ts';
import type { CommandDefinition, IncomingCommand } from './types.ts';

export interface TargetLookups {
  human(id: string): Promise<Human | null>;
  /** humans whose name equals `name`, case-insensitively */
  humansNamed(name: string): Promise<readonly Human[]>;
  /**
   * delegated administration (core/membership/delegation.ts): whether the sender, not a full admin, may act for this
   * human (a channel it administers, a webhook it administers, another user when it manages users' tracking);
   * absent = nobody is delegated
   */
  delegatedFor?(incoming: IncomingCommand, human: Human): boolean;
}

export type TargetOutcome =
  | {
      readonly ok: true;
      readonly target: Human | null;
      /** set when an admin named another human */
      readonly actingAs: Human | null;
      readonly args: readonly string[];
      readonly rawArgs: readonly string[];
    }
  | { readonly ok: false; readonly refusal: TextKey; readonly vars?: Readonly<Record<string, string>> };

type Override = { readonly by: 'id' | 'name'; readonly value: string; readonly index: number };

/** `user:<any id>`, or `user<digits>` (a bare word such as `username` is not a target) */
const USER_ARG = /^user(?::(\S+)|(-?\d+))$/i;
const NAME_ARG = /^name:(.+)$/i;

function findOverride(rawArgs: readonly string[]): Override | null {
  for (let i = 0; i < rawArgs.length; i++) {
    const user = USER_ARG.exec(rawArgs[i]!);
    if (user) return { by: 'id', value: user[1] ?? user[2]!, index: i };
    const name = NAME_ARG.exec(rawArgs[i]!);
    if (name) return { by: 'name', value: name[1]!.trim(), index: i };
  }
  return null;
}

const without = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

async function overrideTarget(override: Override, lookups: TargetLookups): Promise<Human | null | 'ambiguous'> {
  if (override.by === 'id') return lookups.human(override.value);
  const found = await lookups.humansNamed(override.value);
  if (found.length > 1) return 'ambiguous';
  return found[0] ?? null;
}

export async function resolveTarget(
  incoming: IncomingCommand,
  definition: CommandDefinition,
  args: readonly string[],
  rawArgs: readonly string[],
  lookups: TargetLookups,
): Promise<TargetOutcome> {
  const isAdmin = incoming.sender.isAdmin;
  if (definition.adminOnly && !isAdmin) return { ok: false, refusal: 'adminOnly', vars: { command: definition.name } };

  const override = definition.ownsTargetArgs ? null : findOverride(rawArgs);
  if (override) {
    if (!isAdmin && !lookups.delegatedFor) return { ok: false, refusal: 'targetOnlyAdmins' };
    const human = await overrideTarget(override, lookups);
    if (human === 'ambiguous') return { ok: false, refusal: isAdmin ? 'targetAmbiguous' : 'targetOnlyAdmins', vars: { who: override.value } };
    if (!human) return { ok: false, refusal: isAdmin ? 'targetNotFound' : 'targetOnlyAdmins', vars: { who: override.value } };
    if (!isAdmin && !lookups.delegatedFor?.(incoming, human)) return { ok: false, refusal: 'targetOnlyAdmins' };
    return { ok: true, target: human, actingAs: human, args: without(args, override.index), rawArgs: without(rawArgs, override.index) };
  }

  const inChannel = incoming.place.kind === 'channel';
  const human = await lookups.human(inChannel ? incoming.place.id : incoming.sender.id);
  const allowed: TargetOutcome = { ok: true, target: human, actingAs: null, args, rawArgs };
  if (definition.allowUnregistered) return allowed;
  if (inChannel) {
    if (!human) return { ok: false, refusal: 'channelNotRegistered' };
    if (!isAdmin && !lookups.delegatedFor?.(incoming, human)) return { ok: false, refusal: 'channelAdminsOnly' };
  } else if (!human) {
    return { ok: false, refusal: 'notRegistered' };
  }
  if (human.adminDisable && !isAdmin) return { ok: false, refusal: 'adminDisabled' };
  return allowed;
}
