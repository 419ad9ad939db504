import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ApiItem } from '../../../core/tracking/api-item.ts';
import type { TrackingApiContext } from '../../../core/tracking/api-spec.ts';
import { lureApi } from '../../../plugins/lure/api.ts';
import { testPluginSetup } from '../../helpers/plugin-setup.ts';

const setup = await testPluginSetup();
const ctx: TrackingApiContext = { gameData: setup.services.gameData(), config: setup.config };
const draft = (body: Record<string, unknown>) => lureApi.draft(new ApiItem(body, 'body[0]'), ctx);

it('reads lure_id loosely, 0 (any lure) when missing', () => {
  assert.deepEqual(draft({ lure_id: 502 }), [{ lure_id: 502 }]);
  assert.deepEqual(draft({ lure_id: '506' }), [{ lure_id: 506 }]);
  assert.deepEqual(draft({}), [{ lure_id: 0 }]);
});

it('refuses a lure id the game does not have, naming the field', () => {
  assert.throws(() => draft({ lure_id: 507 }), /body\[0\]\.lure_id must be .*Unrecognised lure_id value/);
  assert.throws(() => draft({ lure_id: 'mossy' }), /body\[0\]\.lure_id/);
});

it('leaves unknown fields unread so the core refuses them', () => {
  const item = new ApiItem({ lure_id: 501, colour: 'red' }, '');
  lureApi.draft(item, ctx);
  assert.deepEqual(item.unread(), ['colour']);
});
