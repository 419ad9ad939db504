/**
 * `location`: where distance rules measure from, and the target's saved locations.
 * `location <lat>,<lon>` sets the human's (and current profile's) location; `location` alone shows it;
 * `location remove` clears it. `location add <label> <lat>,<lon>` saves a named location, `location list`
 * lists them, `location show <label>` shows one, `location remove <label>` deletes one — unless a rule still
 * refers to it (override_location_label), in which case the reply lists those rules.
 */
import { OVERRIDE_TABLES } from '../../db/tables.ts';
import { MAX_LABEL_CHARS } from '../../db/stores/locations.ts';
import { isLookoutError } from '../../errors.ts';
import type { Human } from '../../model.ts';
import { coordinate, done, listing, mapLink, REFUSED, refused, unchanged } from '../replies.ts';
import { TEXTS } from '../texts.ts';
import type { CommandDefinition, CommandInvocation, CommandReply } from '../types.ts';
import { parseCoordinates } from './coordinates.ts';
import { overrideLabel, ruleLine } from './rule-line.ts';
import { saveLocation, targetOf } from './target-human.ts';

type Handler = (invocation: CommandInvocation, human: Human, rest: readonly string[]) => Promise<CommandReply[]>;

const usage = (invocation: CommandInvocation): CommandReply[] => [refused(invocation.t(TEXTS.locationUsage, { prefix: invocation.prefix }))];

function show(invocation: CommandInvocation, human: Human): CommandReply[] {
  const { latitude, longitude } = human;
  if (latitude === 0 && longitude === 0) return [{ text: invocation.t(TEXTS.noLocation) }];
  return [{ text: invocation.t(TEXTS.locationIs, { latitude: coordinate(latitude), longitude: coordinate(longitude), link: mapLink(latitude, longitude) }) }];
}

async function setDefault(invocation: CommandInvocation, human: Human, text: string): Promise<CommandReply[]> {
  const point = parseCoordinates(text);
  if (!point) return [refused(invocation.t(TEXTS.locationInvalid))];
  await saveLocation(invocation, human, point.latitude, point.longitude);
  const { latitude, longitude } = point;
  return [done(invocation.t(TEXTS.locationSet, { latitude: coordinate(latitude), longitude: coordinate(longitude), link: mapLink(latitude, longitude) }))];
}

const add: Handler = async (invocation, human, rest) => {
  const [label, ...coordinates] = rest;
  if (label === undefined || coordinates.length === 0) return usage(invocation);
  const point = parseCoordinates(coordinates.join(' '));
  if (!point) return [refused(invocation.t(TEXTS.locationInvalid))];
  const trimmed = label.trim();
  if (trimmed === '' || [...trimmed].length > MAX_LABEL_CHARS) return [refused(invocation.t(TEXTS.locationLabelInvalid, { max: MAX_LABEL_CHARS }))];
  try {
    await invocation.services.stores.locations.create({ humanId: human.id, label: trimmed, ...point });
  } catch (err) {
    if (isLookoutError(err) && err.code === 'CONFLICT') return [refused(invocation.t(TEXTS.locationExists, { label: trimmed }))];
    throw err;
  }
  return [done(invocation.t(TEXTS.locationAdded, { label: trimmed, latitude: coordinate(point.latitude), longitude: coordinate(point.longitude) }))];
};

const list: Handler = async (invocation, human) => {
  const saved = await invocation.services.stores.locations.list(human.id);
  if (saved.length === 0) return [{ text: invocation.t(TEXTS.locationListEmpty, { prefix: invocation.prefix }) }];
  return listing([invocation.t(TEXTS.locationListHeading), ...saved.map((l) => `• ${l.label}: ${coordinate(l.latitude)},${coordinate(l.longitude)}`)]);
};

const showNamed: Handler = async (invocation, human, rest) => {
  const label = rest.join(' ');
  if (label === '') return usage(invocation);
  const saved = await invocation.services.stores.locations.get(human.id, label);
  if (!saved) return [refused(invocation.t(TEXTS.locationNotFound, { label }))];
  const { latitude, longitude } = saved;
  return [{ text: invocation.t(TEXTS.locationShown, { label: saved.label, latitude: coordinate(latitude), longitude: coordinate(longitude), link: mapLink(latitude, longitude) }) }];
};

/** Lines naming every rule of the human (any profile) that measures from `label`. */
async function rulesUsing(invocation: CommandInvocation, human: Human, label: string): Promise<string[]> {
  const tables = [...new Set([...OVERRIDE_TABLES, ...invocation.services.trackingTables()])];
  const lines: string[] = [];
  for (const table of tables) {
    for (const row of await invocation.services.stores.rules.list(table, human.id)) {
      if (overrideLabel(row) === label) lines.push(ruleLine(invocation, table, row));
    }
  }
  return lines;
}

const remove: Handler = async (invocation, human, rest) => {
  const { t } = invocation;
  if (rest.length === 0) {
    if (human.latitude === 0 && human.longitude === 0) return [unchanged(t(TEXTS.locationCleared))];
    await saveLocation(invocation, human, 0, 0);
    return [done(t(TEXTS.locationCleared))];
  }
  const label = rest.join(' ');
  const saved = await invocation.services.stores.locations.get(human.id, label);
  if (!saved) return [refused(t(TEXTS.locationNotFound, { label }))];
  const users = await rulesUsing(invocation, human, saved.label);
  if (users.length > 0) return listing([t(TEXTS.locationInUse, { label: saved.label }), ...users], REFUSED);
  await invocation.services.stores.locations.delete(human.id, saved.label);
  return [done(t(TEXTS.locationRemoved, { label: saved.label }))];
};

const SUBCOMMANDS: Readonly<Record<string, Handler>> = { add, list, show: showNamed, remove, delete: remove };

export const locationCommand: CommandDefinition = {
  name: 'location',
  async run(invocation) {
    const human = targetOf(invocation);
    const [sub, ...rest] = invocation.args;
    if (sub === undefined) return show(invocation, human);
    const handler = SUBCOMMANDS[sub];
    if (handler) return handler(invocation, human, invocation.rawArgs.slice(1, 1 + rest.length));
    return setDefault(invocation, human, invocation.rawArgs.join(' '));
  },
};
