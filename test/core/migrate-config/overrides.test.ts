import assert from 'node:assert/strict';
import { test } from 'node:test';
import { overridesOnly } from '../../../core/migrate-config/overrides.ts';

test('values equal to default.json are dropped, changed ones kept; lists compare whole', () => {
  const defaults = { server: { host: '127.0.0.1', port: '3030' }, discord: { token: [''], admins: [''], activity: 'PoracleJS' }, areaSecurity: { communities: {} } };
  const local = { server: { host: '127.0.0.1', port: '4000' }, discord: { token: ['abc'], admins: [''], activity: 'PoracleJS' }, areaSecurity: { communities: {} }, extra: { a: 1 } };
  const { local: overrides, unchanged } = overridesOnly(local, defaults);
  assert.deepEqual(overrides, { server: { port: '4000' }, discord: { token: ['abc'] }, extra: { a: 1 } });
  assert.equal(unchanged, 3, 'host, admins, activity (an empty table counts as no value)');
});

test('a key default.json lacks is always the operator\'s', () => {
  assert.deepEqual(overridesOnly({ discord: { userRoleSubscription: {} } }, { discord: {} }).local, { discord: { userRoleSubscription: {} } });
});
