import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadGeofences, type GeofenceLoadOptions, type LoadResult } from '../../../core/geo/load.ts';
import { GeofenceStore } from '../../../core/geo/store.ts';
import { areaHash, md5 } from '../../../core/geo/hash.ts';
import { options, tempRoot } from './support.ts';

const TRIANGLE = [[1, 1], [1, 2], [2, 2]];

function write(dir: string, fences: unknown[]): void {
  writeFileSync(join(dir, 'areas.json'), JSON.stringify(fences, null, 2));
}

describe('geofence store', () => {
  test('reload swaps in a new set; the hash changes exactly when the data changes', async () => {
    const root = tempRoot();
    try {
      write(root.dir, [{ name: 'One', path: TRIANGLE }]);
      const store = new GeofenceStore(options(['areas.json'], { rootDir: root.dir }));
      const empty = store.current;
      const started = await store.start();
      assert.equal(started.changed, true);
      const first = store.current;
      assert.notEqual(first, empty);
      assert.equal(first.index.query(1.5, 1.8)[0]?.name, 'One');
      assert.equal(store.hash, first.hash);

      writeFileSync(join(root.dir, 'areas.json'), JSON.stringify([{ name: 'One', path: TRIANGLE }]));
      const same = await store.reload();
      assert.deepEqual({ ok: same.ok, changed: same.changed }, { ok: true, changed: false }, 'formatting is not data');
      assert.equal(store.current, first, 'an unchanged reload keeps the same set object');

      write(root.dir, [{ name: 'One', path: TRIANGLE, description: 'now described' }]);
      const changed = await store.reload();
      assert.equal(changed.changed, true);
      assert.notEqual(store.hash, first.hash);
      assert.equal(first.fences[0]?.description, '', 'the old set is never mutated');

      write(root.dir, [{ name: 'One', path: TRIANGLE }]);
      await store.reload();
      assert.equal(store.hash, first.hash, 'back to the same data, back to the same hash');

      write(root.dir, [{ name: 'One', path: TRIANGLE, extra: { a: 1, b: 2 } }]);
      await store.reload();
      const withExtra = store.hash;
      write(root.dir, [{ extra: { b: 2, a: 1 }, path: TRIANGLE, name: 'One' }]);
      assert.equal((await store.reload()).changed, false, 'key order is not data');
      assert.equal(store.hash, withExtra);
    } finally {
      root.cleanup();
    }
  });

  test('a failed reload keeps the set in use', async () => {
    const root = tempRoot();
    try {
      write(root.dir, [{ name: 'One', path: TRIANGLE }]);
      const store = new GeofenceStore(options(['areas.json'], { rootDir: root.dir }));
      await store.start();
      const before = store.current;
      writeFileSync(join(root.dir, 'areas.json'), '[{"name": "One", ');
      const outcome = await store.reload();
      assert.equal(outcome.ok, false);
      assert.equal(outcome.errors[0]?.code, 'CONFIG_INVALID');
      assert.equal(store.current, before);
      write(root.dir, [{ name: 'One', path: TRIANGLE }, { name: 'Broken', path: [[1, 1]] }]);
      assert.equal((await store.reload()).ok, false, 'a reload is all or nothing');
      assert.equal(store.current, before);
    } finally {
      root.cleanup();
    }
  });

  test('the first load keeps whatever loads', async () => {
    const store = new GeofenceStore(options(['poracle.json', 'broken.json']));
    const outcome = await store.start();
    assert.equal(outcome.ok, true);
    assert.equal(outcome.errors.length, 1);
    assert.equal(store.current.fences.length, 3);
  });

  test('matching reads the old set until the new one is complete', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    const loader = async (o: GeofenceLoadOptions): Promise<LoadResult> => {
      calls++;
      if (calls === 2) await gate;
      return loadGeofences(calls === 1 ? o : { ...o, paths: ['geojson.json'] });
    };
    const store = new GeofenceStore(options(['poracle.json']), loader);
    await store.start();
    const old = store.current;
    const pending = store.reload();
    await new Promise((r) => setTimeout(r, 10));
    assert.equal(store.current, old);
    assert.equal(store.current.index.query(10.5, 20.5)[0]?.name, 'Alpha');
    release();
    assert.equal((await pending).changed, true);
    assert.equal(store.current.index.byName('Donut')?.name, 'Donut');
  });

  test('a loader that throws keeps the set in use', async () => {
    let fail = false;
    const store = new GeofenceStore(options(['poracle.json']), async (o) => {
      if (fail) throw new Error('disk on fire');
      return loadGeofences(o);
    });
    await store.start();
    const before = store.current;
    fail = true;
    const outcome = await store.reload();
    assert.equal(outcome.ok, false);
    assert.match(outcome.errors[0]!.message, /disk on fire/);
    assert.equal(store.current, before);
  });

  test('per-area hashes are md5 of JSON(path)', async () => {
    const store = new GeofenceStore(options(['poracle.json']));
    await store.start();
    const alpha = store.current.index.byName('Alpha');
    assert.ok(alpha);
    assert.equal(store.current.areaHashes.Alpha, md5(JSON.stringify([[10, 20], [10, 21], [11, 21], [11, 20]])));
    assert.equal(areaHash(alpha), store.current.areaHashes.Alpha);
    assert.match(store.current.areaHashes.Beta ?? '', /^[0-9a-f]{32}$/);
  });
});
