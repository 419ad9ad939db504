/**
 * `profile`: numbered sets of rules, one current at a time. `profile` / `profile list` lists them;
 * `profile add <name>` creates one (lowest free number, starting from the current areas and location);
 * `profile switch <name|number>` (or just `profile <name|number>`) keeps the human's areas and location in the
 * profile it leaves, makes the new one current and, as the previous generation did, copies its areas and
 * location onto the human; `profile delete <name|number>` removes it with
 * its rules in every tracking table (profile 1 always stays; deleting the current one switches to 1).
 */
import type { Human, Profile } from '../../model.ts';
import { done, listing, refused, unchanged } from '../replies.ts';
import { TEXTS } from '../texts.ts';
import type { CommandDefinition, CommandInvocation, CommandReply } from '../types.ts';
import { targetOf } from './target-human.ts';

/** A profile by number, else by name (case-insensitive). */
export function findProfile(profiles: readonly Profile[], wanted: string): Profile | undefined {
  const text = wanted.trim();
  if (/^\d+$/.test(text)) {
    const byNumber = profiles.find((p) => p.profileNo === Number(text));
    if (byNumber) return byNumber;
  }
  return profiles.find((p) => p.name.toLowerCase() === text.toLowerCase());
}

function list(invocation: CommandInvocation, human: Human, profiles: readonly Profile[]): CommandReply[] {
  const lines = profiles.map((p) => `${p.profileNo === human.currentProfileNo ? '➡️' : '▫️'} ${p.profileNo}. ${p.name}${p.area.length ? ` (${p.area.join(', ')})` : ''}`);
  if (lines.length === 0) lines.push(`➡️ ${human.currentProfileNo}.`);
  return listing([invocation.t(TEXTS.profileListHeading), ...lines]);
}

async function add(invocation: CommandInvocation, human: Human, profiles: readonly Profile[], name: string): Promise<CommandReply[]> {
  const { t, prefix } = invocation;
  if (name === '') return [refused(t(TEXTS.profileNameMissing, { prefix }))];
  if (profiles.some((p) => p.name.toLowerCase() === name.toLowerCase())) return [refused(t(TEXTS.profileNameTaken, { name }))];
  const created = await invocation.services.stores.profiles.create({ id: human.id, name, area: human.area, latitude: human.latitude, longitude: human.longitude });
  return [done(t(TEXTS.profileAdded, { name: created.name, number: created.profileNo, prefix }))];
}

async function switchTo(invocation: CommandInvocation, human: Human, profile: Profile): Promise<CommandReply[]> {
  const vars = { name: profile.name, number: profile.profileNo };
  if (profile.profileNo === human.currentProfileNo) return [unchanged(invocation.t(TEXTS.profileAlreadyCurrent, vars))];
  // the profile left keeps the human's areas/location, the new one's come onto the human (one transaction)
  await invocation.services.stores.humans.changeSettings(human.id, { profileNo: profile.profileNo });
  return [done(invocation.t(TEXTS.profileSwitched, vars))];
}

async function remove(invocation: CommandInvocation, human: Human, profiles: readonly Profile[], profile: Profile): Promise<CommandReply[]> {
  const { stores } = invocation.services;
  if (profile.profileNo === 1) return [refused(invocation.t(TEXTS.profileOneStays))];
  let count = 0;
  for (const table of stores.ruleTables) count += await stores.rules.deleteAll(table, human.id, profile.profileNo);
  await stores.profiles.delete(human.id, profile.profileNo);
  const replies = [done(invocation.t(TEXTS.profileDeleted, { name: profile.name, number: profile.profileNo, count }))];
  if (profile.profileNo !== human.currentProfileNo) return replies;
  const first = profiles.find((p) => p.profileNo === 1);
  await stores.humans.update(human.id, first ? { currentProfileNo: 1, area: first.area, latitude: first.latitude, longitude: first.longitude } : { currentProfileNo: 1 });
  return [...replies, { text: invocation.t(TEXTS.profileSwitched, { name: first?.name ?? '1', number: 1 }) }];
}

export const profileCommand: CommandDefinition = {
  name: 'profile',
  async run(invocation) {
    const human = targetOf(invocation);
    const { t, prefix } = invocation;
    const profiles = await invocation.services.stores.profiles.list(human.id);
    const [sub] = invocation.args;
    const rest = invocation.rawArgs.slice(1).join(' ').trim();
    if (sub === undefined || sub === 'list') return list(invocation, human, profiles);
    if (sub === 'add') return add(invocation, human, profiles, rest);
    const isSwitch = sub === 'switch';
    const isDelete = sub === 'delete' || sub === 'remove';
    const wanted = isSwitch || isDelete ? rest : invocation.rawArgs.join(' ');
    if (wanted === '') return [refused(t(TEXTS.profileUsage, { prefix }))];
    const profile = findProfile(profiles, wanted);
    if (!profile) return [refused(t(TEXTS.profileNotFound, { profile: wanted })), ...(isSwitch || isDelete ? [] : [{ text: t(TEXTS.profileUsage, { prefix }) }])];
    return isDelete ? remove(invocation, human, profiles, profile) : switchTo(invocation, human, profile);
  },
};
