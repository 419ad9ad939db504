import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseJsonText, stripJsonComments } from '../../../core/geo/formats/json-text.ts';
import { parseGeofenceText } from '../../../core/geo/formats/document.ts';
import { loadGeofences } from '../../../core/geo/load.ts';
import { options } from './support.ts';

describe('geofence formats', () => {
  test('Poracle format: path, multipath, named fields, extra members, defaults', async () => {
    const { fences, errors } = await loadGeofences(options(['poracle.json']));
    assert.deepEqual(errors, []);
    assert.deepEqual(fences.map((f) => f.name), ['Alpha', 'Beta', 'city']);
    const [alpha, beta, nameless] = fences;
    assert.ok(alpha && beta && nameless);
    assert.equal(alpha.id, 1);
    assert.equal(alpha.group, 'North');
    assert.equal(alpha.color, '#ff0000');
    assert.equal(alpha.description, 'a square');
    assert.equal(alpha.userSelectable, true);
    assert.equal(alpha.displayInMatches, true);
    assert.equal(alpha.multi, false);
    assert.deepEqual(alpha.polygons, [[[[10, 20], [10, 21], [11, 21], [11, 20]]]]);
    assert.equal(alpha.properties.parent, 'Region A');
    assert.equal(alpha.properties.path, undefined, 'geometry is not a property');
    assert.equal(alpha.source, 'poracle.json');
    assert.equal(beta.multi, true);
    assert.equal(beta.polygons.length, 2);
    assert.equal(beta.userSelectable, false);
    assert.equal(beta.displayInMatches, false);
    assert.equal(nameless.id, 2, 'position in the file is the id of last resort');
    assert.equal(nameless.group, '');
  });

  test('GeoJSON: Polygon with hole, MultiPolygon, [lon, lat] turned into [lat, lon]', async () => {
    const { fences, errors } = await loadGeofences(options(['geojson.json']));
    assert.deepEqual(errors, []);
    assert.deepEqual(fences.map((f) => f.name), ['Donut', 'islands', 'city']);
    const [donut, islands] = fences;
    assert.ok(donut && islands);
    assert.equal(donut.multi, false);
    assert.equal(donut.polygons[0]?.length, 2, 'outer ring + hole');
    assert.deepEqual(donut.polygons[0]?.[0]?.[1], [10, 34]);
    assert.equal(islands.multi, true);
    assert.deepEqual(islands.polygons.map((p) => p.length), [1, 2]);
  });

  test('GeoJSON properties are kept; the named fields win on a key collision', async () => {
    const { fences } = await loadGeofences(options(['geojson.json']));
    const [donut, , unnamed] = fences;
    assert.ok(donut && unnamed);
    assert.equal(donut.properties.mode, 'auto_spawn');
    assert.equal(donut.properties.parent, 'Region B');
    assert.equal(donut.userSelectable, true, '"no" is not a boolean: the default applies');
    assert.equal(donut.properties.userSelectable, true, 'the named field replaces the raw property');
    assert.equal(donut.id, 7);
    assert.equal(donut.properties.id, 7);
    assert.equal(unnamed.name, 'city');
    assert.equal(unnamed.properties.name, 'city');
    assert.equal(unnamed.id, 'f-9', 'the Feature id is used when properties have none');
  });

  test('a fence with no name gets the configured default name', async () => {
    const { fences } = await loadGeofences(options(['poracle.json', 'geojson.json'], { defaultName: 'town' }));
    assert.deepEqual(fences.filter((f) => f.name === 'town').length, 2);
  });

  test('non-polygon features are skipped, broken fences are reported and the rest of the file loads', async () => {
    const { fences, errors } = await loadGeofences(options(['bad-fence.json']));
    assert.deepEqual(fences.map((f) => f.name), ['Good']);
    assert.equal(errors.length, 3);
    for (const e of errors) assert.equal(e.code, 'CONFIG_INVALID');
    assert.match(errors[0]!.message, /bad-fence\.json: fence #1 "TooSmall": path: a ring needs at least 3 distinct points/);
    assert.match(errors[1]!.message, /"Swapped".*out of range.*swapped/);
    assert.match(errors[2]!.message, /"NoGeometry": has neither "path" nor "multipath"/);
  });

  test('comments are removed outside strings only', async () => {
    assert.equal(stripJsonComments('{"a": "x // y /* z */"} // tail'), '{"a": "x // y /* z */"} ');
    assert.deepEqual(parseJsonText('\uFEFF[1, /* two */ 2]'), [1, 2]);
    const { fences } = await loadGeofences(options(['commented.json']));
    assert.equal(fences[0]?.name, 'Commented // not a comment');
    assert.equal(fences[0]?.description, 'see http://example.invalid/a/*b*/c');
  });

  test('a {"data": …} wrapper (geofence services) is unwrapped; other documents are refused', () => {
    const wrapped = parseGeofenceText(JSON.stringify({ status: 'ok', data: [{ name: 'w', path: [[1, 1], [1, 2], [2, 2]] }] }));
    assert.equal(wrapped.format, 'poracle');
    assert.equal(wrapped.drafts.length, 1);
    assert.throws(() => parseGeofenceText('{"type": "Feature"}'), /neither a Poracle geofence array nor a GeoJSON FeatureCollection/);
    assert.throws(() => parseGeofenceText('[{'), /is not valid JSON/);
  });
});
