/**
 * The `raid` and `egg` commands: parse the arguments, then write the rules (compared with the target's rules
 * of the current profile by every column but distance, template, clean and ping) or remove the ones `remove`
 * and `id:<uid>` select, and answer. `gym:<id or name>` is looked up in the scanner database (core's gym-reference.ts).
 */
import type { CommandDefinition, CommandInvocation, CommandReply } from '../../../core/commands/types.ts';
import type { TrackingRow } from '../../../core/model.ts';
import { message } from '../../../core/commands/tracking/index.ts';
import { refusalOf, removeKeyedRules, saveKeyedRules, type KeyedRuleTable } from '../../../core/commands/tracking/keyed-rules.ts';
import { resolveGymReference } from '../../../core/commands/tracking/gym-reference.ts';
import { normalizeName } from '../../../core/gamedata/index.ts';
import { intColumn } from '../../../core/match/index.ts';
import { ALL_LEVELS } from '../levels.ts';
import { ANY, EGG_TABLE, RAID_TABLE } from '../rule.ts';
import { describeEggRule, describeRaidRule } from './describe.ts';
import { parseGymCommand, type GymCommandKind, type GymRemoval } from './parse.ts';

const SHARED_KEY = ['level', 'team', 'exclusive', 'gym_id', 'rsvp_changes'];

const TABLES: Readonly<Record<GymCommandKind, KeyedRuleTable>> = {
  raid: { table: RAID_TABLE, keyColumns: ['pokemon_id', 'form', 'move', 'evolution', 'costume', ...SHARED_KEY], alertTypes: ['raid'], describe: describeRaidRule },
  egg: { table: EGG_TABLE, keyColumns: SHARED_KEY, alertTypes: ['egg'], describe: describeEggRule },
};

function selects(kind: GymCommandKind, removal: GymRemoval, inv: CommandInvocation): (row: TrackingRow) => boolean {
  const gameData = inv.services.gameData();
  return (row) => {
    if (removal.everything) return true;
    const pokemonId = kind === 'raid' ? intColumn(row, 'pokemon_id', ANY) : ANY;
    if (pokemonId === ANY) return removal.levels.includes(intColumn(row, 'level', ALL_LEVELS));
    return removal.picks.some((p) => {
      if (p.pokemonId !== pokemonId) return false;
      if (p.form === 0) return true;
      return normalizeName(gameData.formName(p.form)) === normalizeName(gameData.formName(intColumn(row, 'form', 0)));
    });
  };
}

async function run(kind: GymCommandKind, inv: CommandInvocation): Promise<readonly CommandReply[]> {
  const target = inv.target;
  if (!target) return [refusalOf(inv, message('You are not registered. Please register first.'))];
  const locations = await inv.services.stores.locations.list(target.id);
  const parsed = parseGymCommand(inv.args, inv.rawArgs, {
    kind,
    gameData: inv.services.gameData(),
    language: inv.language,
    ping: inv.ping,
    limits: inv.services.config.tracking,
    areaNames: new Set(inv.services.geofences().fences.map((f) => f.name.toLowerCase())),
    locationLabels: locations.map((l) => l.label),
  });
  if (!parsed.ok) return [refusalOf(inv, parsed.error)];
  const spec = TABLES[kind];
  const request = parsed.value;
  if (request.kind === 'remove') return removeKeyedRules(inv, target, spec, selects(kind, request.removal, inv), request.removal.uids);
  const gym = await resolveGymReference(inv, request.rules, 'gym_id');
  if (!gym.ok) return [gym.reply];
  return saveKeyedRules(inv, target, spec, gym.drafts, request.notes);
}

export const raidCommand: CommandDefinition = { name: 'raid', run: (inv) => run('raid', inv) };
export const eggCommand: CommandDefinition = { name: 'egg', run: (inv) => run('egg', inv) };
