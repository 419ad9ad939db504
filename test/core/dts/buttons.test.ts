/**
 * Link buttons of DTS entries: which written buttons are sent (PoracleNG's fields, plus `url`), their label and
 * url rendered per recipient with the message's view, the checks that leave a button out (logged once), rows of
 * 5 and at most 25, `show_if`, `applies_to` by the recipient's target type, and a shared render giving every
 * recipient exactly what a render of its own gives.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RenderRequest, View } from '../../../core/contract.ts';
import { DtsEngine } from '../../../core/dts/engine.ts';
import { readLinkButtons } from '../../../core/dts/buttons/definition.ts';
import type { Logger } from '../../../core/log/logger.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { SharedRenders } from '../../../core/pipeline/shared-renders.ts';
import { FlatView, layer } from '../../../core/pipeline/view.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { SHIPPED_PLATFORMS } from '../../fixtures/dts/platforms.ts';
import { dtsTree, entry } from '../../fixtures/dts/tree.ts';

const meta = { eventId: 'e1', webhookType: 'pokemon', receivedAt: 0 };

function request(fields: Partial<RenderRequest> & { view: View }): RenderRequest {
  return { alertType: 'monster', platform: 'discord', language: 'en', templateId: '1', meta, ...fields };
}

async function engineFor(files: Record<string, unknown>, t: { after: (fn: () => void) => void }, log: Logger = silentLogger()): Promise<DtsEngine> {
  const tree = dtsTree(files);
  t.after(() => tree.remove());
  return DtsEngine.load({ rootDir: tree.root, log, platforms: SHIPPED_PLATFORMS, defaultTemplateId: '1' });
}

/** the log lines about buttons left out */
const buttonLines = (lines: readonly Record<string, unknown>[]) => lines.filter((l) => l.button !== undefined);

const link = (label: string, url: string, more: Record<string, unknown> = {}) => ({ label, url, ...more });

describe('which buttons are sent', () => {
  test('link buttons are kept; interactive, restricted or broken ones are left out with a reason, the entry still loads', () => {
    const { buttons, advisories } = readLinkButtons([
      link('Map', '{{{mapUrl}}}', { id: 'map', show_if: 'mapUrl', applies_to: ['dm', 'channel'] }),
      { id: 'mute_gym_1h', label: 'Mute this gym (1h)', style: 'danger', action: 'mute', scope: 'gym', params: { duration_min: 60 } },
      { id: 'coords', label: 'Copy coordinates', response_text: '{{latitude}}' },
      link('Both', 'https://x.test', { action: 'mute' }),
      link('Admins', 'https://x.test', { visible_to: 'admin' }),
      link('Broken', '{{#if x}}'),
      link('', 'https://x.test'),
      { label: 'No url' },
      link('Where', 'https://x.test', { applies_to: ['dm', 'guild'] }),
      link('Styled', 'https://x.test', { style: 'primary', applies_to: ['any', 'dm'], visible_to: 'anyone' }),
    ]);
    assert.deepEqual(buttons, [
      { name: '"map"', index: 0, label: 'Map', url: '{{{mapUrl}}}', showIf: '{{mapUrl}}', appliesTo: ['dm', 'channel'] },
      { name: '#10', index: 9, label: 'Styled', url: 'https://x.test', appliesTo: null },
    ]);
    assert.deepEqual(advisories, [
      'button "mute_gym_1h" left out: "action" makes it an interactive button, which is not sent: only link buttons (with a "url") are',
      'button "coords" left out: "response_text" makes it an interactive button, which is not sent: only link buttons (with a "url") are',
      'button #4 left out: has both "url" and "action": a link button only opens its url',
      'button #5 left out: "visible_to" is "admin", but anyone who sees a link can open it',
      `button #6 left out: broken Handlebars in "url": ${advisories[4]!.split('broken Handlebars in "url": ')[1]}`,
      'button #7 left out: "label" must be a non-empty string',
      'button #8 left out: "url" is missing',
      'button #9 left out: "applies_to" has "guild" (expected dm, channel, webhook or any)',
      'button #10: "style" primary is ignored: a link button is always drawn as a link',
    ]);
    assert.match(advisories[4]!, /^button #6 left out: broken Handlebars in "url": Parse error/);
  });

  test('a TOML entry with PoracleNG-style buttons loads without problems; what is left out is an advisory', async (t) => {
    const toml = [
      '[[entry]]', 'id = "1"', 'type = "monster"', 'platform = "discord"', 'language = "en"', 'template = """', '{ "embed": { "title": "{{name}}" } }', '"""', '',
      '  [[entry.buttons]]', '  id = "map"', '  label = "Open {{name}}"', '  url = "{{{mapUrl}}}"', '',
      '  [[entry.buttons]]', '  id = "mute_species_1h"', '  label = "Mute"', '  action = "mute"', '  scope = "pokemon"', '  params = { duration_min = 60 }', '',
    ].join('\n');
    const engine = await engineFor({ 'config/dts/monster.toml': toml }, t);
    assert.deepEqual(engine.problems(), []);
    const loaded = engine.entries().find((e) => e.source.file === 'config/dts/monster.toml')!;
    assert.equal(loaded.buttons?.length, 2, 'the written tables are kept as they are (saved back unchanged)');
    assert.deepEqual(loaded.linkButtons?.map((b) => b.name), ['"map"']);
    assert.ok(engine.current().advisories.some((a) => a.startsWith('config/dts/monster.toml entry 1 (monster/1/discord/en') && a.includes('button "mute_species_1h" left out')));
    const message = engine.render(request({ view: { name: 'Pikachu', mapUrl: 'https://map.test/?a=1&b=2' } }));
    assert.deepEqual(message.buttons, [[{ label: 'Open Pikachu', url: 'https://map.test/?a=1&b=2' }]]);
  });
});

describe('rendering buttons', () => {
  test('label and url are Handlebars rendered with each recipient\'s view (helpers, private data and all)', async (t) => {
    const buttons = [link('{{name}} {{round iv}}% ({{@language}})', 'https://map.test/{{id}}?d={{distance}}'), link('Open in app', '{{{appUrl}}}')];
    const engine = await engineFor({ 'config/dts.json': [entry({ id: '1', template: { embed: { title: '{{name}}' } }, buttons })] }, t);
    const near = engine.render(request({ view: { name: 'Pikachu', iv: 97.8, id: 7, distance: 120, appUrl: 'https://app.test/x?y=1&z=2' } }));
    const far = engine.render(request({ view: { name: 'Pikachu', iv: 97.8, id: 7, distance: 9000, appUrl: 'https://app.test/x?y=1&z=2' } }));
    assert.deepEqual(near, {
      platform: 'discord',
      body: { embed: { title: 'Pikachu' } },
      buttons: [[{ label: 'Pikachu 98% (en)', url: 'https://map.test/7?d=120' }, { label: 'Open in app', url: 'https://app.test/x?y=1&z=2' }]],
    });
    assert.equal(far.buttons?.[0]?.[0]?.url, 'https://map.test/7?d=9000');
  });

  test('an entry without buttons renders no buttons member', async (t) => {
    const engine = await engineFor({ 'config/dts.json': [entry({ id: '1', template: { content: 'hi' } })] }, t);
    assert.deepEqual(engine.render(request({ view: {} })), { platform: 'discord', body: { content: 'hi' } });
  });

  test('rows of 5 in order; past 25 the rest are left out and logged once per loaded set', async (t) => {
    const captured = captureLog('warn');
    const many = Array.from({ length: 27 }, (_, i) => link(`B${i + 1}`, `https://x.test/${i + 1}`));
    const engine = await engineFor({ 'config/dts.json': [entry({ id: '1', buttons: many.slice(0, 7) }), entry({ id: '2', buttons: many })] }, t, captured.log);
    const seven = engine.render(request({ view: {} }));
    assert.deepEqual(seven.buttons?.map((row) => row.map((b) => b.label)), [['B1', 'B2', 'B3', 'B4', 'B5'], ['B6', 'B7']]);
    const full = engine.render(request({ templateId: '2', view: {} }));
    engine.render(request({ templateId: '2', view: {} }));
    assert.deepEqual(full.buttons?.map((row) => row.length), [5, 5, 5, 5, 5]);
    assert.equal(full.buttons?.[4]?.[4]?.label, 'B25');
    const limits = buttonLines(captured.lines).filter((l) => l.reason === 'limit');
    assert.deepEqual(limits.map((l) => l.button), ['#26', '#27'], 'each left-out button once, although rendered twice');
    assert.match(String(limits[0]!.msg), /button #26 left out: a message holds at most 25 buttons \(5 rows of 5\)/);
  });

  test('a button that cannot be sent is left out, the message and the other buttons still go; each reason logged once', async (t) => {
    const captured = captureLog('warn');
    const buttons = [
      link('Map', '{{{mapUrl}}}', { id: 'map' }),
      link('{{nickname}}', 'https://x.test', { id: 'nick' }),
      link('Relative', '/relative/{{id}}', { id: 'relative' }),
      link('Script', 'javascript:alert(1)', { id: 'script' }),
      link('Long', `https://x.test/${'a'.repeat(520)}`, { id: 'long' }),
      link('Helper', '{{noSuchHelper 1}}', { id: 'helper' }),
      link('Kept', 'https://kept.test/{{id}}', { id: 'kept' }),
    ];
    const engine = await engineFor({ 'config/dts.json': [entry({ id: '1', template: { content: '{{id}}' }, buttons })] }, t, captured.log);
    const first = engine.render(request({ view: { id: 1, mapUrl: '' } }));
    engine.render(request({ view: { id: 2, mapUrl: '' } }));
    assert.deepEqual(first, { platform: 'discord', body: { content: '1' }, buttons: [[{ label: 'Kept', url: 'https://kept.test/1' }]] });
    const dropped = buttonLines(captured.lines);
    assert.deepEqual(dropped.map((l) => [l.button, l.reason]), [['"map"', 'url'], ['"nick"', 'label'], ['"relative"', 'url'], ['"script"', 'url'], ['"long"', 'url'], ['"helper"', 'render']]);
    assert.match(String(dropped[0]!.msg), /^dts: monster\/1\/discord\/en \(config\/dts\.json entry 0\): button "map" left out: its url rendered empty/);
    assert.match(String(dropped[2]!.msg), /not an absolute http\(s\) URL: "\/relative\/1"/);
    assert.match(String(dropped[4]!.msg), /longer than 512 characters/);
    assert.match(String(dropped[5]!.msg), /noSuchHelper/);
  });

  test('show_if: written bare or in braces; empty, "false" and "0" hide the button quietly', async (t) => {
    const captured = captureLog('warn');
    const buttons = [link('PVP', 'https://pvp.test', { show_if: 'pvpAvailable' }), link('Shiny', 'https://shiny.test', { show_if: '{{#if shiny}}yes{{/if}}' })];
    const engine = await engineFor({ 'config/dts.json': [entry({ id: '1', buttons })] }, t, captured.log);
    const labels = (view: View) => engine.render(request({ view })).buttons?.flat().map((b) => b.label) ?? [];
    assert.deepEqual(labels({ pvpAvailable: true, shiny: true }), ['PVP', 'Shiny']);
    assert.deepEqual(labels({ pvpAvailable: 'false', shiny: false }), []);
    assert.deepEqual(labels({ pvpAvailable: 0 }), []);
    assert.deepEqual(labels({ pvpAvailable: 'yes', shiny: 0 }), ['PVP']);
    assert.deepEqual(buttonLines(captured.lines), []);
  });

  test('applies_to keeps a button for the destinations it names; without a target type every button is kept', async (t) => {
    const buttons = [link('Everyone', 'https://a.test'), link('DM only', 'https://dm.test', { applies_to: ['dm'] }), link('Shared', 'https://ch.test', { applies_to: ['channel', 'webhook'] })];
    const engine = await engineFor({ 'config/dts.json': [entry({ id: '1', buttons })] }, t);
    const labels = (targetType?: string) => engine.render(request({ view: {}, ...(targetType ? { targetType } : {}) })).buttons?.flat().map((b) => b.label);
    assert.deepEqual(labels('discord:user'), ['Everyone', 'DM only']);
    assert.deepEqual(labels('telegram:user'), ['Everyone', 'DM only']);
    assert.deepEqual(labels('discord:channel'), ['Everyone', 'Shared']);
    assert.deepEqual(labels('discord:thread'), ['Everyone', 'Shared']);
    assert.deepEqual(labels('telegram:group'), ['Everyone', 'Shared']);
    assert.deepEqual(labels('webhook'), ['Everyone', 'Shared']);
    assert.deepEqual(labels(), ['Everyone', 'DM only', 'Shared']);
  });

  test('a shortlink marker in a url is checked as the URL it holds and left for the shortener', async (t) => {
    const engine = await engineFor({ 'config/dts.json': [entry({ id: '1', buttons: [link('Map', '<S<{{{mapUrl}}}>S>'), link('Bad', '<S<not a url>S>')] })] }, t);
    const message = engine.render(request({ view: { mapUrl: 'https://maps.test/?q=1,2' } }));
    assert.deepEqual(message.buttons, [[{ label: 'Map', url: '<S<https://maps.test/?q=1,2>S>' }]]);
  });
});

describe('shared renders with buttons', () => {
  const BASE: View = Object.create({ name: 'Pikachu', id: 25 }) as View;
  const RECIPIENTS: readonly (readonly [View, string])[] = [
    [{ distance: 1234, bearing: 87, bearingEmoji: '➡️', prefix: '!' }, 'discord:user'],
    [{ distance: 1234, bearing: 87, bearingEmoji: '➡️', prefix: '!' }, 'discord:channel'],
    [{ distance: '', bearing: '', bearingEmoji: '', prefix: '!' }, 'discord:user'],
    [{ distance: 0, bearing: 0, bearingEmoji: '⬆️', prefix: '!' }, 'webhook'],
    [{ distance: 98_765, bearing: 301, bearingEmoji: '↖️', prefix: '!' }, 'discord:thread'],
  ];

  test('each recipient of one shared render gets what a render of its own gives: values filled in, show_if and applies_to its own', async (t) => {
    const buttons = [
      link('{{distance}} m {{{bearingEmoji}}}', 'https://map.test/{{id}}?d={{distance}}&b={{bearing}}', { show_if: 'distance' }),
      link('Go {{name}}', 'https://go.test/{{bearing}}', { show_if: '{{bearing}}' }),
      link('Channel', 'https://ch.test/{{distance}}', { applies_to: ['channel'] }),
      link('{{#if distance}}Near{{else}}Unknown{{/if}}', 'https://n.test'),
    ];
    const engine = await engineFor({ 'config/dts.json': [entry({ id: '1', template: { content: '{{name}} {{distance}}' }, buttons })] }, t);
    const shared = new SharedRenders(engine);
    const view = FlatView.of(BASE);
    let withButtons = 0;
    for (const [common, targetType] of RECIPIENTS) {
      const req = request({ view: BASE, targetType });
      const { view: _unused, ...rest } = req;
      const once = shared.render({ request: rest, view, common, extra: undefined });
      assert.ok(once, 'the template shares');
      const own = engine.render({ ...req, view: layer(BASE, common) });
      assert.deepEqual(once, own, `${targetType} with ${JSON.stringify(common)}`);
      if (own.buttons) withButtons++;
    }
    assert.equal(withButtons, RECIPIENTS.length);
  });

  test('a button using a shared variable other than as printed text makes the entry render per recipient', async (t) => {
    const engine = await engineFor({ 'config/dts.json': [entry({ id: '1', template: { content: '{{distance}}' }, buttons: [link('{{round distance}} m', 'https://x.test')] })] }, t);
    assert.equal(engine.renderShared(request({ view: {} }), ['distance', 'bearing', 'bearingEmoji']), null);
  });
});
