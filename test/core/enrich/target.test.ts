import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { targetVariables } from '../../../core/enrich/target.ts';
import { matchFor } from './fixtures.ts';

const event = { latitude: 51.5, longitude: 0.01 };

describe('target variables', () => {
  test('a distance the matcher measured is used as it is, rounded', () => {
    const v = targetVariables({ location: event, match: matchFor({ latitude: 51.5, longitude: 0 }, { distanceM: 694.6 }), commandPrefix: '!' });
    assert.equal(v.distance, 695);
    assert.equal(v.bearing, 90);
    assert.equal(v.bearingEmoji, '\u27A1\uFE0F');
    assert.equal(v.prefix, '!');
  });

  test('the origin (a named location) wins over the human location', () => {
    const fromOrigin = targetVariables({ location: event, match: matchFor({ latitude: 51.5, longitude: 0.02 }, { origin: { latitude: 51.49, longitude: 0.01 } }), commandPrefix: '' });
    assert.equal(fromOrigin.distance, 1112);
    assert.equal(fromOrigin.bearing, 0);
    assert.equal(fromOrigin.bearingEmoji, '\u2B06\uFE0F');
  });

  test('the human location is used when there is no origin', () => {
    const v = targetVariables({ location: event, match: matchFor({ latitude: 51.5, longitude: 0.02 }), commandPrefix: '/' });
    assert.equal(v.distance, 692);
    assert.equal(v.bearing, 270);
    assert.equal(v.bearingEmoji, '\u2B05\uFE0F');
    assert.equal(v.prefix, '/');
  });

  test('a human at 0,0 has no location: distance and bearing are empty', () => {
    const v = targetVariables({ location: event, match: matchFor({ latitude: 0, longitude: 0 }), commandPrefix: '!' });
    assert.deepEqual(v, { distance: '', bearing: '', bearingEmoji: '', prefix: '!' });
  });

  test('an event without a location still gets the prefix', () => {
    const v = targetVariables({ location: null, match: matchFor({ latitude: 51.5, longitude: 0 }), commandPrefix: '$' });
    assert.deepEqual(v, { distance: '', bearing: '', bearingEmoji: '', prefix: '$' });
  });
});
