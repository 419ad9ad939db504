/**
 * The template editor API end to end, on the running service with the real plugins and the bundled templates:
 * render a loaded entry and an unsaved one against a plugin's test webhook, a webhook sent along, a recent real
 * event and a ready view; template errors with member, line and column; the entries, variables, fields, test
 * data, recent events and emoji listings; enrich; sendtest through the fake Discord; a templateFile written with
 * a backup and reloaded.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { openTestDatabase } from '../helpers/databases.ts';
import { fixtureGameData, pokemonHook } from '../plugins/monster/support.ts';
import { DC } from './chat-world.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { until } from './wait.ts';

const SECRET = 'studio';

describe('template editor API', () => {
  test('render, listings, enrich, sendtest and templateFile', async (t) => {
    const db = await openTestDatabase('sqlite', { migrate: true });
    const s = await e2e(db, { gameData: await fixtureGameData(), chat: true, config: { processor: { host: '127.0.0.1', port: 0, api_secret: SECRET } } });
    mkdirSync(join(s.rootDir, 'config', 'dts'), { recursive: true });
    writeFileSync(join(s.rootDir, 'config', 'dts', 'mon.txt'), '{"content": "file {{name}}"}');
    writeFileSync(join(s.rootDir, 'config', 'dts.json'), JSON.stringify([{ type: 'monster', platform: 'discord', language: 'en', id: 'file', templateFile: 'mon.txt' }]));
    t.after(async () => {
      await s.stop();
      await db.cleanup();
    });
    await s.start();
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${s.baseUrl}/api${path}`, { method, headers: { 'x-service-secret': SECRET, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };

    // a loaded entry with the monster plugin's first test webhook
    const loaded = await call('POST', '/dts/render', { type: 'monster', platform: 'discord', language: 'en' });
    assert.equal(loaded.status, 200, JSON.stringify(loaded.body));
    assert.equal(loaded.body['alertType'], 'monster');
    assert.ok(JSON.stringify(loaded.body['message']).length > 20);

    // an unsaved template, with the variables answered
    const unsaved = await call('POST', '/dts/render', { type: 'monster', platform: 'discord', language: 'en', template: { embed: { title: 'Seen: {{name}} {{iv}}%' } }, includeView: true });
    assert.equal(unsaved.status, 200, JSON.stringify(unsaved.body));
    const view = unsaved.body['view'] as Record<string, unknown>;
    assert.equal(unsaved.body['message'].embed.title, `Seen: ${String(view['name'])} ${String(view['iv'])}%`);
    assert.ok(String(view['name']).length > 0);

    // a webhook sent along, in the editor's text form
    const inline = await call('POST', '/dts/render', { type: 'monster', platform: 'telegram', language: 'en', template: '{"content": "{{name}} at {{latitude}}"}', event: { type: 'pokemon', webhook: pokemonHook({ pokemon_id: 25, ...IN_OLD_TOWN }) } });
    assert.equal(inline.status, 200, JSON.stringify(inline.body));
    assert.equal(inline.body['message'].content, `Pikachu at ${IN_OLD_TOWN.latitude}`);

    // a broken template: the member, and the line and column in the editor's text
    const text = '{\n  "embed": {\n    "title": "ok",\n    "description": "a {{#if name}}b"\n  }\n}';
    const broken = await call('POST', '/dts/render', { type: 'monster', platform: 'discord', language: 'en', template: text });
    assert.equal(broken.status, 422);
    assert.equal(broken.body['status'], 'error');
    assert.equal(broken.body['path'], 'embed.description');
    assert.equal(broken.body['line'], 4);
    assert.ok(Number(broken.body['column']) > 20, JSON.stringify(broken.body));

    // a ready view (the previous generation's editor's shape); no template of a type, an unknown platform
    const withView = await call('POST', '/dts/render', { type: 'monster', platform: 'discord', language: 'en', id: 'file', view: { name: 'Mew' } });
    assert.deepEqual(withView.body['message'], { content: 'file Mew' });
    assert.equal((await call('POST', '/dts/render', { type: 'nothing', platform: 'discord', language: 'en', view: {} })).status, 404);
    assert.equal((await call('POST', '/dts/render', { type: 'monster', platform: 'carrier-pigeon', view: {} })).status, 400);
    assert.equal((await call('POST', '/dts/render', { platform: 'discord' })).status, 400);
    assert.equal((await call('POST', '/dts/render', { type: 'monster', test: { kind: 'monster', test: 'no-such-test' } })).status, 404);

    // recent events: a real webhook is kept and can be rendered by its id
    assert.equal((await s.post([{ type: 'pokemon', message: pokemonHook({ pokemon_id: 1, ...IN_OLD_TOWN }) }])).status, 200);
    let events: { id: string; type: string }[] = [];
    await until(async () => {
      events = (await call('GET', '/dts/recent')).body['events'] as { id: string; type: string }[];
      return events.length > 0;
    }, 'the webhook among the recent events');
    assert.equal(events[0]!.type, 'pokemon');
    const recent = await call('POST', '/dts/render', { type: 'monster', platform: 'discord', language: 'en', template: { content: '{{name}}' }, eventId: events[0]!.id });
    assert.deepEqual(recent.body['message'], { content: 'Bulbasaur' });

    // listings
    const templates = (await call('GET', '/dts/templates?type=monster&platform=discord&id=file')).body['templates'] as Record<string, unknown>[];
    assert.equal(templates.length, 1);
    assert.equal(templates[0]!['templateFile'], 'mon.txt');
    assert.equal(templates[0]!['templateFileContent'], '{"content": "file {{name}}"}', 'the file as written');
    assert.equal(templates[0]!['readonly'], false);
    const variables = (await call('GET', '/dts/variables?type=monster')).body['variables'] as string[];
    for (const name of ['name', 'iv', 'addr', 'googleMapUrl', 'tthm']) assert.ok(variables.includes(name), name);
    const fields = (await call('GET', '/dts/fields/monster')).body['fields'] as { name: string; type: string }[];
    assert.equal(fields.find((f) => f.name === 'iv')?.type, 'number');
    const testdata = (await call('GET', '/dts/testdata?type=pokemon')).body['testdata'] as { type: string }[];
    assert.ok(testdata.length > 0 && testdata.every((d) => d.type === 'pokemon'));
    const emoji = await call('GET', '/dts/emoji?platform=discord');
    assert.equal(typeof emoji.body['emoji'], 'object');

    // enrich: the variables of a webhook
    const enriched = await call('POST', '/dts/enrich', { type: 'pokemon', webhook: pokemonHook({ pokemon_id: 25, ...IN_OLD_TOWN }) });
    assert.equal(enriched.body['variables'].name, 'Pikachu');
    assert.equal((await call('POST', '/dts/enrich', { type: 'nonsense', webhook: {} })).status, 422);

    // sendtest: rendered with the given variables and delivered to the fake Discord user
    const sent = await call('POST', '/dts/sendtest', { template: { content: 'test {{who}}' }, variables: { who: 'studio' }, target: { id: DC.user, type: 'discord:user' }, platform: 'discord' });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    await until(async () => s.chat.discord.messagesIn(s.chat.dm(DC.user)).some((m) => m.content === 'test studio'), 'the test message in the DM');

    // a templateFile rewritten: backed up, written, reloaded
    const written = await call('PUT', '/dts/templates/file?type=monster&platform=discord&language=en&id=file', { content: '{"content": "new {{name}}"}' });
    assert.equal(written.status, 200, JSON.stringify(written.body));
    assert.equal(readFileSync(join(s.rootDir, 'config', 'dts', 'mon.txt'), 'utf8'), '{"content": "new {{name}}"}');
    assert.ok(existsSync(join(s.rootDir, 'config', 'backups')) && readdirSync(join(s.rootDir, 'config', 'backups'), { recursive: true }).length > 0);
    const after = await call('POST', '/dts/render', { type: 'monster', platform: 'discord', language: 'en', id: 'file', view: { name: 'Mew' } });
    assert.deepEqual(after.body['message'], { content: 'new Mew' });
    assert.equal((await call('PUT', '/dts/templates/file?type=monster&platform=discord&id=1', { content: 'x' })).status, 400, 'an inline entry has no file');

    // DELETE: taken out of the operator's file (backed up); a bundled template or a missing one: 404
    const deleted = await call('DELETE', '/dts/templates?type=monster&platform=discord&language=en&id=file');
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    assert.deepEqual(deleted.body['removedFrom'], ['config/dts.json']);
    assert.deepEqual(JSON.parse(readFileSync(join(s.rootDir, 'config', 'dts.json'), 'utf8')), []);
    assert.equal(((await call('GET', '/dts/templates?type=monster&id=file')).body['templates'] as unknown[]).length, 0);
    assert.equal((await call('DELETE', '/dts/templates?type=monster&platform=discord&language=en&id=file')).status, 404);
    assert.equal((await call('DELETE', '/dts/templates?type=monster')).status, 400);
  });
});
