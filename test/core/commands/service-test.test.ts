/**
 * service-test: the test catalog (plugin samples plus config/testdata.json), the webhook preparation (location,
 * times, fresh id) and the command injecting the sample for its target only.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, test } from 'node:test';
import { buildTestCatalog, readOperatorTestData } from '../../../core/commands/test-data.ts';
import { prepareTestWebhook, TEST_ALERT_LIFETIME_MS } from '../../../core/commands/test-webhook.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { commandWorld, dm, reactions, registered, texts, type World } from './support.ts';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('prepareTestWebhook', () => {
  const sample = {
    test: 'x',
    type: 'pokemon',
    webhook: { encounter_id: '1', latitude: 1, longitude: 2, disappear_time: 0, end: 5, expiration: null, updated_timestamp: 1_600_000_000_000, first_seen: 3, disappear_time_verified: true, nested: { end: 1 } },
  };

  test('moves the event, sets every time field to now + 15 minutes and gives a fresh encounter id', () => {
    const hook = prepareTestWebhook(sample, { latitude: 48, longitude: 11 }, NOW, '42');
    const at = Math.floor((NOW + TEST_ALERT_LIFETIME_MS) / 1000);
    assert.equal(hook.latitude, 48);
    assert.equal(hook.longitude, 11);
    assert.equal(hook.disappear_time, at);
    assert.equal(hook.end, at);
    assert.equal(hook.expiration, at);
    assert.equal(hook.updated_timestamp, NOW + TEST_ALERT_LIFETIME_MS);
    assert.equal(hook.first_seen, 3);
    assert.equal(hook.disappear_time_verified, true);
    assert.deepEqual(hook.nested, { end: 1 });
    assert.equal(hook.encounter_id, '42');
    assert.equal(sample.webhook.disappear_time, 0, 'the sample itself is untouched');
  });

  test('location "keep" or a target without a location keeps the position', () => {
    assert.equal(prepareTestWebhook({ ...sample, location: 'keep' }, { latitude: 48, longitude: 11 }, NOW, '1').latitude, 1);
    assert.equal(prepareTestWebhook(sample, null, NOW, '1').latitude, 1);
  });
});

describe('test catalog', () => {
  test('plugin samples by kind; operator entries join the kind of the plugin owning their type and replace same-named samples', () => {
    const catalog = buildTestCatalog(
      [{ kind: 'creature', webhooks: [{ test: 'hundo', type: 'pokemon', webhook: { a: 1 } }, { test: 'nundo', type: 'pokemon', webhook: { a: 0 } }] }],
      [
        { test: 'hundo', type: 'pokemon', webhook: { a: 2 } },
        { test: 'boss', type: 'raid', webhook: { b: 1 } },
        { test: 'odd', type: 'unknown', webhook: {} },
      ],
      (type) => ({ pokemon: 'creature', raid: 'raid' })[type] ?? null,
    );
    assert.deepEqual([...catalog.keys()], ['creature', 'raid']);
    assert.deepEqual(catalog.get('creature')!.map((h) => [h.test, h.webhook.a]), [['hundo', 2], ['nundo', 0]]);
  });

  test('config/testdata.json is read, else fallbacks/testdata.json; bad entries are reported', async (t) => {
    const root = mkdtempSync(join(tmpdir(), 'lookout-testdata-'));
    t.after(() => rmSync(root, { recursive: true, force: true }));
    assert.deepEqual(await readOperatorTestData(root), { entries: [], file: null, problems: [] });
    mkdirSync(join(root, 'fallbacks'));
    writeFileSync(join(root, 'fallbacks/testdata.json'), JSON.stringify([{ test: 'f', type: 'pokemon', webhook: {} }]));
    assert.equal((await readOperatorTestData(root)).entries[0]!.test, 'f');
    mkdirSync(join(root, 'config'));
    writeFileSync(join(root, 'config/testdata.json'), JSON.stringify([{ test: 'c', type: 'pokemon', location: 'keep', webhook: {} }, { test: 'broken' }]));
    const read = await readOperatorTestData(root);
    assert.deepEqual(read.entries.map((e) => e.test), ['c']);
    assert.equal(read.problems.length, 1);
    writeFileSync(join(root, 'config/testdata.json'), '{');
    assert.equal((await readOperatorTestData(root)).problems.length, 1);
  });
});

await forEachDatabase(
  'service-test command',
  (db) => {
    let world: World;
    it('sets up', async () => {
      world = await commandWorld(db.knex);
      await registered(world.stores, 'adm', { latitude: 48.5, longitude: 11.25 });
      await registered(world.stores, 'user');
    });

    it('is for admins only', async () => {
      assert.deepEqual(reactions(await world.handle(dm('!service-test sighting', 'user'))), ['🙅']);
      assert.equal(world.injected.length, 0);
    });

    it('without a kind lists the samples', async () => {
      assert.match(texts(await world.handle(dm('!service-test', 'adm', { admin: true }))), /sighting \(first, kept\)/);
    });

    it('sends the first sample of a kind to the target only, moved to its location', async () => {
      const replies = await world.handle(dm('!service-test sighting', 'adm', { admin: true }));
      assert.deepEqual(reactions(replies), ['✅']);
      const [item] = world.injected;
      assert.equal(item!.type, 'sighting');
      assert.equal(item!.onlyTo, 'adm');
      assert.match(item!.meta.eventId, /^test-/);
      const message = item!.message as Record<string, unknown>;
      assert.equal(message.latitude, 48.5);
      assert.ok(Number(message.disappear_time) > Date.now() / 1000);
    });

    it('a named sample, an unknown kind, an unknown name', async () => {
      await world.handle(dm('!service-test sighting kept', 'adm', { admin: true }));
      assert.equal((world.injected[1]!.message as Record<string, unknown>).latitude, 5);
      assert.match(texts(await world.handle(dm('!service-test dragon', 'adm', { admin: true }))), /Unknown test kind "dragon". Available: sighting/);
      assert.match(texts(await world.handle(dm('!service-test sighting nope', 'adm', { admin: true }))), /no test "nope"/);
      assert.equal(world.injected.length, 2);
    });

    it('an admin sends it to someone else', async () => {
      await world.handle(dm('!service-test sighting user:user', 'adm', { admin: true }));
      assert.equal(world.injected.at(-1)!.onlyTo, 'user');
    });

    it('poracle-test, the previous generation\'s name, is the same command', async () => {
      const before = world.injected.length;
      assert.deepEqual(reactions(await world.handle(dm('!poracle-test sighting kept', 'adm', { admin: true }))), ['✅']);
      assert.equal(world.injected.length, before + 1);
      assert.equal((world.injected.at(-1)!.message as Record<string, unknown>).latitude, 5);
      assert.deepEqual(reactions(await world.handle(dm('!poracle-test sighting', 'user'))), ['🙅'], 'still for admins only');
    });
  },
  { migrate: true },
);
