/**
 * Auto-create end to end, on each database engine, with the real discord.js client inside the service against the
 * fake Discord guild: a dry run that changes nothing, a sync through `!autocreate sync` that builds the category,
 * channels, role, webhook, private thread and pinned picker and registers them (their commands make rules), an
 * alert reaching a created channel right after it, a second run through the API that reuses everything, and a
 * fence removed from the geofence file whose channels go only when the rule and the trigger both ask.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData, pokemonHook } from '../plugins/monster/support.ts';
import type { RecordedRequest } from '../fakes/discord/index.ts';
import { DC } from './chat-world.ts';
import { e2e, FENCES, IN_OLD_TOWN, type E2E } from './harness.ts';
import { until } from './wait.ts';

const SECRET = 'autocreate-secret';

export const AREA_TEMPLATE = [
  {
    name: 'area',
    definition: {
      category: { categoryName: '{0} alerts', roles: [{ name: '@everyone', view: false }, { name: '{0} members', view: true, send: false }] },
      channels: [
        {
          channelName: '{0} pokemon',
          topic: 'Pokémon in {0}',
          controlType: 'bot',
          commands: ['area add {0}', 'track pikachu'],
          threadPicker: { embedTitle: 'Alerts for {0}', embedDescription: 'Pick a thread', pinned: true },
          threads: [{ name: '{0} hundos', buttonLabel: '💯 {0}', buttonStyle: 'success', commands: ['area add {0}', 'track everything iv100'] }],
        },
        { channelName: '{0} raids', controlType: 'webhook', webhookName: '{0} raid hook', commands: ['area add {0}', 'raid level5'] },
        { channelName: '{0} voice', channelType: 'voice' },
      ],
    },
  },
];

const RULE = { name: 'areas', guild: DC.guild, template: 'area', params: ['"{{name}}"'], remove_missing: true };

const mutating = (r: RecordedRequest): boolean => r.method !== 'GET';

async function api(s: E2E, path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${s.baseUrl}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-service-secret': SECRET }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

interface RuleReport {
  readonly Rule: string;
  readonly Status: string;
  readonly DryRun: boolean;
  readonly Note: string;
  readonly Created: string[];
  readonly Reused: string[];
  readonly Orphans: string[];
  readonly Removed: string[];
  readonly Skipped: string[];
  readonly Errors: string[];
  readonly Counts: Record<'channelsCreated' | 'channelsMoved' | 'threadsCreated' | 'webhooksCreated' | 'categoriesCreated' | 'commandsRun', number>;
}

const onlyRule = (json: Record<string, unknown>): RuleReport => {
  const rules = json.rules as RuleReport[];
  assert.equal(rules.length, 1);
  return rules[0]!;
};

function guildChannels(s: E2E): { id: string; name: string | null; type: number; parentId: string | null; topic: string | null }[] {
  return [...s.chat.discord.state.channels.values()].filter((c) => c.guildId === DC.guild);
}

function channelNamed(s: E2E, name: string) {
  const found = guildChannels(s).find((c) => c.name === name);
  assert.ok(found, `channel ${name} exists (have: ${guildChannels(s).map((c) => c.name).join(', ')})`);
  return found;
}

describe('auto-create sync end to end', () => {
  test('dry run, sync, alert in the new channel, reuse, removal', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, {
          gameData: await fixtureGameData(),
          chat: true,
          config: { processor: { host: '127.0.0.1', port: 0, api_secret: SECRET }, autocreate: { rules: [RULE] } },
        });
        mkdirSync(join(s.rootDir, 'config'), { recursive: true });
        writeFileSync(join(s.rootDir, 'config', 'channelTemplate.json'), JSON.stringify(AREA_TEMPLATE));
        const { discord } = s.chat;
        const cacheFile = join(s.rootDir, 'config', '.cache', 'autocreate.json');
        try {
          await s.start();

          // dry run: the report, and not one mutating request, row or cache file
          const before = discord.requests.length;
          const dry = await api(s, '/autocreate/run', { rule: 'areas', dry_run: true });
          assert.equal(dry.status, 200);
          const dryReport = onlyRule(dry.json);
          assert.equal(dryReport.DryRun, true);
          assert.equal(dryReport.Status, 'ok');
          assert.deepEqual(dryReport.Created, ['Old Town', 'Riverside']);
          assert.deepEqual(discord.requests.slice(before).filter(mutating), [], 'a dry run sends no mutating request');
          assert.equal(existsSync(cacheFile), false, 'a dry run writes no cache');
          assert.deepEqual(await db.knex('humans').whereIn('type', ['discord:channel', 'discord:thread', 'webhook']).select('id'), []);

          // the real sync, from chat
          const answer = await s.chat.discordSays(DC.alerts, DC.admin, '!autocreate sync areas');
          assert.match(answer.text, /Sync areas/);
          await until(() => existsSync(cacheFile), 'the cache file');
          const category = channelNamed(s, 'Old_Town alerts');
          assert.equal(category.type, 4);
          const pokemon = channelNamed(s, 'old_town-pokemon');
          assert.equal(pokemon.parentId, category.id);
          assert.equal(pokemon.topic, 'Pokémon in Old Town');
          const raids = channelNamed(s, 'old_town-raids');
          const voice = channelNamed(s, 'Old_Town voice');
          assert.equal(voice.type, 2);
          const thread = channelNamed(s, 'Old_Town hundos');
          assert.equal(thread.type, 12, 'a private thread');
          assert.equal(thread.parentId, pokemon.id);
          assert.ok(channelNamed(s, 'riverside-pokemon'));
          const role = [...discord.state.guilds.get(DC.guild)!.roles.values()].find((r) => r.name === 'Old Town members');
          assert.ok(role, 'the missing role was created');
          const categoryOverwrites = [...discord.state.channels.get(category.id)!.overwrites.values()];
          assert.ok(categoryOverwrites.some((o) => o.id === DC.guild && BigInt(o.deny) === 1024n), '@everyone may not view the category');
          const hooks = [...discord.state.webhooks.values()].filter((w) => w.channelId === raids.id);
          assert.equal(hooks.length, 1);
          assert.equal(hooks[0]!.name, 'Service');

          // registrations, and the rules their commands made
          const humans = await db.knex('humans').whereIn('type', ['discord:channel', 'discord:thread', 'webhook']).select('id', 'type', 'name', 'area', 'current_profile_no');
          const byId = new Map(humans.map((h) => [h.id as string, h]));
          assert.equal(byId.get(pokemon.id)?.type, 'discord:channel');
          assert.equal(byId.get(pokemon.id)?.current_profile_no, 1);
          assert.deepEqual(JSON.parse(byId.get(pokemon.id)!.area as string), ['old town']);
          assert.equal(byId.get(thread.id)?.type, 'discord:thread');
          const hookHuman = humans.find((h) => h.type === 'webhook' && h.name === 'Old_Town raid hook');
          assert.ok(hookHuman, 'the webhook is registered under its webhookName');
          assert.ok(String(hookHuman.id).endsWith(`/webhooks/${hooks[0]!.id}/${hooks[0]!.token}`));
          assert.equal((await db.knex('monsters').where({ id: pokemon.id })).length, 1, 'track pikachu ran as the channel');
          assert.equal((await db.knex('monsters').where({ id: thread.id })).length, 1, 'the thread ran its own commands');
          assert.equal((await db.knex('raid').where({ id: hookHuman.id })).length, 1, 'raid level5 ran as the webhook');

          // the picker: one pinned message with one button
          const picker = discord.messagesIn(pokemon.id).filter((m) => m.author.bot && m.components.length > 0);
          assert.equal(picker.length, 1);
          assert.match(JSON.stringify(picker[0]!.components), new RegExp(`service:thread:${pokemon.id}:${thread.id}:join`));
          assert.ok(discord.requests.some((r) => r.method === 'PUT' && r.path === `/channels/${pokemon.id}/pins/${picker[0]!.id}`), 'the picker is pinned');

          // the new channel receives alerts right after the sync
          const res = await s.post([{ type: 'pokemon', message: pokemonHook({ encounter_id: 'e-autocreate', ...IN_OLD_TOWN, disappear_time: Math.floor(Date.now() / 1000) + 1500 }) }]);
          assert.equal(res.status, 200);
          await until(() => s.chat.discordAlerts(pokemon.id).length > 0, 'the alert in the created channel');

          // a second run reuses everything and creates nothing
          const beforeSecond = discord.requests.length;
          const second = onlyRule((await api(s, '/autocreate/run', { rule: 'areas' })).json);
          assert.deepEqual(second.Created, []);
          assert.deepEqual(second.Reused, ['Old Town', 'Riverside']);
          assert.deepEqual(second.Errors, []);
          const created = discord.requests.slice(beforeSecond).filter((r) => r.method === 'POST' && (r.path.endsWith('/channels') || r.path.endsWith('/threads') || r.path.endsWith('/webhooks')));
          assert.deepEqual(created, [], 'nothing new on a second run');

          // reset re-runs the commands of reused channels; a plain run does not
          assert.equal(second.Counts.commandsRun, 0);
          const reset = onlyRule((await api(s, '/autocreate/run', { rule: 'areas', reset: true })).json);
          assert.equal(reset.Counts.commandsRun, 2 * (2 + 2 + 2), 'each fence: the channel, thread and webhook commands');

          // a channel moved out of its category by hand is moved back, not duplicated
          discord.state.channels.get(pokemon.id)!.parentId = null;
          const moved = onlyRule((await api(s, '/autocreate/run', { rule: 'areas' })).json);
          assert.equal(moved.Counts.channelsMoved, 1);
          assert.equal(moved.Counts.channelsCreated, 0);
          assert.equal(discord.state.channels.get(pokemon.id)!.parentId, category.id);

          // the cache files deleted: the next run rebuilds them from what exists, creating nothing
          rmSync(join(s.rootDir, 'config', '.cache'), { recursive: true });
          const beforeRebuild = discord.requests.length;
          const rebuilt = onlyRule((await api(s, '/autocreate/run', { rule: 'areas' })).json);
          assert.deepEqual(rebuilt.Errors, []);
          assert.equal(rebuilt.Counts.channelsCreated + rebuilt.Counts.threadsCreated + rebuilt.Counts.webhooksCreated + rebuilt.Counts.categoriesCreated, 0);
          assert.deepEqual(discord.requests.slice(beforeRebuild).filter((r) => r.method === 'POST' && /\/(channels|threads|webhooks)$/.test(r.path)), [], 'no channel, thread or webhook made');
          assert.ok(existsSync(cacheFile));

          // a picker message deleted by hand: the edit fails, a new message is sent
          discord.state.deleteMessage(picker[0]!.id);
          onlyRule((await api(s, '/autocreate/run', { rule: 'areas' })).json);
          const pickersNow = discord.messagesIn(pokemon.id).filter((m) => m.author.bot && m.components.length > 0);
          assert.equal(pickersNow.length, 1);
          assert.notEqual(pickersNow[0]!.id, picker[0]!.id);

          // Riverside leaves the geofence file: an orphan, kept until removals are asked for
          writeFileSync(join(s.rootDir, 'geofences', 'geofence.json'), JSON.stringify(FENCES.filter((f) => f.name !== 'Riverside')));
          const reload = await fetch(`${s.baseUrl}/api/geofence/reload`, { method: 'POST', headers: { 'x-service-secret': SECRET } });
          assert.equal(reload.status, 200);
          const kept = onlyRule((await api(s, '/autocreate/run', { rule: 'areas' })).json);
          assert.deepEqual(kept.Orphans, ['Riverside']);
          assert.deepEqual(kept.Removed, []);
          assert.match(kept.Note, /orphan/);
          const riverside = channelNamed(s, 'riverside-pokemon');
          const removal = onlyRule((await api(s, '/autocreate/run', { rule: 'areas', removals: true })).json);
          assert.deepEqual(removal.Removed, ['Riverside']);
          assert.equal(discord.state.channels.has(riverside.id), false, 'the orphan channel is deleted');
          assert.equal(guildChannels(s).some((c) => c.name === 'Riverside alerts'), false, 'and its empty category');
          assert.equal(await db.knex('humans').where({ id: riverside.id }).first(), undefined, 'and its registration');
          assert.equal((await db.knex('monsters').where({ id: riverside.id })).length, 0, 'and its rules');
          assert.ok(discord.state.channels.has(pokemon.id), 'Old Town stays');

          // errors: an unknown rule
          assert.equal((await api(s, '/autocreate/run', { rule: 'nope' })).status, 404);
          assert.equal((await api(s, '/autocreate/run', { rule: 'areas', dry_run: 'yes' })).status, 400);
        } finally {
          await s.stop();
        }
      },
      { migrate: true },
    );
  });
});
