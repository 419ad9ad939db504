/**
 * The knex factory and its helpers, and the test helper's verdict when MariaDB is unreachable.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { it } from 'node:test';
import { checkReachable, createDb, describeDb, dialectOf, type DbOptions } from '../../../core/db/connect.ts';
import { isLookoutError } from '../../../core/errors.ts';
import { captureDbLog } from './support.ts';

const MYSQL: DbOptions = { client: 'mysql', filename: '', host: '127.0.0.1', port: 1, user: 'lookout', password: 's3cret!', database: 'alerts', maxConnections: 3 };

it('describes a database without its password', () => {
  assert.equal(describeDb(MYSQL), 'mysql://lookout@127.0.0.1:1/alerts');
  assert.ok(!describeDb(MYSQL).includes('s3cret'));
  assert.equal(describeDb({ ...MYSQL, client: 'sqlite', filename: '/x/y.sqlite' }), 'sqlite:/x/y.sqlite');
});

it('opens SQLite, creating the parent directory', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'lookout-connect-'));
  const filename = join(dir, 'nested', 'deeper', 'db.sqlite');
  const knex = createDb({ ...MYSQL, client: 'sqlite', filename });
  try {
    assert.equal(dialectOf(knex), 'sqlite');
    await checkReachable(knex);
    assert.ok(existsSync(filename));
  } finally {
    await knex.destroy();
    await rm(dir, { recursive: true, force: true });
  }
});

it('reports an unreachable MySQL as DB_UNREACHABLE, knex warnings going to the given log', async () => {
  const log = captureDbLog();
  const knex = createDb(MYSQL, log);
  try {
    assert.equal(dialectOf(knex), 'mysql');
    await assert.rejects(checkReachable(knex), (err) => isLookoutError(err) && err.code === 'DB_UNREACHABLE' && /not reachable/.test(err.message));
    assert.ok(log.warnings().includes('knex warning'));
  } finally {
    await knex.destroy();
  }
});

const run = promisify(execFile);
const PROBE = `import { databaseTargets } from './test/helpers/databases.ts';
console.log(JSON.stringify((await databaseTargets()).find((t) => t.engine === 'mysql')));`;

async function probe(env: Record<string, string>): Promise<{ skip: string | null; failure: string | null }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'CI' && k !== 'LOOKOUT_REQUIRE_MARIADB' && k !== 'LOOKOUT_TEST_ENGINES'));
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], {
    cwd: new URL('../../../', import.meta.url),
    env: { ...clean, LOOKOUT_TEST_MYSQL_PORT: '1', ...env },
  });
  return JSON.parse(stdout.trim()) as { skip: string | null; failure: string | null };
}

it('test helper: unreachable MariaDB is skipped locally, a failure under CI or LOOKOUT_REQUIRE_MARIADB=1', async () => {
  const local = await probe({});
  assert.match(local.skip ?? '', /not reachable at 127\.0\.0\.1:1/);
  assert.equal(local.failure, null);
  for (const env of [{ CI: 'true' }, { LOOKOUT_REQUIRE_MARIADB: '1' }] as Record<string, string>[]) {
    const required = await probe(env);
    assert.equal(required.skip, null);
    assert.match(required.failure ?? '', /required because/);
  }
});
