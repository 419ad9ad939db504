import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { loadGeofences } from '../../../core/geo/load.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { options, REPO_ROOT, tempRoot, withLog } from './support.ts';

const SHARED_EXAMPLE = resolve(REPO_ROOT, '../shared/reference/samples/geofence-example.json');

describe('geofence loading', () => {
  test('a file that fails to parse is reported by name; the other files still load', async () => {
    const captured = captureLog();
    const { fences, errors } = await loadGeofences(withLog(options(['poracle.json', 'broken.json', 'geojson.json']), captured.log));
    assert.deepEqual(fences.map((f) => f.source), ['poracle.json', 'poracle.json', 'poracle.json', 'geojson.json', 'geojson.json', 'geojson.json']);
    assert.equal(errors.length, 1);
    assert.equal(errors[0]?.code, 'CONFIG_INVALID');
    assert.match(errors[0]!.message, /geofence file .*broken\.json is not valid JSON/);
    assert.ok(captured.find('geofence entry not loaded'));
    assert.ok(captured.find('geofence feature skipped'), 'the Point feature is a warning');
  });

  test('the default file falls back to fallbacks/geofence.json when absent', async () => {
    const root = tempRoot();
    try {
      mkdirSync(join(root.dir, 'fallbacks'));
      writeFileSync(join(root.dir, 'fallbacks/geofence.json'), JSON.stringify([{ name: 'Bundled', path: [[1, 1], [1, 2], [2, 2]] }]));
      const { fences, errors } = await loadGeofences(options(['geofences/geofence.json'], { rootDir: root.dir }));
      assert.deepEqual(errors, []);
      assert.deepEqual(fences.map((f) => f.name), ['Bundled']);
      mkdirSync(join(root.dir, 'geofences'));
      writeFileSync(join(root.dir, 'geofences/geofence.json'), JSON.stringify([{ name: 'Mine', path: [[1, 1], [1, 2], [2, 2]] }]));
      const again = await loadGeofences(options(['geofences/geofence.json'], { rootDir: root.dir }));
      assert.deepEqual(again.fences.map((f) => f.name), ['Mine'], 'an existing file is used, not the fallback');
    } finally {
      root.cleanup();
    }
  });

  test('the bundled fallback file itself loads', async () => {
    const { fences, errors } = await loadGeofences(options(['geofences/geofence.json'], { rootDir: REPO_ROOT, fallbackFile: 'fallbacks/geofence.json' }));
    assert.deepEqual(errors, []);
    assert.ok(fences.length >= 2);
  });

  test('any other missing file is a CONFIG_MISSING error naming it', async () => {
    const { fences, errors } = await loadGeofences(options(['nope/areas.json', 'poracle.json']));
    assert.equal(fences.length, 3);
    assert.equal(errors[0]?.code, 'CONFIG_MISSING');
    assert.match(errors[0]!.message, /nope\/areas\.json does not exist/);
  });

  test('nothing loads: an empty set and an error log', async () => {
    const captured = captureLog();
    const { fences, errors } = await loadGeofences(withLog(options(['broken.json', 'missing.json']), captured.log));
    assert.deepEqual(fences, []);
    assert.equal(errors.length, 2);
    const line = captured.find(/no geofence loaded/);
    assert.equal(line?.level, 'error');
  });

  test('duplicate names are loaded and warned about', async () => {
    const captured = captureLog();
    const { fences } = await loadGeofences(withLog(options(['poracle.json', 'poracle.json']), captured.log));
    assert.equal(fences.length, 6);
    assert.ok(captured.find(/share a name/));
  });

  test('the shared example file loads', { skip: existsSync(SHARED_EXAMPLE) ? false : `absent: ${SHARED_EXAMPLE}` }, async () => {
    const { errors } = await loadGeofences(options([SHARED_EXAMPLE]));
    assert.deepEqual(errors.map((e) => e.message), []);
  });
});
