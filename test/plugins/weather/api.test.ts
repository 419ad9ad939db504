import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { KnexRuleStore } from '../../../core/db/index.ts';
import { weatherCellId } from '../../../core/geo/index.ts';
import { weatherApi } from '../../../plugins/weather/api.ts';
import { openTestDatabase } from '../../helpers/databases.ts';
import { apiHarness, SHARED_COLUMNS } from '../../helpers/tracking-api.ts';

const h = await apiHarness(weatherApi);
const db = await openTestDatabase('sqlite', { migrate: true });
after(async () => {
  await h.close();
  await db.cleanup();
});

/** the level-10 cell of Canterbury */
const CELL = weatherCellId(51.28, 1.08);

it('serves type weather with the default updatable columns', () => {
  assert.equal(weatherApi.type, 'weather');
  assert.equal(weatherApi.updatable, undefined);
  assert.equal(weatherApi.noClean, undefined);
});

it('condition 0 (any change) and cell "" (any cell in the areas) by default', () => {
  assert.deepEqual(h.draft({}), [{ condition: 0, cell: '' }]);
  assert.deepEqual(h.draft({ condition: 2, cell: CELL }), [{ condition: 2, cell: CELL }]);
});

it('reads loose values: numbers as text, condition names, the "any cell" spellings, a small cell id as a number', () => {
  assert.deepEqual(h.draft({ condition: '7', cell: ` ${CELL} ` }), [{ condition: 7, cell: CELL }]);
  assert.equal(h.draft({ condition: 'rain' })[0]?.condition, 2);
  assert.equal(h.draft({ condition: 'Partly Cloudy' })[0]?.condition, 3);
  assert.equal(h.draft({ condition: 'fog' })[0]?.condition, 7);
  for (const any of ['', '0', 0, '00', null]) assert.equal(h.draft({ cell: any })[0]?.cell, '', String(any));
  // a level-10 cell id of face 0 fits JSON's exact integers
  assert.equal(h.draft({ cell: 2 ** 40 })[0]?.cell, String(2 ** 40));
  assert.equal(h.draft({ cell: `000${CELL}`.slice(-20) })[0]?.cell, CELL);
});

it('refuses bad conditions and cells naming the field', () => {
  assert.throws(() => h.draft({ condition: 8 }), /body\[0\]\.condition must be one of 0, 1, 2, 3, 4, 5, 6, 7 \(0 = any change\) or a weather name/);
  assert.throws(() => h.draft({ condition: -1 }), /body\[0\]\.condition must be/);
  assert.throws(() => h.draft({ condition: 'hail' }), /body\[0\]\.condition must be/);
  assert.throws(() => h.draft({ condition: true }), /body\[0\]\.condition must be/);
  assert.throws(() => h.draft({ cell: 'here' }), /body\[0\]\.cell must be a level-10 S2 cell id/);
  assert.throws(() => h.draft({ cell: '123' }), /body\[0\]\.cell must be a level-10 S2 cell id/);
  assert.throws(() => h.draft({ cell: '99999999999999999999' }), /body\[0\]\.cell must be/);
  assert.throws(() => h.draft({ cell: Number(CELL) }), /body\[0\]\.cell must be .*send it as text/);
  assert.throws(() => h.draft({ cell: [CELL] }), /body\[0\]\.cell must be/);
  assert.throws(() => h.draft({ cell: 1.5 }), /body\[0\]\.cell must be a level-10 S2 cell id as decimal text \(e\.g\. "5170709059331571712"\), or "" \/ 0 for any cell in your areas$/);
});

it('refuses ids that are no level-10 cell: another level, stray low bits, a face beyond the six', () => {
  // a level-11 child of the cell: the trailing bit two places lower
  const child = BigInt(CELL) - (1n << 38n);
  const stray = BigInt(CELL) + 1n;
  const face6 = (6n << 61n) | (1n << 40n);
  for (const id of [child, stray, face6]) assert.throws(() => h.draft({ cell: id.toString() }), /body\[0\]\.cell must be a level-10 S2 cell id/, id.toString());
});

it('leaves unknown fields unread so the core refuses them', () => {
  assert.deepEqual(h.unread({ condition: 1, latitude: 51.2 }), ['latitude']);
});

it('takes back a whole rule as GET returns it: every column read, the same rule again', async () => {
  const rows = h.draft({ condition: 4, cell: CELL });
  // the weather table has neither distance nor the override columns, and an integer template
  const [row] = await new KnexRuleStore(db.knex).insert('weather', rows.map((r) => ({ ...r, id: SHARED_COLUMNS.id, profile_no: SHARED_COLUMNS.profile_no, ping: SHARED_COLUMNS.ping, template: 3, clean: 1 })));
  assert.ok(row);
  const stored = { ...row, description: 'weather rule' };
  for (const column of ['uid', 'id', 'profile_no', 'ping', 'template', 'clean', 'condition', 'cell']) assert.ok(column in stored, column);
  assert.deepEqual(h.unread(stored), []);
  assert.deepEqual(h.draft(stored), rows);
});
