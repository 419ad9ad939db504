/**
 * A plugin that owns its tables, through the whole app on both engines: the start runs its migrations (fresh
 * database, nothing pre-created), and what a human owns follows the registered tables — its rule table and its
 * table of per-human rows are emptied of a human's rows by DELETE /api/humans and by `unregister`, and of one
 * profile's rules by DELETE /api/profiles and `profile delete`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createApp, type App } from '../../core/app.ts';
import type { IncomingCommand } from '../../core/commands/types.ts';
import type { Plugin } from '../../core/contract.ts';
import { PLUGIN_LEDGER_TABLE } from '../../core/db/tables.ts';
import { GameData } from '../../core/gamedata/index.ts';
import { jsonRenderer, recordingPlatform } from '../fixtures/recording-platform.ts';
import { SIGHTING_TABLE } from '../fixtures/sighting-plugin.ts';
import { migratingSightingPlugin, SIGHTING_NOTES_TABLE } from '../fixtures/sighting-migrations.ts';
import { forEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { appConfigFor } from '../helpers/app-config.ts';
import { captureLog } from '../helpers/log-capture.ts';

async function startApp(db: TestDatabase): Promise<App> {
  const config = appConfigFor(db.options, { processor: { host: '127.0.0.1', port: 0, api_secret: 'top' } });
  const plugins = [migratingSightingPlugin() as unknown as Plugin, recordingPlatform().plugin];
  return createApp({ config, rootDir: mkdtempSync(join(tmpdir(), 'lookout-app-')), log: captureLog('debug').log, plugins, renderer: jsonRenderer, gameData: GameData.empty() });
}

/** A human with profiles 1 and 2, a sighting rule in each and a note. */
async function seed(app: App, id: string): Promise<void> {
  await app.stores.humans.create({ id, type: 'test:user', name: `User ${id}` });
  for (const profileNo of [1, 2]) await app.stores.profiles.create({ id, name: `p${profileNo}`, profileNo });
  await app.stores.rules.insert(SIGHTING_TABLE, [1, 2].map((profileNo) => ({ id, profile_no: profileNo, species: 25 })));
  await app.db(SIGHTING_NOTES_TABLE).insert({ id, note: 'likes pikachu' });
}

function dm(text: string, sender: string): IncomingCommand {
  return {
    platform: 'recorder',
    text,
    sender: { id: sender, name: sender, humanType: 'test:user', isAdmin: false },
    place: { kind: 'dm', id: sender, name: 'dm', humanType: 'test:user', isRegistrationChannel: false },
    prefixes: ['!'],
  };
}

async function rowsOf(app: App, id: string): Promise<string[]> {
  const rules = (await app.db(SIGHTING_TABLE).where({ id }).orderBy('profile_no').pluck('profile_no')) as number[];
  const notes = (await app.db(SIGHTING_NOTES_TABLE).where({ id }).pluck('note')) as string[];
  return [...rules.map((p) => `rule ${p}`), ...notes.map((n) => `note ${n}`)];
}

test("a plugin's tables are created by its migrations at start and a human's rows in them go with the human or the profile", async (t) => {
  await forEachDatabase(t, async (db) => {
    const app = await startApp(db);
    try {
      assert.deepEqual(await app.db(PLUGIN_LEDGER_TABLE).orderBy('version').pluck('version'), [1, 2]);
      for (const id of ['api', 'cmd', 'other']) await seed(app, id);
      const call = (method: 'DELETE', url: string) => app.http.inject({ method, url, headers: { 'x-poracle-secret': 'top' } });

      assert.equal((await call('DELETE', '/api/profiles/api/2')).statusCode, 200);
      assert.deepEqual(await rowsOf(app, 'api'), ['rule 1', 'note likes pikachu'], 'profile deletion (API) takes its rules');
      assert.equal((await call('DELETE', '/api/humans/api')).statusCode, 200);
      assert.deepEqual(await rowsOf(app, 'api'), [], 'DELETE /api/humans takes everything');

      assert.match((await app.handleCommand(dm('!profile delete 2', 'cmd'))).map((r) => r.text).join('\n'), /its 1 rules/);
      assert.deepEqual(await rowsOf(app, 'cmd'), ['rule 1', 'note likes pikachu'], 'profile delete (command) takes its rules');
      await app.handleCommand(dm('!unregister', 'cmd'));
      assert.equal(await app.stores.humans.get('cmd'), null);
      assert.deepEqual(await rowsOf(app, 'cmd'), [], 'unregister takes everything');

      assert.deepEqual(await rowsOf(app, 'other'), ['rule 1', 'rule 2', 'note likes pikachu'], "another human's rows stay");
    } finally {
      await app.stop();
    }
  });
});
