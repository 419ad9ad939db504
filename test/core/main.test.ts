import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { mysqlServer, mysqlUnreachableReason } from '../helpers/databases.ts';

const root = resolve(import.meta.dirname, '../..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(env: Record<string, string>, onLine?: (line: string, child: ReturnType<typeof spawn>) => void): Promise<Run> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'core/main.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line.trim()) onLine?.(line, child);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolveRun({ code, stdout, stderr });
    });
  });
}

describe('npm start (core/main.ts)', () => {
  test('refuses to run without a config file and says how to make one', async () => {
    const run = await start({ LOOKOUT_CONFIG: join(tmpdir(), 'does-not-exist', 'config.toml') });
    assert.notEqual(run.code, 0);
    assert.match(run.stderr, /npm run init/);
    assert.match(run.stderr, /config\.example\.toml/);
  });

  test('a config error stops the start with one message naming file and key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lookout-main-'));
    const file = join(dir, 'config.toml');
    writeFileSync(file, '[processor]\nport = "eighty"\n');
    const run = await start({ LOOKOUT_CONFIG: file });
    assert.notEqual(run.code, 0);
    assert.match(run.stderr, /processor\.port/);
    assert.match(run.stderr, /config\.toml/);
  });

  test('starts on SQLite, answers /health, and exits 0 on SIGTERM after closing the database; logs the keys set that do nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lookout-main-'));
    const file = join(dir, 'config.toml');
    const db = join(dir, 'lookout.sqlite');
    writeFileSync(
      file,
      `[processor]\nhost = "127.0.0.1"\nport = 0\n[database]\nclient = "sqlite"\nfilename = ${JSON.stringify(db)}\n[logging]\nlevel = "info"\nfile_logging_enabled = false\n[resources]\nmasterfile_url = "http://127.0.0.1:9/master.json"\ninvasions_url = "http://127.0.0.1:9/grunts.json"\nlocales_url = "http://127.0.0.1:9/locales"\n[tuning]\nworker_pool_size = 8\n`,
    );
    let health: number | null = null;
    const run = await start({ LOOKOUT_CONFIG: file }, (line, child) => {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === 'listening' && entry.port) {
        fetch(`http://127.0.0.1:${entry.port}/health`)
          .then((res) => (health = res.status))
          .finally(() => child.kill('SIGTERM'));
      }
    });
    assert.equal(health, 200, run.stderr);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /"msg":"stopped"/);
    assert.ok(existsSync(db));
    assert.match(run.stdout, /"level":"?(40|warn)"?[^\n]*config\.toml: tuning\.worker_pool_size ignored: one pool of \[tuning\] concurrent_matched_processors workers/);
  });
});

/** A config for MariaDB/MySQL with the given [database] keys; no game data server, logs on stdout. */
function mysqlConfig(database: Record<string, string | number>): string {
  const dir = mkdtempSync(join(tmpdir(), 'lookout-main-'));
  const file = join(dir, 'config.toml');
  const keys = Object.entries({ client: 'mysql', ...database }).map(([k, v]) => `${k} = ${JSON.stringify(v)}`).join('\n');
  writeFileSync(
    file,
    `[processor]\nhost = "127.0.0.1"\nport = 0\n[database]\n${keys}\n[logging]\nlevel = "info"\nfile_logging_enabled = false\n[resources]\nmasterfile_url = "http://127.0.0.1:9/master.json"\ninvasions_url = "http://127.0.0.1:9/grunts.json"\nlocales_url = "http://127.0.0.1:9/locales"\n`,
  );
  return file;
}

const RETRY_LINE = /"msg":"database unreachable, retrying in \d+ s"/;

describe('npm start while the database is down or refuses', async () => {
  test('waits for an unreachable database, logging each retry, and a SIGTERM while waiting exits 0', async () => {
    const file = mysqlConfig({ host: '127.0.0.1', port: 1, user: 'lookout', password: 'x', database: 'lookout' });
    let retries = 0;
    const run = await start({ LOOKOUT_CONFIG: file }, (line, child) => {
      if (RETRY_LINE.test(line) && ++retries === 2) child.kill('SIGTERM');
    });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(retries, 2);
    assert.match(run.stdout, /"msg":"database unreachable, retrying in 1 s"/);
    assert.match(run.stdout, /"msg":"database unreachable, retrying in 2 s"/);
    assert.match(run.stdout, /"msg":"stopped before the start completed"/);
  });

  const skip = (await mysqlUnreachableReason()) ?? false;
  const server = mysqlServer();

  test('a wrong password is no outage: exits 1 at once, saying what to check', { skip }, async () => {
    const file = mysqlConfig({ host: server.host, port: server.port, user: server.user, password: `${server.password}-wrong`, database: 'mysql' });
    const run = await start({ LOOKOUT_CONFIG: file });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /refused the connection: .*check \[database\] user and password/);
    assert.doesNotMatch(run.stdout, RETRY_LINE);
  });

  test('an unknown database is no outage: exits 1 at once, saying it does not exist', { skip }, async () => {
    const file = mysqlConfig({ host: server.host, port: server.port, user: server.user, password: server.password, database: 'lookout_test_no_such_database' });
    const run = await start({ LOOKOUT_CONFIG: file });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /the database does not exist/);
    assert.doesNotMatch(run.stdout, RETRY_LINE);
  });
});
