/**
 * `npm run replay` end to end against the real service: a webhook log received three hours ago (the service's
 * line format), whose pokemon has long despawned as logged, is replayed into a started app; the sighting
 * arrives with its despawn moved to the future and becomes an alert at the rule's webhook target, while the
 * same batch posted as logged is dropped as expired. The report counts what was sent and what the service
 * queued.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runReplayCommand } from '../../core/replay-log/main.ts';
import { openTestDatabase } from '../helpers/databases.ts';
import { fixtureGameData, monsterRow, pokemonHook } from '../plugins/monster/support.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { textOf } from './receiver.ts';

const nowS = () => Math.floor(Date.now() / 1000);

test('a replayed log from three hours ago becomes alerts now, with its times in the future', async () => {
  const db = await openTestDatabase('sqlite', { migrate: true });
  const s = await e2e(db, { gameData: await fixtureGameData() });
  let out = '';
  let err = '';
  const startedS = nowS();
  try {
    const hook = s.hookUrl('watcher');
    await s.addHuman({ id: hook, name: 'Watcher', area: ['old town'] });
    const { uid: _uid, ...rule } = monsterRow(hook);
    await s.addRule('monsters', rule);
    await s.start();

    const receivedS = startedS - 3 * 3600;
    const logged = (encounter: string, at: { latitude: number; longitude: number }) => ({
      type: 'pokemon',
      message: pokemonHook({ encounter_id: encounter, ...at, disappear_time: receivedS + 1200, first_seen: receivedS - 60, last_modified_time: receivedS }),
    });
    const line = (atS: number, body: unknown) => JSON.stringify({ time: new Date(atS * 1000).toISOString(), ip: '10.1.2.3', body: JSON.stringify(body) });
    const log = join(s.rootDir, 'webhooks.log');
    writeFileSync(log, `${[line(receivedS, [logged('e-replayed', IN_OLD_TOWN)]), 'not a log line', line(receivedS + 30, [logged('e-far-away', { latitude: 40, longitude: -3 })])].join('\n')}\n`);

    const asLogged = await s.post([logged('e-as-logged', IN_OLD_TOWN)]);
    assert.equal(asLogged.status, 200);

    const code = await runReplayCommand([log, '--target', `${s.baseUrl}/`, '--speed', 'max'], { out: (t) => void (out += t), err: (t) => void (err += t) });
    assert.equal(code, 0, err);
  } finally {
    await s.stop();
    await db.cleanup();
  }

  assert.equal(s.receiver.posts.length, 1, 'one alert: the replayed Pikachu (the batch posted as logged had expired)');
  const alert = s.receiver.posts[0]!;
  assert.equal(alert.path, '/hooks/watcher');
  const despawn = Number(/<t:(\d+):R>/.exec(textOf(alert))?.[1]);
  assert.ok(despawn >= startedS + 1200 - 5 && despawn <= nowS() + 1200 + 5, `despawn ${despawn} is ~20 minutes from the replay, as it was from the receipt`);

  assert.match(err, /webhooks\.log:2: not JSON .* \(line skipped\)/);
  assert.match(out, /batches sent +2\n/);
  assert.match(out, /items sent +2: pokemon 2/);
  assert.match(out, /HTTP statuses +200 2/);
  assert.match(out, /target answered +received 2, queued 2, rejected\/refused 0/);
  assert.match(out, /lines read +3 \(bad 1,/);
});
