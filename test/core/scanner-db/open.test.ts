/**
 * When the scanner database is probed: at start only for an alert feature that reads it ([general]
 * populate_stop_name, [geocoding] include_stops with tileservercache), never making a start fail; otherwise no
 * connection is made until a command names a gym.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { openScannerDb, scannerDbUses } from '../../../core/scanner-db/index.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { configWith } from '../enrich/fixtures.ts';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 1;
}

test('no alert feature reads it: not probed, no connection until a command asks', async () => {
  const captured = captureLog('debug');
  const port = await closedPort();
  const db = openScannerDb(configWith({ database: { scanner: { host: '127.0.0.1', port, type: 'rdm' } } }), captured.log);
  try {
    assert.ok(captured.find(/scanner database not probed/));
    assert.equal(db.down, false, 'nothing tried at start');
    assert.equal(captured.find(/scanner database unreachable/), undefined);
    assert.deepEqual(await db.findGyms('town hall', 11), { answered: false }, 'a command asks; the server is not there');
    assert.equal(db.down, true);
  } finally {
    await db.stop();
  }
});

test('include_stops with a static provider other than tileservercache is ignored, with a warning', async () => {
  const config = configWith({ geocoding: { include_stops: true, static_provider: 'google' } });
  const captured = captureLog('debug');
  assert.deepEqual(scannerDbUses(config), { names: false, staticMapStops: false });
  const db = openScannerDb(config, captured.log);
  assert.ok(captured.find(/scanner database not probed/));
  assert.equal(captured.find(/include_stops only applies/)?.level, 'warn');
  await db.stop();
});

test('populate_stop_name opens it; an unreachable server is a warning at start, not a failure', async () => {
  const port = await closedPort();
  const captured = captureLog('debug');
  const config = configWith({ general: { populate_stop_name: true }, database: { scanner: { host: '127.0.0.1', port, type: 'scanner_b' } } });
  const db = openScannerDb(config, captured.log);
  assert.ok(db);
  try {
    assert.equal(db.scannerType, 'rdm', 'the neutral name scanner_b is RDM');
    assert.equal(await db.probe(), false);
    assert.equal(captured.find(/scanner database unreachable/)?.level, 'warn');
    assert.equal(await db.stopName('s1'), null);
  } finally {
    await db.stop();
  }
});

test('include_stops with tileservercache opens it too', async () => {
  const port = await closedPort();
  const config = configWith({ geocoding: { include_stops: true, static_provider: 'tileservercache', static_provider_url: 'http://127.0.0.1:9' }, database: { scanner: { port } } });
  assert.deepEqual(scannerDbUses(config), { names: false, staticMapStops: true });
  const db = openScannerDb(config, captureLog().log);
  assert.ok(db);
  await db.stop();
});
