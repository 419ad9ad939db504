import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { eggApi, raidApi } from '../../../plugins/raid/api.ts';
import { ALL_LEVELS, MAX_LEVEL } from '../../../plugins/raid/levels.ts';
import { apiHarness } from '../../helpers/tracking-api.ts';

const raid = await apiHarness(raidApi);
const egg = await apiHarness(eggApi);
after(async () => {
  await raid.close();
  await egg.close();
});

const GYM_DEFAULTS = { team: 4, exclusive: 0, gym_id: null, rsvp_changes: 0 };
const BOSS_DEFAULTS = { move: 9000, evolution: 9000, costume: 9000 };

describe('raid', () => {
  it('serves type raid and renders as raid alerts', () => {
    assert.equal(raidApi.type, 'raid');
    assert.deepEqual(raidApi.alertTypes, ['raid']);
  });

  it('a level rule by default: pokemon_id 9000 with the level, every other column at its default', () => {
    assert.deepEqual(raid.draft({ level: 5 }), [{ pokemon_id: 9000, form: 0, level: 5, ...BOSS_DEFAULTS, ...GYM_DEFAULTS }]);
  });

  it('a boss is stored with level 9000, and a level sent with it is read and unused', () => {
    assert.deepEqual(raid.draft({ pokemon_id: 150, form: 135 }), [{ pokemon_id: 150, form: 135, level: 9000, ...BOSS_DEFAULTS, ...GYM_DEFAULTS }]);
    assert.deepEqual(raid.draft({ pokemon_id: '150', level: 9000 })[0]?.level, 9000);
    assert.deepEqual(raid.unread({ pokemon_id: 150, level: 5 }), []);
  });

  it('reads loose values: numbers as text, flags as true / "1"', () => {
    const [row] = raid.draft({ level: '90', team: '2', exclusive: true, move: '14', evolution: '1', costume: '5', rsvp_changes: '2', gym_id: ' g1 ' });
    assert.deepEqual(row, { pokemon_id: 9000, form: 0, level: ALL_LEVELS, move: 14, evolution: 1, costume: 5, team: 2, exclusive: 1, gym_id: 'g1', rsvp_changes: 2 });
    assert.equal(raid.draft({ level: 1, exclusive: '1' })[0]?.exclusive, 1);
    assert.equal(raid.draft({ level: 1, gym_id: '' })[0]?.gym_id, null);
  });

  it('maps a team or rsvp_changes out of range to any team / first alert only, as before', () => {
    assert.equal(raid.draft({ level: 1, team: 7 })[0]?.team, 4);
    assert.equal(raid.draft({ level: 1, team: -1 })[0]?.team, 4);
    assert.equal(raid.draft({ level: 1, team: 0 })[0]?.team, 0);
    assert.equal(raid.draft({ level: 1, rsvp_changes: 5 })[0]?.rsvp_changes, 0);
  });

  it('a list of levels becomes one rule per level (repeats once)', () => {
    const rows = raid.draft({ level: [1, '3', 3, MAX_LEVEL], team: 1 });
    assert.deepEqual(rows.map((r) => r.level), [1, 3, MAX_LEVEL]);
    assert.ok(rows.every((r) => r.pokemon_id === 9000 && r.team === 1));
  });

  it('pokemon_form expands to one boss rule per pair, level 9000', () => {
    const rows = raid.draft({ pokemon_form: [{ pokemon_id: 150, form: 135 }, { pokemon_id: '383' }], level: 5, move: 14 });
    assert.deepEqual(
      rows.map((r) => [r.pokemon_id, r.form, r.level, r.move]),
      [
        [150, 135, 9000, 14],
        [383, 0, 9000, 14],
      ],
    );
  });

  it('refuses, naming the field', () => {
    assert.throws(() => raid.draft({}), /body\[0\]\.level: Invalid level \(must be specified if no pokemon_id\)/);
    assert.throws(() => raid.draft({ pokemon_id: 9000, level: [] }), /body\[0\]\.level: Invalid level/);
    assert.throws(() => raid.draft({ level: MAX_LEVEL + 1 }), /body\[0\]\.level: Invalid level .*must be a whole number from 1 to 15, or 90 for every level/);
    assert.throws(() => raid.draft({ level: 0 }), /body\[0\]\.level: Invalid level/);
    assert.throws(() => raid.draft({ level: [1, 'five'] }), /body\[0\]\.level\[1\]: Invalid level/);
    assert.throws(() => raid.draft({ pokemon_id: 0, level: 1 }), /body\[0\]\.pokemon_id must be a whole number from 1 to 9000/);
    assert.throws(() => raid.draft({ level: 1, team: 'red' }), /body\[0\]\.team must be a whole number/);
    assert.throws(() => raid.draft({ level: 1, exclusive: 'maybe' }), /body\[0\]\.exclusive must be true or false/);
    assert.throws(() => raid.draft({ level: 1, move: -3 }), /body\[0\]\.move must be/);
    assert.throws(() => raid.draft({ level: 1, rsvp_changes: 'often' }), /body\[0\]\.rsvp_changes must be a whole number/);
    assert.throws(() => raid.draft({ level: 1, gym_id: { id: 1 } }), /body\[0\]\.gym_id must be a string/);
    assert.throws(() => raid.draft({ pokemon_form: { pokemon_id: 150 } }), /body\[0\]\.pokemon_form must be a list/);
    assert.throws(() => raid.draft({ pokemon_form: [150] }), /body\[0\]\.pokemon_form\[0\] must be an object/);
    assert.throws(() => raid.draft({ pokemon_form: [{ form: 135 }] }), /body\[0\]\.pokemon_form\[0\]\.pokemon_id: Pokemon id must be specified/);
    assert.throws(() => raid.draft({ pokemon_form: [{ pokemon_id: 9000 }] }), /body\[0\]\.pokemon_form\[0\]\.pokemon_id must be a whole number from 1 to 8999/);
    assert.throws(() => raid.draft({ pokemon_form: [{ pokemon_id: 150, shiny: 1 }] }), /body\[0\]\.pokemon_form\[0\]\.shiny: unknown field/);
  });

  it('leaves unknown fields unread so the core refuses them', () => {
    assert.deepEqual(raid.unread({ level: 5, boss: 'mewtwo' }), ['boss']);
  });

  it('takes back whole rules as GET returns them: every column read, the same rules again', async () => {
    const rows = [...raid.draft({ level: [5, 90], team: 3, exclusive: 1, gym_id: 'g7', rsvp_changes: 1 }), ...raid.draft({ pokemon_id: 150, form: 135, move: 14, costume: 2 })];
    const stored = await raid.storedAsGet('raid', rows);
    for (const [i, row] of stored.entries()) {
      assert.deepEqual(raid.unread(row), [], `row ${i}`);
      assert.deepEqual(raid.draft(row), [rows[i]]);
    }
  });
});

describe('egg', () => {
  it('serves type egg and renders as egg alerts', () => {
    assert.equal(eggApi.type, 'egg');
    assert.deepEqual(eggApi.alertTypes, ['egg']);
  });

  it('the level with every other column at its default, loose values read', () => {
    assert.deepEqual(egg.draft({ level: 5 }), [{ level: 5, ...GYM_DEFAULTS }]);
    assert.deepEqual(egg.draft({ level: '90', team: '0', exclusive: 'true', rsvp_changes: 9, gym_id: 'g2' }), [{ level: 90, team: 0, exclusive: 1, gym_id: 'g2', rsvp_changes: 0 }]);
  });

  it('a list of levels becomes one rule per level', () => {
    assert.deepEqual(
      egg.draft({ level: [1, 5, 6] }).map((r) => r.level),
      [1, 5, 6],
    );
  });

  it('refuses a missing or impossible level with the previous wording, naming the field', () => {
    assert.throws(() => egg.draft({}), /body\[0\]\.level: Invalid level$/);
    assert.throws(() => egg.draft({ level: 16 }), /body\[0\]\.level: Invalid level: must be a whole number from 1 to 15, or 90 for every level/);
    assert.throws(() => egg.draft({ level: [5, 91] }), /body\[0\]\.level\[1\]: Invalid level/);
    assert.throws(() => egg.draft({ level: 5, team: [] }), /body\[0\]\.team/);
  });

  it('has no boss columns: pokemon_id is left unread', () => {
    assert.deepEqual(egg.unread({ level: 5, pokemon_id: 150 }), ['pokemon_id']);
  });

  it('takes back whole rules as GET returns them: every column read, the same rules again', async () => {
    const rows = egg.draft({ level: [3, 90], team: 2, exclusive: 1, gym_id: 'g9', rsvp_changes: 2 });
    const stored = await egg.storedAsGet('egg', rows);
    for (const [i, row] of stored.entries()) {
      assert.deepEqual(egg.unread(row), [], `row ${i}`);
      assert.deepEqual(egg.draft(row), [rows[i]]);
    }
  });
});
