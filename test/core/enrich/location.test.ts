import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { locationVariables, navigationLinks } from '../../../core/enrich/location.ts';
import { fence } from './fixtures.ts';

describe('location variables', () => {
  test('areas lists only fences shown in matches; matched lists every fence lower-cased', () => {
    const v = locationVariables({ latitude: 51.5, longitude: -0.12 }, [fence('Soho'), fence('Hidden Zone', { displayInMatches: false }), fence('West End')]);
    assert.equal(v.latitude, 51.5);
    assert.equal(v.longitude, -0.12);
    assert.equal(v.areas, 'Soho, West End');
    assert.deepEqual(v.matched, ['soho', 'hidden zone', 'west end']);
  });

  test('matchedAreas: every fence as the previous generation listed it (name, description, displayInMatches, group)', () => {
    const v = locationVariables({ latitude: 51.5, longitude: -0.12 }, [fence('Soho', { description: 'the square', group: 'central' }), fence('Hidden Zone', { displayInMatches: false })]);
    assert.deepEqual(v.matchedAreas, [
      { name: 'Soho', description: 'the square', displayInMatches: true, group: 'central' },
      { name: 'Hidden Zone', description: '', displayInMatches: false, group: '' },
    ]);
  });

  test('no fences: empty areas and matched', () => {
    const v = locationVariables({ latitude: 1, longitude: 2 }, []);
    assert.equal(v.areas, '');
    assert.deepEqual(v.matched, []);
  });

  test('navigation links point at the event with the usual link formats and the older names', () => {
    const links = navigationLinks({ latitude: 35.6812, longitude: 139.7671 });
    assert.equal(links.navUrlA, 'https://www.google.com/maps/search/?api=1&query=35.6812,139.7671');
    assert.equal(links.navUrlB, 'https://maps.apple.com/?daddr=35.6812,139.7671');
    assert.equal(links.navUrlC, 'https://www.waze.com/ul?ll=35.6812,139.7671&navigate=yes&zoom=17');
    assert.equal(links.googleMapUrl, links.navUrlA);
    assert.equal(links.appleMapUrl, links.navUrlB);
    assert.equal(links.wazeMapUrl, links.navUrlC);
    assert.equal(links.mapurl, links.navUrlA);
    assert.equal(links.applemap, links.navUrlB);
  });
});
