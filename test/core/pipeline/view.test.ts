/**
 * Event views: flat copies of the event's variables, with a recipient's variables laid on only while one
 * message renders.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FlatView, layer, withFallbacks } from '../../../core/pipeline/view.ts';

describe('withFallbacks', () => {
  it('copies the view with its inherited variables and adds the lower ones it lacks; the view wins', () => {
    const raw = { weight: 6.4999, spawnpoint_id: 'sp-1' };
    const view = layer(raw, { weight: '6.50', name: 'Pikachu' });
    const merged = withFallbacks(view, { name: 'common name', latitude: 1.5 });
    assert.deepEqual({ ...merged }, { weight: '6.50', name: 'Pikachu', spawnpoint_id: 'sp-1', latitude: 1.5 });
    assert.equal(Object.getPrototypeOf(merged), Object.prototype, 'flat: no chain to walk');
    assert.deepEqual(raw, { weight: 6.4999, spawnpoint_id: 'sp-1' });
  });

  it('does not let a "__proto__" variable (as JSON.parse makes it) change the copy\'s prototype', () => {
    const view = JSON.parse('{"__proto__": {"polluted": true}, "name": "x"}') as Record<string, unknown>;
    const merged = withFallbacks(view, JSON.parse('{"__proto__": {"also": true}}') as Record<string, unknown>);
    assert.equal(Object.getPrototypeOf(merged), Object.prototype);
    assert.equal(merged.name, 'x');
    assert.equal((merged as { polluted?: unknown }).polluted, undefined);
  });
});

describe('FlatView', () => {
  it('is a copy of the view with the language variables on top; neither source changes', () => {
    const base = layer({ raw: 1 }, { name: 'Pikachu', form: 'Normal' });
    const flat = FlatView.of(base, { name: 'Pikachu (fr)' });
    assert.deepEqual({ ...flat.view }, { name: 'Pikachu (fr)', form: 'Normal', raw: 1 });
    assert.equal((base as { name: string }).name, 'Pikachu');
  });

  it('lays the recipient layers on for one call (a later layer wins) and takes them off again', () => {
    const flat = FlatView.of({ name: 'Pikachu', distance: 'event distance' });
    const seen = flat.render([{ distance: 120, prefix: '!' }, { prefix: '/', userHasPvpTracks: true }], (view) => ({ ...view }));
    assert.deepEqual(seen, { name: 'Pikachu', distance: 120, prefix: '/', userHasPvpTracks: true });
    assert.deepEqual({ ...flat.view }, { name: 'Pikachu', distance: 'event distance' }, 'hidden value back, added ones gone');
    assert.equal(Object.hasOwn(flat.view, 'prefix'), false);
  });

  it('takes the layers off when the call throws', () => {
    const flat = FlatView.of({ name: 'Pikachu' });
    assert.throws(() => flat.render([{ name: 'Raichu', distance: 5 }, undefined], () => { throw new Error('broken template'); }), /broken template/);
    assert.deepEqual({ ...flat.view }, { name: 'Pikachu' });
  });

  it('one recipient never sees another\'s variables', () => {
    const flat = FlatView.of({ name: 'Pikachu' });
    flat.render([{ distance: 100, userHasPvpTracks: true }], () => null);
    const second = flat.render([{ distance: 200 }], (view) => ({ ...view }));
    assert.deepEqual(second, { name: 'Pikachu', distance: 200 });
  });
});
