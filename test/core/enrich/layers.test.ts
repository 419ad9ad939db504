import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createCommonEnricher } from '../../../core/enrich/index.ts';
import { needsShortening, shortenMessage, withCommonVariables } from '../../../core/enrich/layers.ts';
import type { CommonEnricher } from '../../../core/enrich/types.ts';
import { layer } from '../../../core/pipeline/view.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { configWith } from './fixtures.ts';

describe('the common variables under a plugin view', () => {
  test('a layered plugin view keeps its own variables, those underneath, and gets the common ones it lacks', async () => {
    const { log } = captureLog();
    const enricher = createCommonEnricher({ config: configWith({}), log, rootDir: process.cwd(), now: () => Date.UTC(2024, 5, 1) });
    // a plugin view the way monster builds it: computed variables over the raw webhook
    const raw = { spawnpoint_id: 'sp-1', weight: 6.4999, latitude: 1 };
    const pluginView = layer(raw, { weight: '6.50', name: 'Pikachu' });
    const view = await withCommonVariables(enricher, pluginView, { place: { location: { latitude: 35.68, longitude: 139.77 }, fences: [] }, expiresAt: null, alertType: 'monster', eventId: 'e1' }, log);
    assert.equal(view.name, 'Pikachu');
    assert.equal(view.weight, '6.50', 'the computed variable wins over the raw one');
    assert.equal(view.spawnpoint_id, 'sp-1', 'the raw webhook field stays readable');
    assert.equal(view.latitude, 1, "the plugin's variable wins over the common one of the same name");
    assert.equal(view.longitude, 139.77, 'a common variable the plugin lacks is there');
    assert.equal(typeof view.googleMapUrl, 'string');
    assert.equal(raw.weight, 6.4999, 'nothing underneath is changed');
  });
});

describe('shortening a rendered message', () => {
  const enricher: CommonEnricher = {
    eventView: async () => ({}),
    targetView: () => ({}),
    shortenMarked: async (text) => text.replace(/<S<(.*?)>S>/g, (_all, url: string) => `https://s.test/${url.length}`),
  };

  test("a marker in a button's url is shortened as one in the body is; a message without markers needs nothing", async () => {
    const message = { platform: 'discord', body: { content: 'plain' }, buttons: [[{ label: 'Map', url: '<S<https://maps.test/long>S>' }, { label: 'Plain', url: 'https://p.test' }]] };
    assert.equal(needsShortening(message), true, 'the marker is only in a button');
    assert.deepEqual(await shortenMessage(enricher, message), {
      platform: 'discord',
      body: { content: 'plain' },
      buttons: [[{ label: 'Map', url: 'https://s.test/22' }, { label: 'Plain', url: 'https://p.test' }]],
    });
    assert.equal(needsShortening({ platform: 'discord', body: { content: 'plain' }, buttons: [[{ label: 'Plain', url: 'https://p.test' }]] }), false);
  });
});

