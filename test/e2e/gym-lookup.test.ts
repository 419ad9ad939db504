/**
 * `gym:<id or name>` in the raid, egg and gym commands end to end, on SQLite and MariaDB as the service database and
 * a scratch Golbat-shaped scanner database on MariaDB (asked only by the commands here: no alert feature reads it):
 * a name matching one gym writes its id, an exact id is kept, several matches are listed with their ids, none or a
 * deleted gym refuse, and `%` stands for itself. With the scanner database unreachable a gym id is still taken and a
 * name is refused with why; /metrics counts the searches.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { describe, test } from 'node:test';
import type { CommandReply, IncomingCommand } from '../../core/commands/types.ts';
import { forEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { createScannerDatabase, scannerDatabaseAvailable } from '../helpers/scanner-database.ts';
import { fixtureGameData } from '../plugins/monster/support.ts';
import { databaseSection, e2e, type E2E } from './harness.ts';

const FAN = '800000000000000002';
const HALL = 'a1b2c3d4e5f60718293a4b5c6d7e8f90.16';
const ANNEX = 'b1b2c3d4e5f60718293a4b5c6d7e8f90.16';
const FOUNTAIN = 'c1b2c3d4e5f60718293a4b5c6d7e8f90.16';
const GONE = 'd1b2c3d4e5f60718293a4b5c6d7e8f90.16';

function said(text: string): IncomingCommand {
  const who = { id: FAN, name: 'fan', humanType: 'discord:user' };
  return { platform: 'discord', text, sender: { ...who, isAdmin: false }, place: { kind: 'dm', ...who, isRegistrationChannel: false }, prefixes: ['!'] };
}

async function command(s: E2E, text: string): Promise<CommandReply> {
  const replies = await s.app.handleCommand(said(text));
  assert.equal(replies.length, 1, JSON.stringify(replies));
  return replies[0]!;
}

async function gymIds(db: TestDatabase, table: string): Promise<string[]> {
  const rows: { gym_id: string | null }[] = await db.knex(table).where('id', FAN).select('gym_id');
  return rows.map((r) => String(r.gym_id)).sort();
}

async function withService(db: TestDatabase, scanner: Record<string, unknown>, body: (s: E2E) => Promise<void>): Promise<string> {
  const s = await e2e(db, { gameData: await fixtureGameData(), config: { database: { ...databaseSection(db), scanner } } });
  let metrics = '';
  try {
    await s.addHuman({ id: FAN, type: 'discord:user', name: 'fan', area: ['old town'] });
    await s.start();
    await body(s);
    metrics = await s.app.metrics.registry.metrics();
  } finally {
    await s.stop();
  }
  return metrics;
}

describe('gym:<id or name> in the tracking commands', () => {
  test('names are looked up in the scanner database; several matches are listed; ids are kept', async (t) => {
    if (!(await scannerDatabaseAvailable(t))) return;
    await forEachDatabase(
      t,
      async (db) => {
        const scanner = await createScannerDatabase('golbat');
        try {
          await scanner.addGym({ id: HALL, name: 'Town Hall', lat: 51.5, lon: -0.12 });
          await scanner.addGym({ id: ANNEX, name: 'Town Hall Annex', lat: 51.5, lon: -0.121 });
          await scanner.addGym({ id: FOUNTAIN, name: 'Old Fountain 100% Gym', lat: 51.501, lon: -0.12 });
          await scanner.addGym({ id: GONE, name: 'Demolished Fountain', lat: 51.502, lon: -0.12, deleted: 1 });
          const metrics = await withService(db, scanner.section(), async (s) => {
            const one = await command(s, '!raid level5 gym:fountain');
            assert.equal(one.reaction, '✅', one.text);
            assert.deepEqual(await gymIds(db, 'raid'), [FOUNTAIN], 'the one live gym whose name holds "fountain"');

            const several = await command(s, '!egg level5 "gym:town hall"');
            assert.equal(several.reaction, '🙅');
            assert.match(several.text ?? '', /2 gyms match `town hall`/);
            assert.match(several.text ?? '', new RegExp(`- Town Hall \\(\`${HALL.replace('.', '\\.')}\`\\)`));
            assert.match(several.text ?? '', /- Town Hall Annex/);
            assert.deepEqual(await gymIds(db, 'egg'), [], 'nothing written');

            const exact = await command(s, `!egg level5 gym:${HALL}`);
            assert.equal(exact.reaction, '✅', exact.text);
            assert.deepEqual(await gymIds(db, 'egg'), [HALL]);

            const none = await command(s, '!gym valor gym:nowhere');
            assert.equal(none.reaction, '🙅');
            assert.equal(none.text, 'No gym matches `nowhere`.');
            assert.equal((await command(s, '!gym valor gym:demolished')).text, 'No gym matches `demolished`.', 'a deleted gym is not offered');
            assert.equal((await command(s, '!gym valor gym:%')).reaction, '✅', '"%" stands for itself: only "100% Gym" matches, not every name');
            assert.deepEqual(await gymIds(db, 'gym'), [FOUNTAIN]);
          });
          assert.match(metrics, /lookout_scanner_lookups_total\{query="find_gym",outcome="found"\} [4-9]/);
          assert.match(metrics, /lookout_scanner_lookups_total\{query="find_gym",outcome="not_found"\} 2/);
        } finally {
          await scanner.cleanup();
        }
      },
      { migrate: true },
    );
  });

  test('the scanner database unreachable: a gym id is still taken, a name is refused with why', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const closed = createServer();
        await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
        const port = (closed.address() as { port: number }).port;
        await new Promise<void>((resolve) => closed.close(() => resolve()));
        const metrics = await withService(db, { host: '127.0.0.1', port, user: 'nobody', password: '', database: 'scanner', type: 'golbat' }, async (s) => {
          const byName = await command(s, '!raid level5 gym:fountain');
          assert.equal(byName.reaction, '🙅');
          assert.equal(byName.text, 'The scanner database could not be asked about `fountain`; try again later or give the gym id.');
          const byId = await command(s, `!raid level5 gym:${HALL}`);
          assert.equal(byId.reaction, '✅', byId.text);
          assert.deepEqual(await gymIds(db, 'raid'), [HALL]);
        });
        assert.match(metrics, /lookout_scanner_lookups_total\{query="find_gym",outcome="(error|unavailable)"\} [1-9]/);
      },
      { migrate: true },
    );
  });
});
