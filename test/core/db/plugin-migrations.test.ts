/**
 * Plugins' own migrations on both engines: applied after the core's on a fresh database and recorded in
 * plugin_migrations, nothing on the next start, only a new version after an upgrade, a failure stopping the start
 * (plugin and version named, nothing recorded, its row changes undone), a ledger ahead of the plugin refused,
 * malformed lists refused, and no ledger at all while no plugin declares migrations.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Knex } from 'knex';
import { prepareDatabase } from '../../../core/db/migrate.ts';
import { createInitialTables } from '../../../core/db/migrations/001-initial-schema.ts';
import { LATEST_VERSION, MIGRATIONS } from '../../../core/db/migrations/index.ts';
import { PluginMigrationError, type PluginMigrationProblem } from '../../../core/db/plugin-migrations/error.ts';
import type { PluginMigrationSource } from '../../../core/db/plugin-migrations/types.ts';
import { readVersion } from '../../../core/db/schema-version.ts';
import { PLUGIN_LEDGER_TABLE } from '../../../core/db/tables.ts';
import { SIGHTING_TABLE } from '../../fixtures/sighting-plugin.ts';
import { ADD_SHINY, failingMigration, SIGHTING_MIGRATIONS, SIGHTING_NOTES_TABLE } from '../../fixtures/sighting-migrations.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { captureDbLog } from './support.ts';

const sighting = (migrations = SIGHTING_MIGRATIONS): PluginMigrationSource => ({ name: 'sighting', migrations });

function start(knex: Knex, plugins: readonly PluginMigrationSource[]) {
  return prepareDatabase(knex, captureDbLog(), MIGRATIONS, plugins);
}

async function ledger(knex: Knex): Promise<string[]> {
  const rows = (await knex(PLUGIN_LEDGER_TABLE).select('plugin', 'version', 'name').orderBy(['plugin', 'version'])) as { plugin: string; version: number; name: string }[];
  return rows.map((r) => `${r.plugin} ${r.version} ${r.name}`);
}

function rejectsWith(problem: PluginMigrationProblem, plugin: string, version: number, pattern: RegExp) {
  return (err: unknown): boolean => {
    assert.ok(err instanceof PluginMigrationError, String(err));
    assert.deepEqual([err.problem, err.plugin, err.version], [problem, plugin, version]);
    assert.match(err.message, pattern);
    return true;
  };
}

it("applies a plugin's two migrations after the core's on a fresh database, and nothing on the next start", async (t) => {
  await forEachDatabase(t, async (db) => {
    const log = captureDbLog();
    const result = await prepareDatabase(db.knex, log, MIGRATIONS, [{ name: 'bare' }, sighting()]);
    assert.deepEqual(result.applied, MIGRATIONS.map((m) => m.version));
    assert.deepEqual(result.pluginMigrations, [
      { plugin: 'sighting', version: 1, name: 'create_test_sightings' },
      { plugin: 'sighting', version: 2, name: 'add_colour_and_notes' },
    ]);
    assert.ok(await db.knex.schema.hasColumn(SIGHTING_TABLE, 'colour'));
    assert.ok(await db.knex.schema.hasTable(SIGHTING_NOTES_TABLE));
    assert.deepEqual(await ledger(db.knex), ['sighting 1 create_test_sightings', 'sighting 2 add_colour_and_notes']);
    const appliedAt = (await db.knex(PLUGIN_LEDGER_TABLE).first('applied_at')) as { applied_at: unknown };
    assert.ok(!Number.isNaN(new Date(String(appliedAt.applied_at)).getTime()), 'applied_at is a time');
    assert.deepEqual(log.entries.filter((e) => e.msg === 'applying plugin migration').map((e) => e.obj), [
      { plugin: 'sighting', version: 1, name: 'create_test_sightings' },
      { plugin: 'sighting', version: 2, name: 'add_colour_and_notes' },
    ]);
    assert.deepEqual(log.warnings(), []);
    assert.deepEqual(await readVersion(db.knex), { version: LATEST_VERSION, dirty: false }, 'the core version is untouched');

    const again = await start(db.knex, [sighting()]);
    assert.deepEqual([again.applied, again.pluginMigrations], [[], []]);
    assert.equal((await ledger(db.knex)).length, 2);
  });
});

it("adopts a previous generation's database as before, then adds the plugin's tables", async (t) => {
  await forEachDatabase(t, async (db) => {
    await createInitialTables(db.knex, db.engine);
    await db.knex('humans').insert({ id: 'h1', type: 'discord:user', name: 'Ash', area: '[]', community_membership: '[]' });
    const result = await start(db.knex, [sighting()]);
    assert.equal(result.adoption, 'adopted');
    assert.deepEqual(result.applied, MIGRATIONS.filter((m) => m.version > 1).map((m) => m.version));
    assert.deepEqual(result.pluginMigrations.map((m) => m.version), [1, 2]);
    assert.deepEqual(await readVersion(db.knex), { version: LATEST_VERSION, dirty: false });
    assert.equal((await db.knex('humans').pluck('id')).length, 1);
  });
});

it('runs only the migration a later release of the plugin adds', async (t) => {
  await forEachDatabase(t, async (db) => {
    await start(db.knex, [sighting()]);
    await db.knex(SIGHTING_TABLE).insert({ id: 'h1', species: 25 });
    const result = await start(db.knex, [sighting([...SIGHTING_MIGRATIONS, ADD_SHINY])]);
    assert.deepEqual(result.pluginMigrations, [{ plugin: 'sighting', version: 3, name: 'add_shiny' }]);
    assert.ok(await db.knex.schema.hasColumn(SIGHTING_TABLE, 'shiny'));
    assert.equal((await db.knex(SIGHTING_TABLE).select('id')).length, 1, 'its rows are kept');
    assert.deepEqual(await ledger(db.knex), ['sighting 1 create_test_sightings', 'sighting 2 add_colour_and_notes', 'sighting 3 add_shiny']);
  });
});

it('stops the start at a failing migration, naming plugin and version; it is not recorded, its changes are undone, later ones do not run', async (t) => {
  await forEachDatabase(t, async (db) => {
    await start(db.knex, [sighting()]);
    await db.knex(SIGHTING_TABLE).insert({ id: 'h1', species: 25 });
    const broken = sighting([...SIGHTING_MIGRATIONS, failingMigration(3), { ...ADD_SHINY, version: 4 }]);
    await assert.rejects(start(db.knex, [broken]), rejectsWith('failed', 'sighting', 3, /plugin "sighting" migration 3 \(fails_on_purpose\) failed: boom\. It is not recorded in plugin_migrations/));
    assert.equal((await ledger(db.knex)).length, 2);
    assert.deepEqual(await db.knex(SIGHTING_TABLE).pluck('colour'), [null], 'its row changes are rolled back');
    assert.equal(await db.knex.schema.hasColumn(SIGHTING_TABLE, 'shiny'), false, 'version 4 did not run');
    const fixed = await start(db.knex, [sighting([...SIGHTING_MIGRATIONS, { ...ADD_SHINY, version: 3 }])]);
    assert.deepEqual(fixed.pluginMigrations.map((m) => m.version), [3]);
  });
});

it('refuses a database whose ledger is ahead of the plugin (a downgrade), before running anything', async (t) => {
  await forEachDatabase(t, async (db) => {
    await start(db.knex, [sighting([...SIGHTING_MIGRATIONS, ADD_SHINY])]);
    const other: PluginMigrationSource = { name: 'other', migrations: [{ version: 1, name: 'never', up: () => Promise.reject(new Error('must not run')) }] };
    await assert.rejects(
      start(db.knex, [other, sighting()]),
      rejectsWith('ahead', 'sighting', 3, /database records its migration 3 \(add_shiny\), which this version of the plugin does not declare \(it declares 1–2\).*DELETE FROM plugin_migrations WHERE plugin='sighting' AND version>2/s),
    );
    await assert.rejects(start(db.knex, [{ name: 'sighting' }]), rejectsWith('ahead', 'sighting', 1, /it declares none/));
    assert.equal((await ledger(db.knex)).length, 3);
  });
});

it('leaves the ledger rows of a plugin that is not loaded alone, with a warning', async (t) => {
  await forEachDatabase(t, async (db) => {
    await start(db.knex, [sighting()]);
    const log = captureDbLog();
    const result = await prepareDatabase(db.knex, log, MIGRATIONS, [{ name: 'other' }]);
    assert.deepEqual(result.pluginMigrations, []);
    assert.deepEqual(log.warnings(), ['the database records migrations of a plugin that is not loaded; its tables are left as they are']);
    assert.ok(await db.knex.schema.hasTable(SIGHTING_TABLE));
  });
});

it('refuses a migration list not numbered 1, 2, 3… in order', async (t) => {
  await forEachDatabase(t, async (db) => {
    const [first, second] = SIGHTING_MIGRATIONS;
    await assert.rejects(start(db.knex, [sighting([second!, first!])]), rejectsWith('invalid', 'sighting', 0, /numbered 1, 2, 3… in order .*; entry 1 has version 2/));
    await assert.rejects(start(db.knex, [sighting([first!, { ...ADD_SHINY }])]), rejectsWith('invalid', 'sighting', 0, /entry 2 has version 3/));
    await assert.rejects(start(db.knex, [sighting([{ ...first!, name: '' }])]), rejectsWith('invalid', 'sighting', 0, /version 1 is not/));
    await assert.rejects(start(db.knex, [sighting([{ ...first!, name: 'n'.repeat(129) }])]), rejectsWith('invalid', 'sighting', 0, /1–128 characters.*version 1 is not/));
    const long = 'p'.repeat(65);
    await assert.rejects(start(db.knex, [{ name: long, migrations: [first!] }]), rejectsWith('invalid', long, 0, /a plugin name of at most 64 characters/));
    assert.equal(await db.knex.schema.hasTable(SIGHTING_TABLE), false);
  });
});

it('creates no ledger while no plugin declares migrations (a database of the previous generation stays as it was)', async (t) => {
  await forEachDatabase(t, async (db) => {
    const result = await start(db.knex, [{ name: 'bare', migrations: [] }]);
    assert.deepEqual(result.pluginMigrations, []);
    assert.equal(await db.knex.schema.hasTable(PLUGIN_LEDGER_TABLE), false);
  });
});
