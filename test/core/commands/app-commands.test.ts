/**
 * The command framework wired into the app: a platform plugin's start() receives a working handleCommand
 * (registration, tracked), and service-test runs a sample through the real pipeline to its target only — with
 * the target's own rule when one matches, else with a made-up match.
 */
import assert from 'node:assert/strict';
import { appConfigFor } from '../../helpers/app-config.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createApp } from '../../../core/app.ts';
import type { DeliveryJob } from '../../../core/contract.ts';
import type { Dispatcher } from '../../../core/delivery/dispatcher.ts';
import { GameData } from '../../../core/gamedata/index.ts';
import { jsonRenderer } from '../../fixtures/recording-platform.ts';
import { SIGHTING_TABLE } from '../../fixtures/sighting-plugin.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { chatPlatform, createSightingTable, describedSightingPlugin, dm, reactions, texts } from './support.ts';

test('a platform plugin gets a working handleCommand; service-test reaches only its target', async (t) => {
  await forEachDatabase(
    t,
    async (db) => {
      await createSightingTable(db.knex);
      const platform = chatPlatform();
      const sent: DeliveryJob[] = [];
      const dispatcher: Dispatcher = { dispatch: (job) => void sent.push(job), drain: async () => {} };
      const app = await createApp({
        config: appConfigFor(db.options),
        rootDir: mkdtempSync(join(tmpdir(), 'lookout-app-commands-')),
        log: captureLog('warn').log,
        plugins: [describedSightingPlugin(), platform.plugin],
        renderer: jsonRenderer,
        gameData: GameData.empty(),
        dispatcher,
      });
      try {
        const handle = platform.handle();

        const registration = await handle(dm('!service', 'admin', { admin: true }));
        assert.deepEqual(reactions(registration), ['✅']);
        await handle(dm('!location 48.5,11.25', 'admin', { admin: true }));
        await app.stores.humans.create({ id: 'other', type: 'chat:user', name: 'Other' });
        await app.stores.rules.insert(SIGHTING_TABLE, [{ id: 'other', profile_no: 1, species: 0 }]);
        assert.match(texts(await handle(dm('!tracked', 'other'))), /\[id:\d+\] species 0/);

        assert.deepEqual(reactions(await handle(dm('!service-test sighting first', 'admin', { admin: true }))), ['✅']);
        assert.deepEqual(sent.map((j) => j.target.id), ['admin'], 'only the target, although "other" tracks every species');
        const body = sent[0]!.message.body as { alertType: string; view: Record<string, unknown> };
        assert.equal(body.alertType, 'sighting');
        assert.equal(body.view.ruleUid, 0, 'a made-up match: the admin has no rule');

        const [own] = await app.stores.rules.insert(SIGHTING_TABLE, [{ id: 'admin', profile_no: 1, species: 25 }]);
        await handle(dm('!service-test sighting first', 'admin', { admin: true }));
        assert.equal(sent.length, 2, 'a repeated test is never a duplicate');
        assert.equal((sent[1]!.message.body as { view: Record<string, unknown> }).view.ruleUid, own!.uid, "the target's own rule matched");
      } finally {
        await app.stop();
      }
    },
    { migrate: true },
  );
});
