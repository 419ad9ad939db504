/**
 * New `track` rules against existing rows (chat-commands §10): unchanged, updated in one updatable column,
 * or new.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diffRules } from '../../../../plugins/monster/commands/diff.ts';
import { draftOfRow, type MonsterDraft } from '../../../../plugins/monster/commands/columns.ts';
import { monsterRow } from '../support.ts';

function draft(overrides: Partial<MonsterDraft> = {}): MonsterDraft {
  return { ...draftOfRow(monsterRow('u1')), ...overrides };
}

test('an identical rule is unchanged (NULL and empty template are the same)', () => {
  const existing = monsterRow('u1', { min_iv: 90, template: '' });
  const changes = diffRules([draft({ min_iv: 90 })], [existing]);
  assert.deepEqual(changes.inserts, []);
  assert.deepEqual(changes.updates, []);
  assert.deepEqual(changes.unchanged.map((u) => u.uid), [existing.uid]);
});

test('exactly one updatable column differing updates that row', () => {
  for (const [column, value] of [['min_iv', 95], ['distance', 1000], ['template', '2'], ['clean', 1]] as const) {
    const existing = monsterRow('u1', { min_iv: 90 });
    const changes = diffRules([draft({ min_iv: 90, [column]: value })], [existing]);
    assert.deepEqual(changes.updates.map((u) => [u.uid, u.patch]), [[existing.uid, { [column]: value }]], column);
    assert.equal(changes.inserts.length, 0);
  }
});

test('two differing columns, or one that is not updatable, make a new row', () => {
  const existing = monsterRow('u1', { min_iv: 90, distance: 500 });
  assert.equal(diffRules([draft({ min_iv: 95, distance: 1000 })], [existing]).inserts.length, 1);
  assert.equal(diffRules([draft({ min_iv: 90, distance: 500, max_cp: 1000 })], [existing]).inserts.length, 1);
  assert.equal(diffRules([draft({ min_iv: 90, distance: 500, pvp_ranking_league: 1500 })], [existing]).inserts.length, 1);
});

test('only rows of the same pokemon are compared, and each answers once', () => {
  const snorlax = monsterRow('u1', { pokemon_id: 143 });
  assert.equal(diffRules([draft()], [snorlax]).inserts.length, 1);
  const pikachu = monsterRow('u1');
  const changes = diffRules([draft(), draft()], [pikachu]);
  assert.equal(changes.unchanged.length, 1);
  assert.equal(changes.inserts.length, 1);
});
