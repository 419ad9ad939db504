/**
 * Migration 9 (profile_zero_to_one) on both engines, from a database at version 8:
 * - `zero`: on profile 0, no profiles row at all → profile 1 row created from humans, rules moved (a weather
 *   rule identical to an existing profile-1 one is dropped), current_profile_no = 1;
 * - `zeroOne`: on profile 0 with a profile 1 row → that row gets humans' area/location, keeps its name;
 * - `real`: on profile 0 with a real profile 0 row → untouched;
 * - `switched`: on profile 2 with profile-1 rules → loses only its abandoned profile-0 rules;
 * - `switchedEmpty`: on profile 2 without profile-1 rules → profile-0 rules move to 1, stays on 2;
 * - `ghost`: rules without a human → moved to 1, like PoracleNG does.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Knex } from 'knex';
import { prepareDatabase } from '../../../core/db/migrate.ts';
import { readTable } from '../../../core/db/read-table.ts';
import type { TrackingTable } from '../../../core/db/tables.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { trackingRow } from './rows.ts';
import { captureDbLog, migrateTo } from './support.ts';

const near = (a: unknown, b: number) => Math.abs(Number(a) - b) < 1e-4;

function human(id: string, current: number, area = '[]', latitude = 0, longitude = 0): Record<string, unknown> {
  return { id, type: 'discord:user', name: `name ${id}`, current_profile_no: current, area, latitude, longitude, community_membership: '[]' };
}

async function seed(knex: Knex): Promise<void> {
  await knex('humans').insert([
    human('zero', 0, '["north"]', 10.5, 20.25), human('zeroOne', 0, '["new"]', 1.5, 2.5), human('real', 0),
    human('switched', 2), human('switchedEmpty', 2), human('normal', 1),
  ]);
  const profiles = [['zeroOne', 1, 'Keep', '["old"]', '[1]'], ['real', 0, 'Zero', '[]', '[]'], ['real', 1, 'One', '[]', '[]'],
    ['switched', 1, 'One', '[]', '[]'], ['switched', 2, 'Two', '[]', '[]']] as const;
  for (const [id, profileNo, name, area, hours] of profiles) {
    await knex('profiles').insert({ id, profile_no: profileNo, name, area, latitude: 0, longitude: 0, active_hours: hours });
  }
  const rules: [TrackingTable, string, number, Record<string, unknown>?][] = [
    ['monsters', 'zero', 0], ['monsters', 'zero', 0, { pokemon_id: 25 }], ['monsters', 'zero', 1], ['raid', 'zero', 0],
    ['weather', 'zero', 1, { condition: 3, cell: 'c1' }], ['weather', 'zero', 0, { condition: 3, cell: 'c1' }],
    ['weather', 'zero', 0, { condition: 4, cell: 'c1' }], ['quest', 'zeroOne', 0],
    ['monsters', 'real', 0], ['raid', 'real', 1],
    ['monsters', 'switched', 0], ['lures', 'switched', 0], ['monsters', 'switched', 1], ['raid', 'switched', 2],
    ['egg', 'switchedEmpty', 0], ['raid', 'switchedEmpty', 2], ['gym', 'normal', 1], ['maxbattle', 'ghost', 0],
  ];
  for (const [table, id, profileNo, extra] of rules) await knex(table).insert(trackingRow(table, id, { ...extra, profile_no: profileNo }));
}

/** `id:profile_no` of every rule of the table, in uid order. */
async function rules(knex: Knex, table: TrackingTable): Promise<string[]> {
  return (await readTable(knex, table)).map((r) => `${r.id}:${r.profile_no}`);
}

it('moves humans without a real profile 0 (and their rules) to profile 1', async (t) => {
  await forEachDatabase(t, async (db) => {
    await migrateTo(db.knex, 8);
    await seed(db.knex);
    const log = captureDbLog();
    assert.deepEqual((await prepareDatabase(db.knex, log)).applied, [9]);
    const current = Object.fromEntries((await db.knex('humans').select('id', 'current_profile_no')).map((h) => [h.id, Number(h.current_profile_no)]));
    assert.deepEqual(current, { normal: 1, real: 0, switched: 2, switchedEmpty: 2, zero: 1, zeroOne: 1 });
    assert.deepEqual(await rules(db.knex, 'monsters'), ['zero:1', 'zero:1', 'zero:1', 'real:0', 'switched:1']);
    assert.deepEqual(await rules(db.knex, 'raid'), ['zero:1', 'real:1', 'switched:2', 'switchedEmpty:2']);
    assert.deepEqual(await rules(db.knex, 'weather'), ['zero:1', 'zero:1']);
    assert.deepEqual((await readTable(db.knex, 'weather')).map((r) => r.condition), [3, 4], 'the duplicate of condition 3 went');
    assert.deepEqual(await rules(db.knex, 'quest'), ['zeroOne:1']);
    assert.deepEqual(await rules(db.knex, 'lures'), []);
    assert.deepEqual(await rules(db.knex, 'egg'), ['switchedEmpty:1']);
    assert.deepEqual(await rules(db.knex, 'gym'), ['normal:1']);
    assert.deepEqual(await rules(db.knex, 'maxbattle'), ['ghost:1']);
    const info = log.entries.find((e) => e.msg === 'moved humans and rules off profile 0 to profile 1');
    assert.deepEqual(info?.obj, { humans: 2, profilesCreated: 1, rulesDropped: 2, rulesMoved: 7, duplicatesDropped: 1 });
  });
});

it('creates or refreshes the profile 1 row from humans and leaves real profile 0 rows alone', async (t) => {
  await forEachDatabase(t, async (db) => {
    await migrateTo(db.knex, 8);
    await seed(db.knex);
    const before = await db.knex('profiles').whereIn('id', ['real', 'switched']).orderBy('uid');
    await prepareDatabase(db.knex, captureDbLog());
    const zero = await db.knex('profiles').where({ id: 'zero' });
    assert.equal(zero.length, 1);
    assert.deepEqual([zero[0].profile_no, zero[0].name, zero[0].area, zero[0].active_hours], [1, 'name zero', '["north"]', '[]']);
    assert.ok(near(zero[0].latitude, 10.5) && near(zero[0].longitude, 20.25));
    const [one] = await db.knex('profiles').where({ id: 'zeroOne' });
    assert.deepEqual([one.profile_no, one.name, one.area, one.active_hours], [1, 'Keep', '["new"]', '[1]']);
    assert.ok(near(one.latitude, 1.5) && near(one.longitude, 2.5));
    assert.deepEqual(await db.knex('profiles').whereIn('id', ['real', 'switched']).orderBy('uid'), before);
    assert.deepEqual((await prepareDatabase(db.knex, captureDbLog())).applied, [], 'runs once');
  });
});
