/**
 * Gym enrichment: every listed variable from the event (English) and the language/platform layer, and the
 * bundled templates rendered with them on both platforms.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { DtsEngine } from '../../../core/dts/engine.ts';
import { GYM_VARIABLES } from '../../../plugins/gym/variables.ts';
import { bundledDts, type DtsTree } from '../../fixtures/dts/tree.ts';
import { buildGym, gymHook, hookContext, receive } from './support.ts';

const gym = await buildGym();
after(() => gym.cleanup());

async function changedView() {
  receive(gym, gymHook({ team: 1, slots_available: 5 }));
  const event = receive(gym, gymHook({ team: 2, slots_available: 4, in_battle: true }));
  const base = await gym.plugin.enrich!(event, hookContext());
  const language = gym.plugin.enrichLanguage!(event, base, { language: 'en', platform: 'discord' }, hookContext());
  return { base, view: { ...base, ...language } };
}

test('the event layer carries every spec variable', async () => {
  const { base } = await changedView();
  assert.equal(base.gymName, 'Fountain Square');
  assert.equal(base.gymUrl, 'https://example.invalid/fountain.png');
  assert.equal(base.teamName, 'Valor');
  assert.equal(base.previousControlName, 'Mystic');
  assert.equal(base.slotsAvailable, 4);
  assert.equal(base.trainerCount, 2);
  assert.equal(base.inBattle, true);
  assert.match(String(base.color), /^#?[0-9a-f]{6}$/i);
  assert.equal(base.ex, true);
  assert.equal(base.teamChanged, true);
  assert.match(String(base.imgUrl), /^https:\/\/icons\.invalid\/uicons\/gym\/2/);
  for (const name of GYM_VARIABLES.gym!) assert.ok(name in base || name === 'teamEmoji', `declared variable ${name} is provided`);
});

test('no team change: previousControlName is empty', async () => {
  receive(gym, gymHook({ id: 'steady', team: 3 }));
  const event = receive(gym, gymHook({ id: 'steady', team: 3, slots_available: 1 }));
  const base = await gym.plugin.enrich!(event, hookContext());
  assert.equal(base.previousControlName, '');
  assert.equal(base.teamName, 'Instinct');
  assert.equal(base.slotsChanged, true);
});

test('the language layer gives translated names and the team emoji', async () => {
  const { view } = await changedView();
  assert.equal(view.teamName, 'Valor');
  assert.equal(view.previousControlName, 'Mystic');
  assert.equal(typeof view.teamEmoji, 'string');
});

let tree: DtsTree;
let engine: DtsEngine;
before(async () => {
  ({ tree, engine } = await bundledDts());
});
after(() => tree.remove());

test('the bundled gym templates render the variables on both platforms', async () => {
  const { view } = await changedView();
  const discord = engine.renderTemplate({ type: 'gym', platform: 'discord', language: 'en', id: null, view }).body as { embed: Record<string, string> };
  assert.equal(discord.embed.title, 'Gym: Fountain Square');
  assert.match(discord.embed.description!, /Now held by \*\*Valor\*\* \(was Mystic\)/);
  assert.match(discord.embed.description!, /4 free slots · 2 trainers/);
  assert.match(discord.embed.description!, /Under attack/);
  assert.equal(discord.embed.color, view.color);
  const telegram = engine.renderTemplate({ type: 'gym', platform: 'telegram', language: 'en', id: null, view }).body as { content: string };
  assert.match(telegram.content, /\*Gym: Fountain Square\*/);
  assert.match(telegram.content, /Now held by \*Valor\* \(was Mystic\)/);
});
