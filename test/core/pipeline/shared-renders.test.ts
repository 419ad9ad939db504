/**
 * Which recipients share one render: those whose messages differ only in the shared variables' values.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { RenderedMessage } from '../../../core/model.ts';
import type { RenderRequest } from '../../../core/contract.ts';
import { SharedRenders, type SharingRenderer } from '../../../core/pipeline/shared-renders.ts';
import { FlatView } from '../../../core/pipeline/view.ts';

function countingRenderer(): { renderer: SharingRenderer; renders: () => number } {
  let renders = 0;
  const renderer: SharingRenderer = {
    render: () => assert.fail('a shared render was expected'),
    renderShared: (request: RenderRequest, names: readonly string[]) => {
      renders++;
      return (values: readonly string[]): RenderedMessage => ({ platform: request.platform, body: { template: request.templateId, filled: names.map((n, i) => `${n}=${values[i]}`).join(' ') } });
    },
  };
  return { renderer, renders: () => renders };
}

const request = (templateId: string | null): Omit<RenderRequest, 'view'> => ({ alertType: 'monster', platform: 'discord', language: 'en', templateId, meta: { eventId: 'e', webhookType: 'pokemon', receivedAt: 0 } });
const view = FlatView.of({});

it('recipients differing only in distance and bearing share a render; anything else makes a group of its own', () => {
  const { renderer, renders } = countingRenderer();
  const shared = new SharedRenders(renderer);
  const near = shared.render({ view, request: request('1'), common: { distance: 120, bearing: 45, bearingEmoji: '↗', prefix: '!' }, extra: undefined });
  const far = shared.render({ view, request: request('1'), common: { distance: 2500, bearing: 270, bearingEmoji: '⬅', prefix: '!' }, extra: undefined });
  assert.equal(renders(), 1);
  assert.deepEqual(near?.body, { template: '1', filled: 'distance=120 bearing=45 bearingEmoji=↗' });
  assert.deepEqual(far?.body, { template: '1', filled: 'distance=2500 bearing=270 bearingEmoji=⬅' });
  shared.render({ view, request: request('1'), common: { distance: 120, bearing: 45, bearingEmoji: '↗', prefix: '/' }, extra: undefined });
  assert.equal(renders(), 2, 'another prefix');
  shared.render({ view, request: request('1'), common: { distance: '', bearing: '', bearingEmoji: '', prefix: '!' }, extra: undefined });
  assert.equal(renders(), 3, 'empty shared values (an if/unless sees them)');
  shared.render({ view, request: request('1'), common: { distance: 120, bearing: 45, bearingEmoji: '↗', prefix: '!' }, extra: { userHasPvpTracks: true } });
  assert.equal(renders(), 4, "the plugin's own recipient variables");
  shared.render({ view, request: request(null), common: { distance: 120, bearing: 45, bearingEmoji: '↗', prefix: '!' }, extra: undefined });
  shared.render({ view, request: request('null'), common: { distance: 120, bearing: 45, bearingEmoji: '↗', prefix: '!' }, extra: undefined });
  assert.equal(renders(), 6, 'no template and a template named "null" are two templates');
});

it("recipients of different target types share a render; each copy is filled for its own target type", () => {
  let renders = 0;
  const renderer: SharingRenderer = {
    render: () => assert.fail('a shared render was expected'),
    renderShared: (req: RenderRequest) => {
      renders++;
      return (values, targetType): RenderedMessage => ({ platform: req.platform, body: { distance: values[0], for: targetType } });
    },
  };
  const shared = new SharedRenders(renderer);
  const common = { distance: 120, bearing: 45, bearingEmoji: '↗', prefix: '!' };
  const dm = shared.render({ view, request: { ...request('1'), targetType: 'discord:user' }, common, extra: undefined });
  const channel = shared.render({ view, request: { ...request('1'), targetType: 'discord:channel' }, common, extra: undefined });
  assert.equal(renders, 1);
  assert.deepEqual(dm?.body, { distance: '120', for: 'discord:user' });
  assert.deepEqual(channel?.body, { distance: '120', for: 'discord:channel' });
});
