/** The scratch databases' name prefix: LOOKOUT_TEST_DB_PREFIX, `lookout_` by default, refused when it could not be a name. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testDatabasePrefix } from './databases.ts';

test('LOOKOUT_TEST_DB_PREFIX names the scratch databases', () => {
  assert.equal(testDatabasePrefix({}), 'lookout_');
  assert.equal(testDatabasePrefix({ LOOKOUT_TEST_DB_PREFIX: 'ci_run42_' }), 'ci_run42_');
  assert.throws(() => testDatabasePrefix({ LOOKOUT_TEST_DB_PREFIX: 'bad-name;' }), /LOOKOUT_TEST_DB_PREFIX must be/);
  assert.throws(() => testDatabasePrefix({ LOOKOUT_TEST_DB_PREFIX: '' }), /LOOKOUT_TEST_DB_PREFIX must be/);
});
