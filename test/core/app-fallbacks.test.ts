/**
 * A plugin's bundled fallbacks wired into the app: the `fallbacks` folder of an alert plugin gives help topics
 * (rendered by `help` for a platform whose template platform is new to the core, named by its alias) and reply
 * translations; an operator's config/dts.json and config/locale/ override both.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { createApp } from '../../core/app.ts';
import type { Plugin } from '../../core/contract.ts';
import type { Dispatcher } from '../../core/delivery/dispatcher.ts';
import { GameData } from '../../core/gamedata/index.ts';
import { SIGHTING_TABLE } from '../fixtures/sighting-plugin.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import { captureLog } from '../helpers/log-capture.ts';
import { chatPlatform, createSightingTable, describedSightingPlugin, dm, texts } from './commands/support.ts';
import { appConfigFor } from '../helpers/app-config.ts';

function writeAll(root: string, files: Readonly<Record<string, unknown>>): void {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), JSON.stringify(content));
  }
}

const help = (id: string, platform: string, content: string) => ({ type: 'help', id, platform, language: '', template: { content } });

test('a plugin ships help topics and translations in its fallbacks folder; config/ overrides them', async (t) => {
  const rootDir = mkdtempSync(join(tmpdir(), 'lookout-app-fallbacks-'));
  t.after(() => rmSync(rootDir, { recursive: true, force: true }));
  writeAll(rootDir, {
    'showcase/fallbacks/dts.json': [help('sighting', 'mx', 'Sightings: {{prefix}}sighting <species>'), help('spotting', '', 'plugin spotting')],
    'showcase/fallbacks/locale/de.json': { 'species {species}': 'Art {species}' },
    'showcase/fallbacks/locale/fr.json': { 'species {species}': 'espèce {species}' },
    'config/dts.json': [help('spotting', 'matrix', 'operator spotting')],
    'config/locale/fr.json': { 'species {species}': 'espèce (opérateur) {species}' },
  });
  const plugin = { ...describedSightingPlugin(), fallbacks: join(rootDir, 'showcase/fallbacks') } as Plugin;

  await forEachDatabase(
    t,
    async (db) => {
      await createSightingTable(db.knex);
      const platform = chatPlatform({ templatePlatform: 'matrix', templatePlatformAliases: ['mx'], defaultTargetType: 'chat:user' });
      const dispatcher: Dispatcher = { dispatch: () => undefined, drain: async () => {} };
      const config = appConfigFor(db.options);
      const app = await createApp({ config, rootDir, log: captureLog('warn').log, plugins: [plugin, platform.plugin], gameData: GameData.empty(), dispatcher });
      try {
        const run = platform.handle();
        const [sighting] = await run(dm('!help sighting', 'visitor'));
        assert.deepEqual(sighting?.message, { platform: 'matrix', body: { content: 'Sightings: !sighting <species>' } });
        const [spotting] = await run(dm('!help spotting', 'visitor'));
        assert.deepEqual(spotting?.message?.body, { content: 'operator spotting' });

        await app.stores.humans.create({ id: 'de-user', type: 'chat:user', name: 'De', language: 'de' });
        await app.stores.humans.create({ id: 'fr-user', type: 'chat:user', name: 'Fr', language: 'fr' });
        await app.stores.rules.insert(SIGHTING_TABLE, [{ id: 'de-user', profile_no: 1, species: 25 }, { id: 'fr-user', profile_no: 1, species: 7 }]);
        await app.state.reload();
        assert.match(texts(await run(dm('!tracked', 'de-user'))), /Art 25/);
        assert.match(texts(await run(dm('!tracked', 'fr-user'))), /espèce \(opérateur\) 7/);
      } finally {
        await app.stop();
      }
    },
    { migrate: true },
  );
});
