/**
 * Fort-update enrichment: every listed variable for an edit, a new fort and a removal, the language layer,
 * and the bundled templates rendered with them on both platforms.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { View } from '../../../core/contract.ts';
import type { DtsEngine } from '../../../core/dts/engine.ts';
import { FORT_VARIABLES } from '../variables.ts';
import { bundledDts, type DtsTree } from '../../../test/fixtures/dts/tree.ts';
import { buildFort, fortHook, fortSide, hookContext, parsed } from './support.ts';

const plugin = await buildFort();

async function viewOf(hook: Record<string, unknown>, language = 'en'): Promise<View> {
  const event = parsed(plugin, hook);
  const base = await plugin.enrich!(event, hookContext());
  return { ...base, ...plugin.enrichLanguage!(event, base, { language, platform: 'discord' }, hookContext()) };
}

test('an edit of name and description', async () => {
  const view = await viewOf(fortHook({ edit_types: ['name', 'description'], old: fortSide({ name: 'Bench', description: null }), new: fortSide({ type: 'pokestop' }) }));
  assert.equal(view.changeTypeText, 'Edit');
  assert.equal(view.fortTypeText, 'Stop');
  assert.equal(view.name, 'Painted Bench');
  assert.equal(view.description, 'A bench');
  assert.equal(view.oldName, 'Bench');
  assert.equal(view.newName, 'Painted Bench');
  assert.equal(view.oldDescription, '');
  assert.equal(view.newDescription, 'A bench');
  assert.equal(view.isEditName, true);
  assert.equal(view.isEditDescription, true);
  assert.equal(view.isEditPhoto, false);
  assert.equal(view.imgUrl, 'https://example.invalid/bench.jpg');
  for (const name of FORT_VARIABLES['fort-update']!) assert.ok(name in view, `declared variable ${name} is provided`);
});

test('a new gym and a removal', async () => {
  const fresh = await viewOf({ change_type: 'new', new: fortSide({ type: 'gym', name: null, description: null, image_url: null }) });
  assert.deepEqual([fresh.changeTypeText, fresh.fortTypeText, fresh.name, fresh.isEditName, fresh.isEmpty, fresh.isNew], ['New', 'Gym', '', false, true, true]);
  assert.match(String(fresh.imgUrl), /^https:\/\/icons\.invalid\/uicons\/gym\//);
  const gone = await viewOf({ change_type: 'removal', old: fortSide() });
  assert.deepEqual([gone.changeTypeText, gone.name, gone.oldName, gone.newName, gone.isRemoval], ['Removal', 'Painted Bench', 'Painted Bench', '', true]);
});

test('imgUrlAlt: the gym or stop icon of the alt set, also when the fort has its own picture; empty without that set', async () => {
  const withAlt = await buildFort({ alt: true });
  const viewWithAlt = async (hook: Record<string, unknown>) => withAlt.enrich!(parsed(withAlt, hook), hookContext());
  const gym = await viewWithAlt({ change_type: 'new', new: fortSide({ type: 'gym', image_url: null }) });
  assert.match(String(gym.imgUrlAlt), /^https:\/\/alt\.invalid\/uicons\/gym\//);
  const stop = await viewWithAlt(fortHook({ edit_types: ['name'], new: fortSide({ type: 'pokestop' }) }));
  assert.equal(stop.imgUrl, 'https://example.invalid/bench.jpg');
  assert.match(String(stop.imgUrlAlt), /^https:\/\/alt\.invalid\/uicons\/pokestop\//);
  assert.equal((await viewOf(fortHook())).imgUrlAlt, '');
});

let tree: DtsTree;
let engine: DtsEngine;
before(async () => {
  ({ tree, engine } = await bundledDts());
});
after(() => tree.remove());

test('the bundled fort-update templates render on both platforms', async () => {
  const view = await viewOf(fortHook({ edit_types: ['name', 'description'], old: fortSide({ name: 'Bench', description: null }) }));
  const discord = engine.renderTemplate({ type: 'fort-update', platform: 'discord', language: 'en', id: null, view }).body as { embed: Record<string, string> };
  assert.equal(discord.embed.title, 'Edit Stop: Painted Bench');
  assert.match(discord.embed.description!, /Name: Bench → Painted Bench/);
  assert.match(discord.embed.description!, /Description: \(none\) → A bench/);
  const telegram = engine.renderTemplate({ type: 'fort-update', platform: 'telegram', language: 'en', id: null, view }).body as { content: string };
  assert.match(telegram.content, /^\*Edit Stop: Painted Bench\*/);
  assert.match(telegram.content, /Name: Bench → Painted Bench/);
});
