/**
 * The Handlebars context of a fence: properties flattened, named fields winning.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fenceContext } from '../../../../../platforms/discord/autocreate/rules/fence-context.ts';
import { fence } from '../../../../helpers/fences.ts';

test('every properties member is at the top level, next to the named fields', () => {
  const ctx = fenceContext(fence('Gent_centrum', { group: 'Belgium', description: 'centre', color: '#f00', properties: { region: 'VL', population: 260000 } }));
  assert.equal(ctx.region, 'VL');
  assert.equal(ctx.population, 260000);
  assert.equal(ctx.name, 'Gent_centrum');
  assert.equal(ctx.group, 'Belgium');
  assert.equal(ctx.description, 'centre');
  assert.equal(ctx.color, '#f00');
  assert.equal(ctx.userSelectable, true);
  assert.equal(ctx.displayInMatches, true);
});

test('a named field wins over a property of the same name', () => {
  const ctx = fenceContext(fence('Real_name', { group: 'Real', userSelectable: false, properties: { name: 'Decoy', group: 'Decoy', userSelectable: true, extra: 1 } }));
  assert.equal(ctx.name, 'Real_name');
  assert.equal(ctx.group, 'Real');
  assert.equal(ctx.userSelectable, false);
  assert.equal(ctx.extra, 1);
});

test('the context is a fresh object: the fence is never written to', () => {
  const f = fence('A', { properties: Object.freeze({ region: 'X' }) });
  const ctx = fenceContext(f);
  assert.notEqual(ctx, f.properties);
  assert.deepEqual(f.properties, { region: 'X' });
});
