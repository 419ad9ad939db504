/**
 * "Why didn't I get this alert?" for a raid or egg rule: the verdict of the matcher's own checks (match.ts: the
 * event's length and time left, the index's buckets, `ruleMiss`, the specific-gym block, and the core's reach) put in
 * words. Nothing is decided here that match.ts and rule-index.ts do not decide the same way; this file only names
 * what failed and the values involved.
 */
import type { ExplainedRule, MatchContext } from '../../core/contract.ts';
import { firesAs, missed, otherKind, reachOf, type RuleVerdict } from '../../core/explain/verdict.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import { isEgg, type RaidEvent } from './event.ts';
import { levelName } from './levels.ts';
import { LONG_RAID_SECONDS, MISS, ruleMiss, SPECIFIC_GYM_KIND, specificGymBlocked, tooLittleTime, tooLong, type RaidFacts, type RaidMatchSettings, type RaidMiss } from './match.ts';
import { isRaidCandidate, levelBucketVisited } from './rule-index.ts';
import { ANY, EGG_TABLE, RAID_TABLE, type GymRule, type RaidRule } from './rule.ts';

/** `Mewtwo`, `Giratina (Origin)`: the boss as the words name it */
function bossName(gameData: GameData, pokemonId: number, form: number): string {
  const name = gameData.pokemonName(pokemonId);
  const formName = form === 0 ? '' : gameData.formName(form);
  return formName === '' ? name : `${name} (${formName})`;
}

function evolutionName(gameData: GameData, evolution: number): string {
  return evolution === 0 ? 'no temporary evolution' : gameData.tempEvolutionName(evolution);
}

function moveNames(gameData: GameData, event: RaidEvent): string {
  const moves = [event.move1, event.move2].filter((m) => m !== 0).map((m) => gameData.moveName(m));
  return moves.length === 0 ? 'no known moves' : moves.join(', ');
}

function missWords(miss: Exclude<RaidMiss, 0>, rule: GymRule, event: RaidEvent, gameData: GameData): RuleVerdict {
  const boss = rule as RaidRule;
  switch (miss) {
    case MISS.TEAM:
      return missed('team', 'the rule asks for a gym of {rule}, the gym is {event}', { rule: gameData.teamName(rule.team), event: gameData.teamName(event.teamId) });
    case MISS.EXCLUSIVE:
      return missed('exclusive', 'the rule asks for EX-eligible gyms, and {gym} is not one', { gym: event.gymName || event.gymId });
    case MISS.GYM:
      return missed('gym', 'the rule is for the gym {rule}, the event is at {event} ({id})', { rule: rule.gymId ?? '', event: event.gymName || event.gymId, id: event.gymId });
    case MISS.RSVP_UPDATE:
      return missed('rsvp_update', 'the raid was announced before and only its RSVPs changed; the rule alerts only when it first appears');
    case MISS.NO_RSVPS:
      return missed('no_rsvps', 'the rule alerts only while the raid has RSVPs, and it has none');
    case MISS.SPECIES:
      return missed('species', 'the rule is for {rule}, the raid boss is {event}', { rule: bossName(gameData, boss.pokemonId, 0), event: bossName(gameData, event.pokemonId, event.form) });
    case MISS.FORM:
      return missed('form', 'the rule is for the form {rule}, the raid boss is {event}', { rule: bossName(gameData, boss.pokemonId, boss.form), event: bossName(gameData, event.pokemonId, event.form) });
    case MISS.MOVE:
      return missed('move', 'the rule asks for the move {rule}, the boss has {event}', { rule: gameData.moveName(boss.move), event: moveNames(gameData, event) });
    case MISS.EVOLUTION:
      return missed('evolution', 'the rule asks for {rule}, the boss has {event}', { rule: evolutionName(gameData, boss.evolution), event: evolutionName(gameData, event.evolution) });
    case MISS.COSTUME:
      return missed('costume', 'the rule asks for costume {rule}, the boss wears costume {event}', { rule: boss.costume, event: event.costume });
  }
}

/** the rule is not in a bucket the matcher visits for this event: its boss (a boss rule) or its level differs */
function notCandidate(rule: GymRule, egg: boolean, event: RaidEvent, gameData: GameData): RuleVerdict | null {
  const visited = egg ? levelBucketVisited(rule.level, event.level) : isRaidCandidate(rule as RaidRule, event.pokemonId, event.level);
  if (visited) return null;
  if (!egg && (rule as RaidRule).pokemonId !== ANY) return missWords(MISS.SPECIES, rule, event, gameData);
  const levels = { rule: levelName(rule.level), event: levelName(event.level) };
  if (egg) return missed('level', 'the rule is for {rule} eggs, the event is {event}', levels);
  return missed('level', 'the rule is for {rule} raids, the event is {event}', levels);
}

function kindMissed(table: string, egg: boolean): RuleVerdict | null {
  if (table === RAID_TABLE && egg) return missed('other_kind', 'the rule is for raid bosses, and the event is an egg (egg rules answer for eggs)');
  if (table === EGG_TABLE && !egg) return missed('other_kind', 'the rule is for eggs, and the event is a raid boss (raid rules answer for bosses)');
  if (table !== RAID_TABLE && table !== EGG_TABLE) return otherKind(table);
  return null;
}

/** The verdict on one raid or egg rule for an event, as matchRaid would decide it. */
export function explainRaidRule(
  event: RaidEvent,
  explained: ExplainedRule,
  ctx: MatchContext,
  facts: RaidFacts,
  settings: RaidMatchSettings,
  gameData: GameData,
): RuleVerdict {
  const egg = isEgg(event);
  const kind = kindMissed(explained.table, egg);
  if (kind) return kind;
  if (tooLong(event, settings))
    return missed('long_raid', 'the raid lasts {minutes} minutes, longer than {max} ([general] ignore_long_raids)', {
      minutes: Math.round((event.end - event.start) / 60),
      max: LONG_RAID_SECONDS / 60,
    });
  if (tooLittleTime(facts, settings)) {
    const left = { left: Math.max(0, Math.floor(facts.secondsLeft)), min: settings.alertMinimumTime };
    if (egg) return missed('time_left', '{left} s before the egg hatches, less than the minimum {min} s ([general] alert_minimum_time)', left);
    return missed('time_left', '{left} s before the raid ends, less than the minimum {min} s ([general] alert_minimum_time)', left);
  }
  const rule = explained.rule as GymRule;
  const bucket = notCandidate(rule, egg, event, gameData);
  if (bucket) return bucket;
  const miss = ruleMiss(rule, egg, event, facts);
  if (miss !== MISS.PASS) return missWords(miss, rule, event, gameData);
  if (specificGymBlocked(rule, explained.human)) return missed('blocked_kind', 'you blocked {kind} alerts', { kind: SPECIFIC_GYM_KIND });
  if (rule.gymId !== null) return firesAs(SPECIFIC_GYM_KIND); // at its gym, whatever the distance and areas
  return reachOf(rule.reach, explained, event, ctx);
}
