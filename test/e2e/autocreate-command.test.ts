/**
 * Auto-create's other paths end to end on SQLite, through the real discord.js client against the fake guild: the
 * `autocreate <template>` command and its error answers, a picker over more than 25 threads that shrinks on a
 * re-run, the per-rule lock (`busy`), the removal safety threshold and `force`, and the channel template API.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { fixtureGameData } from '../plugins/monster/support.ts';
import { DC } from './chat-world.ts';
import { e2e, type E2E } from './harness.ts';
import { until } from './wait.ts';

const SECRET = 'autocreate-secret';

/** Twelve square fences along a line, `Area 01` … `Area 12`. */
const TWELVE = Array.from({ length: 12 }, (_, i) => {
  const lon = 11 + i * 0.01;
  return { name: `Area ${String(i + 1).padStart(2, '0')}`, id: 100 + i, path: [[48, lon], [48.005, lon], [48.005, lon + 0.005], [48, lon + 0.005]] };
});

const threadsTemplate = (count: number) => ({
  name: 'stress',
  definition: {
    channels: [
      {
        channelName: 'stress-{0}',
        controlType: 'bot',
        threadPicker: { embedTitle: 'Stress ({0})', embedDescription: 'Pick one', pinned: false },
        threads: Array.from({ length: count }, (_, i) => ({ name: `{0}-t${i + 1}`, buttonLabel: `T${i + 1}` })),
      },
    ],
  },
});

const TEMPLATES = [
  {
    name: 'area',
    definition: {
      channels: [
        {
          channelName: '{0}-alerts',
          controlType: 'bot',
          commands: ['area add {0}'],
          threads: [{ name: '{0} hundos', commands: ['track everything iv100'] }],
        },
      ],
    },
  },
  { name: 'plain', definition: { channels: [{ channelName: 'zone-{0}' }] } },
  threadsTemplate(30),
];

async function call(s: E2E, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${s.baseUrl}/api${path}`, {
    method,
    headers: { 'x-service-secret': SECRET, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/**
 * An admin types a command in the alerts channel; resolves with the reaction on that very message. (The previous
 * command's long reply may still be arriving in several messages, so the first post after typing proves nothing.)
 */
async function adminReaction(s: E2E, content: string): Promise<string> {
  const typed = s.chat.discord.userSays({ channelId: DC.alerts, authorId: DC.admin, content });
  const prefix = `/channels/${DC.alerts}/messages/${typed.id}/reactions/`;
  const reaction = await until(() => s.chat.discord.requests.find((r) => r.method === 'PUT' && r.path.startsWith(prefix)), `the reaction to ${content}`);
  return reaction.path.slice(prefix.length).split('/')[0]!;
}

function channelNamed(s: E2E, name: string) {
  return [...s.chat.discord.state.channels.values()].find((c) => c.guildId === DC.guild && c.name === name);
}

describe('auto-create command, picker, lock, safety and template API', () => {
  let db: TestDatabase;
  let s: E2E;
  const templateFile = (): string => join(s.rootDir, 'config', 'channelTemplate.json');

  before(async () => {
    db = await openTestDatabase('sqlite', { migrate: true });
    s = await e2e(db, {
      gameData: await fixtureGameData(),
      chat: true,
      config: {
        processor: { host: '127.0.0.1', port: 0, api_secret: SECRET },
        autocreate: { removal_safety_max_percent: 20, rules: [{ name: 'zones', guild: DC.guild, template: 'plain', params: ['{{id}}'], remove_missing: true }] },
      },
    });
    writeFileSync(join(s.rootDir, 'geofences', 'geofence.json'), JSON.stringify(TWELVE));
    await s.start();
  });

  after(async () => {
    await s.stop();
    await db.cleanup();
  });

  test('the command answers clearly when it cannot run', async () => {
    assert.match((await s.chat.discordSays(DC.alerts, DC.admin, '!autocreate area x')).text, /No channel templates are defined/);
    mkdirSync(join(s.rootDir, 'config'), { recursive: true });
    writeFileSync(templateFile(), JSON.stringify(TEMPLATES));
    assert.match((await s.chat.discordSays(s.chat.dm(DC.admin), DC.admin, '!autocreate area x')).text, /No guild has been set/);
    assert.match((await s.chat.discordSays(DC.alerts, DC.admin, '!autocreate Area x')).text, /can't find the channel template "Area".*case-sensitive/);
    const user = await s.chat.discordSays(DC.alerts, DC.user, '!autocreate area x');
    assert.equal(user.reaction, '🙅');
    assert.equal(channelNamed(s, 'x-alerts'), undefined);
  });

  test('autocreate <template> builds one set, echoing every command; a re-run from a DM reuses it and runs them again', async () => {
    await s.chat.discordSays(DC.alerts, DC.admin, '!autocreate area "Area 01"');
    const posts = () => s.chat.discordPosts(DC.alerts).map((m) => m.content).join('\n');
    await until(() => posts().includes('[Area_01 hundos]'), 'the thread echo');
    assert.match(posts(), />>> !area add "Area 01"\n/);
    assert.doesNotMatch(posts(), /Unknown areas/);
    assert.match(posts(), />>> \[Area_01 hundos\] !track everything iv100\n/);
    const channel = channelNamed(s, 'area_01-alerts');
    assert.ok(channel);
    const human = await db.knex('humans').where({ id: channel.id }).first();
    assert.equal(human?.type, 'discord:channel');
    assert.deepEqual(JSON.parse(human.area as string), ['area 01']);
    const thread = [...s.chat.discord.state.channels.values()].find((c) => c.parentId === channel.id);
    assert.ok(thread);
    assert.equal((await db.knex('monsters').where({ id: thread.id })).length, 1);

    const channelsBefore = s.chat.discord.state.channels.size;
    await s.chat.discordSays(s.chat.dm(DC.admin), DC.admin, `!autocreate area "Area 01" guild<${DC.guild}>`);
    const dmPosts = () => s.chat.discordPosts(s.chat.dm(DC.admin)).map((m) => m.content).join('\n');
    await until(() => dmPosts().includes('[Area_01 hundos]'), 'the commands echoed again in the DM');
    assert.match(dmPosts(), /channel area_01-alerts reused/);
    assert.match(dmPosts(), />>> !area add "Area 01"\n/, 'reset: the channel commands ran again');
    assert.equal(s.chat.discord.state.channels.size, channelsBefore, 'nothing duplicated');
    assert.equal((await db.knex('monsters').where({ id: thread.id })).length, 1, 'the same rule, not a second one');
  });

  test('a picker over 30 threads is two messages (25 + 5 buttons, the embed on the first); 3 threads edit the first and delete the second', async () => {
    await s.chat.discordSays(DC.alerts, DC.admin, '!autocreate stress big');
    const master = await until(() => channelNamed(s, 'stress-big'), 'the master channel');
    const pickers = () => s.chat.discord.messagesIn(master.id).filter((m) => m.author.bot && m.components.length > 0);
    await until(() => pickers().length === 2, 'two picker messages');
    const [one, two] = pickers();
    const buttons = (m: { components: unknown[] }) => (m.components as { components: unknown[] }[]).map((row) => row.components.length);
    assert.deepEqual(buttons(one!), [5, 5, 5, 5, 5]);
    assert.deepEqual(buttons(two!), [5]);
    assert.equal(one!.embeds.length, 1);
    assert.equal(two!.embeds.length, 0);
    const threads = [...s.chat.discord.state.channels.values()].filter((c) => c.parentId === master.id);
    assert.equal(threads.length, 30);

    const templates = JSON.parse(readFileSync(templateFile(), 'utf8')) as unknown[];
    writeFileSync(templateFile(), JSON.stringify([...templates.slice(0, 2), threadsTemplate(3)]));
    await s.chat.discordSays(DC.alerts, DC.admin, '!autocreate stress big');
    await until(() => pickers().length === 1, 'the stale picker message deleted');
    assert.equal(pickers()[0]!.id, one!.id, 'the first message was edited in place');
    assert.deepEqual(buttons(pickers()[0]!), [3]);
    const cache = JSON.parse(readFileSync(join(s.rootDir, 'config', '.cache', 'autocreate-threads.json'), 'utf8')) as { parents: Record<string, { threads: unknown[] }> };
    assert.equal(cache.parents[master.id]!.threads.length, 30, 'threads dropped from the template stay cached (kept alive, removed with the channel)');
    assert.match(s.chat.discordPosts(DC.alerts).map((m) => m.content).join('\n'), /27 thread\(s\) no longer in the template kept/);
  });

  test('a stale picker message that cannot be deleted is logged and does not stop the run', async () => {
    const templates = JSON.parse(readFileSync(templateFile(), 'utf8')) as unknown[];
    writeFileSync(templateFile(), JSON.stringify([...templates.slice(0, 2), threadsTemplate(30)]));
    await s.chat.discordSays(DC.alerts, DC.admin, '!autocreate stress keep');
    const master = await until(() => channelNamed(s, 'stress-keep'), 'the master channel');
    const pickers = () => s.chat.discord.messagesIn(master.id).filter((m) => m.author.bot && m.components.length > 0);
    await until(() => pickers().length === 2, 'two picker messages');
    writeFileSync(templateFile(), JSON.stringify([...templates.slice(0, 2), threadsTemplate(3)]));
    s.chat.discord.failNext(`DELETE /channels/${master.id}/messages/${pickers()[1]!.id}`, { status: 403, code: 50013, message: 'Missing Permissions' });
    assert.equal(await adminReaction(s, '!autocreate stress keep'), '✅', 'the run went on');
    assert.equal(pickers().length, 2, 'the message that could not be deleted stays');
    assert.deepEqual(pickers()[0]!.components.map((row) => (row as { components: unknown[] }).components.length), [3], 'the first was still edited');
  });

  test('a picker that cannot be posted is reported; the threads are still created and registered', async () => {
    const pickerPost = (r: { method: string; path: string }) => r.method === 'POST' && /^\/channels\/\d+\/messages$/.test(r.path) && r.path !== `/channels/${DC.alerts}/messages`;
    s.chat.discord.failNext(pickerPost, { status: 403, code: 50013, message: 'Missing Permissions' });
    const reaction = await adminReaction(s, '!autocreate stress nopicker');
    const master = await until(() => channelNamed(s, 'stress-nopicker'), 'the master channel');
    const threads = [...s.chat.discord.state.channels.values()].filter((c) => c.parentId === master.id);
    assert.equal(threads.length, 3);
    for (const thread of threads) assert.equal((await db.knex('humans').where({ id: thread.id }).first())?.type, 'discord:thread');
    assert.deepEqual(s.chat.discord.messagesIn(master.id).filter((m) => m.components.length > 0), []);
    assert.equal(reaction, '🙅');
    await until(() => /thread picker in stress-nopicker: .*Missing Permissions/.test(s.chat.discordPosts(DC.alerts).map((m) => m.content).join('\n')), 'the reported picker failure');
  });

  test('a second trigger of a running rule answers busy', async () => {
    s.chat.discord.failNext(`GET /guilds/${DC.guild}/channels`, { status: 429, retryAfterSeconds: 1 });
    const [a, b] = await Promise.all([
      call(s, 'POST', '/autocreate/run', { rule: 'zones' }),
      new Promise((resolve) => setTimeout(resolve, 200)).then(() => call(s, 'POST', '/autocreate/run', { rule: 'zones' })),
    ]);
    const statuses = [a, b].map((r) => (r.json.rules as { Status: string; Note: string }[])[0]!);
    assert.deepEqual(statuses.map((r) => r.Status).sort(), ['busy', 'ok']);
    assert.match(statuses.find((r) => r.Status === 'busy')!.Note, /already running/);
    assert.ok(channelNamed(s, 'zone-100') && channelNamed(s, 'zone-111'), 'twelve channels');
  });

  test('removing more than removal_safety_max_percent of 12 cached fences is blocked until force', async () => {
    writeFileSync(join(s.rootDir, 'geofences', 'geofence.json'), JSON.stringify(TWELVE.slice(3)));
    assert.equal((await fetch(`${s.baseUrl}/api/geofence/reload`, { method: 'POST', headers: { 'x-service-secret': SECRET } })).status, 200);
    const blocked = (await call(s, 'POST', '/autocreate/run', { rule: 'zones', removals: true })).json.rules as { Status: string; Note: string; Removed: string[]; Orphans: string[] }[];
    assert.equal(blocked[0]!.Status, 'safety_blocked');
    assert.match(blocked[0]!.Note, /3 of 12.*25\.0%.*force/);
    assert.deepEqual(blocked[0]!.Removed, []);
    assert.ok(channelNamed(s, 'zone-100'), 'nothing removed');
    const dry = (await call(s, 'POST', '/autocreate/run', { rule: 'zones', removals: true, dry_run: true })).json.rules as { Status: string; Removed: string[] }[];
    assert.equal(dry[0]!.Status, 'ok', 'the threshold is not enforced on a dry run');
    assert.equal(dry[0]!.Removed.length, 3);
    assert.ok(channelNamed(s, 'zone-100'), 'and a dry run removes nothing');
    const forced = (await call(s, 'POST', '/autocreate/run', { rule: 'zones', removals: true, force: true })).json.rules as { Status: string; Removed: string[] }[];
    assert.equal(forced[0]!.Status, 'ok');
    assert.deepEqual(forced[0]!.Removed, ['Area 01', 'Area 02', 'Area 03']);
    assert.equal(channelNamed(s, 'zone-100'), undefined);
    assert.ok(channelNamed(s, 'zone-103'));
  });

  test('the channel template API lists, validates, saves with a backup and deletes', async () => {
    const listed = await call(s, 'GET', '/autocreate/templates');
    assert.equal(listed.status, 200);
    assert.deepEqual((listed.json.templates as { name: string }[]).map((t) => t.name), ['area', 'plain', 'stress']);

    const broken = [{ name: 'bad name', definition: { channels: [{ channelName: 'x', channelType: 'stage', threads: [{ name: 't', buttonStyle: 'pink' }] }] } }];
    const invalid = await call(s, 'POST', '/autocreate/templates/validate', { templates: broken });
    assert.equal(invalid.status, 400);
    const paths = (invalid.json.errors as { path: string }[]).map((e) => e.path);
    assert.ok(paths.includes('[0].name'));
    assert.ok(paths.includes('[0].definition.channels[0].channelType'));
    assert.ok(paths.includes('[0].definition.channels[0].threads[0].buttonStyle'));
    assert.equal((await call(s, 'POST', '/autocreate/templates', { templates: broken })).status, 400, 'an invalid file is not saved');
    assert.equal((await call(s, 'POST', '/autocreate/templates/validate', { templates: TEMPLATES })).status, 200);
    assert.equal((await call(s, 'POST', '/autocreate/templates', { nope: 1 })).status, 400);

    const saved = await call(s, 'POST', '/autocreate/templates', { templates: TEMPLATES.slice(0, 2) });
    assert.equal(saved.status, 200);
    assert.ok(typeof saved.json.backup === 'string' && existsSync(join(s.rootDir, saved.json.backup)), 'the previous file was backed up');
    assert.ok(readdirSync(join(s.rootDir, 'config', 'backups', 'config')).some((f) => f.startsWith('channelTemplate.json.bak.')));
    assert.equal((await call(s, 'DELETE', '/autocreate/templates/plain')).status, 200);
    assert.deepEqual((JSON.parse(readFileSync(templateFile(), 'utf8')) as { name: string }[]).map((t) => t.name), ['area']);
    assert.equal((await call(s, 'DELETE', '/autocreate/templates/plain')).status, 404);
  });
});
