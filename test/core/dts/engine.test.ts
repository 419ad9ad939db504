import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { RenderRequest, View } from '../../../core/contract.ts';
import { DtsEngine } from '../../../core/dts/engine.ts';
import { isLookoutError } from '../../../core/errors.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { dtsTree, entry } from '../../fixtures/dts/tree.ts';
import { SHIPPED_PLATFORMS } from '../../fixtures/dts/platforms.ts';

const log = silentLogger();
const meta = { eventId: 'e1', webhookType: 'pokemon', receivedAt: 0 };
const sampleToml = readFileSync(new URL('../../fixtures/dts/sample.toml', import.meta.url), 'utf8');

function request(fields: Partial<RenderRequest> & { view: View }): RenderRequest {
  return { alertType: 'monster', platform: 'discord', language: 'en', templateId: null, meta, ...fields };
}

const discordBody = {
  embed: {
    color: '{{color}}',
    title: '{{name}} {{round iv}}%',
    description: '{{{addr}}}',
    fields: [{ name: 'CP', value: '{{cp}}', inline: true }],
    thumbnail: { url: '{{{imgUrl}}}' },
    image: { url: '{{{staticMap}}}' },
  },
  avatar_url: '{{{imgUrl}}}',
};
const telegramBody = { content: '*{{name}}* {{{addr}}}', sticker: '{{{stickerUrl}}}', parse_mode: 'Markdown', location: true, webpage_preview: false };

async function engineFor(files: Record<string, unknown>, t: { after: (fn: () => void) => void }, options: { fallbackLanguage?: string } = {}) {
  const tree = dtsTree(files);
  t.after(() => tree.remove());
  return { tree, engine: await DtsEngine.load({ rootDir: tree.root, log, platforms: SHIPPED_PLATFORMS, defaultTemplateId: '1', ...options }) };
}

describe('DtsEngine', () => {
  test('renders every string member of the body, deep, and keeps other values', async (t) => {
    const { engine } = await engineFor({ 'fallbacks/dts.json': [entry({ default: true, template: discordBody }), entry({ platform: 'telegram', default: true, template: telegramBody })] }, t);
    const view = { name: 'Pikachu', iv: 97.8, cp: 512, color: '#ff0000', addr: 'Main St & 1st', imgUrl: 'https://i/1.png?a=1&b=2', staticMap: 'https://m/x.png', stickerUrl: 'https://s/1.webp' };
    const discord = engine.render(request({ view }));
    assert.deepEqual(discord, {
      platform: 'discord',
      body: {
        embed: {
          color: '#ff0000',
          title: 'Pikachu 98%',
          description: 'Main St & 1st',
          fields: [{ name: 'CP', value: '512', inline: true }],
          thumbnail: { url: 'https://i/1.png?a=1&b=2' },
          image: { url: 'https://m/x.png' },
        },
        avatar_url: 'https://i/1.png?a=1&b=2',
      },
    });
    const telegram = engine.render(request({ platform: 'chat_b', view }));
    assert.deepEqual(telegram, { platform: 'telegram', body: { content: '*Pikachu* Main St & 1st', sticker: 'https://s/1.webp', parse_mode: 'Markdown', location: true, webpage_preview: false } });
  });

  test('templateId null uses the default id; a template id picks that template', async (t) => {
    const { engine } = await engineFor({ 'config/dts.json': [entry({ template: { content: 'one' } }), entry({ id: 2, template: { content: 'two' } })] }, t);
    assert.deepEqual(engine.render(request({ view: {} })).body, { content: 'one' });
    assert.deepEqual(engine.render(request({ templateId: '2', view: {} })).body, { content: 'two' });
  });

  test('falls back to the [general] locale language', async (t) => {
    const { engine } = await engineFor({ 'config/dts.json': [entry({ language: 'de', default: true, template: { content: 'de' } }), entry({ default: true, template: { content: 'en' } })] }, t);
    assert.deepEqual(engine.render(request({ language: 'de', view: {} })).body, { content: 'de' });
    assert.deepEqual(engine.render(request({ language: 'fr', view: {} })).body, { content: 'en' });
  });

  test('no template → NOT_FOUND naming type/platform/id/language; unknown platform → BAD_REQUEST', async (t) => {
    const { engine } = await engineFor({ 'config/dts.json': [entry()] }, t);
    assert.throws(
      () => engine.render(request({ alertType: 'raid', templateId: '3', language: 'de', view: {} })),
      (err: unknown) => isLookoutError(err) && err.code === 'NOT_FOUND' && /type=raid platform=discord id=3 language=de/.test(err.message) && err.context['type'] === 'raid',
    );
    assert.throws(() => engine.render(request({ platform: 'webhook', view: {} })), (err: unknown) => isLookoutError(err) && err.code === 'BAD_REQUEST');
  });

  test('text bodies: JSON text renders to the body, other text becomes content; string arrays are joined', async (t) => {
    const { engine } = await engineFor(
      {
        'config/dts/raid.toml': sampleToml,
        'config/dts.json': [entry({ type: 'quest', templateFile: 'quest.hbs', template: undefined }), entry({ type: 'lure', template: { embed: { description: ['{{#if a}}line {{a}}\n', 'line 2{{/if}}'] } } })],
        'config/dts/quest.hbs': '{"embed": {"title": "{{title}}", "color": {{#if red}}16711680{{else}}255{{/if}} }}',
      },
      t,
    );
    const view = { name: 'Mewtwo', gymName: 'Park & Ride', endTimestamp: 1700000000, time: '12:00' };
    assert.deepEqual(engine.render(request({ alertType: 'raid', templateId: '7', view })).body, { embed: { title: 'Mewtwo raid', description: 'Ends <t:1700000000:R>\nat Park & Ride' } });
    assert.deepEqual(engine.render(request({ alertType: 'raid', platform: 'telegram', templateId: 'plain', view })).body, { content: '*Mewtwo* raid at Park & Ride\nEnds 12:00\n' });
    assert.deepEqual(engine.render(request({ alertType: 'quest', view: { title: 'Q', red: true } })).body, { embed: { title: 'Q', color: 16711680 } });
    assert.deepEqual(engine.render(request({ alertType: 'lure', view: { a: 1 } })).body, { embed: { description: 'line 1\nline 2' } });
  });

  test('renderTemplate serves help topics (no pipeline event needed)', async (t) => {
    const help = (id: string, text: string, fields: Record<string, unknown> = {}) => entry({ type: 'help', id, platform: '', language: '', template: { content: text }, ...fields });
    const { engine } = await engineFor({ 'fallbacks/dts.json': [help('index', 'Use {{prefix}}help <topic>'), help('track', 'Track with {{prefix}}track')] }, t);
    const render = (id: string, platform = 'telegram') => engine.renderTemplate({ type: 'help', id, platform, language: 'de', view: { prefix: '!' } }).body;
    assert.deepEqual(render('index'), { content: 'Use !help <topic>' });
    assert.deepEqual(render('track', 'discord'), { content: 'Track with !track' });
    assert.equal(engine.select('help', 'discord', 'nope', 'en'), null);
  });

  test('templateIds and entries expose the loaded set with sources', async (t) => {
    const { engine } = await engineFor({ 'fallbacks/dts.json': [entry(), entry({ id: 2 })], 'config/dts.json': [entry({ id: 2, platform: 'telegram' }), entry({ id: 'pvp' })] }, t);
    assert.deepEqual(engine.templateIds('monster', 'discord'), ['1', '2', 'pvp']);
    assert.deepEqual(engine.templateIds('monster', 'chat_b'), ['2']);
    assert.deepEqual(engine.entries().map((e) => `${e.source.file}#${e.source.index}`), ['fallbacks/dts.json#0', 'fallbacks/dts.json#1', 'config/dts.json#0', 'config/dts.json#1']);
    assert.deepEqual(engine.problems(), []);
  });

  test('reload swaps the whole set; a broken reload keeps the previous set and returns the problems', async (t) => {
    const { engine, tree } = await engineFor({ 'config/dts.json': [entry({ template: { content: 'v1 {{> p}}' } })], 'config/partials.json': { p: 'P1' } }, t);
    const content = () => engine.render(request({ view: {} })).body['content'];
    assert.equal(content(), 'v1 P1');

    tree.write('config/dts.json', [entry({ template: { content: 'v2 {{> p}}' } })]);
    tree.write('config/partials.json', { p: 'P2' });
    assert.deepEqual(await engine.reload(), { ok: true, problems: [], entries: 1 });
    assert.equal(content(), 'v2 P2');

    tree.write('config/dts.json', [entry({ template: { content: 'v3 {{#if}}' } }), entry({ id: 2 })]);
    const broken = await engine.reload();
    assert.equal(broken.ok, false);
    assert.deepEqual(broken.problems.map((p) => [p.file, p.entry]), [['config/dts.json', 0]]);
    assert.equal(content(), 'v2 P2');

    const forced = await engine.reload({ force: true });
    assert.equal(forced.ok, true);
    assert.deepEqual(engine.templateIds('monster', 'discord'), ['2']);
    assert.equal(engine.problems().length, 1);
  });

  test('a render error names the entry, its file and the member', async (t) => {
    const { engine } = await engineFor({ 'config/dts/x.json': [entry({ template: { embed: { title: 'ok', description: '{{missingHelper 1}}' } } })] }, t);
    assert.throws(
      () => engine.render(request({ view: {} })),
      (err: unknown) =>
        isLookoutError(err) &&
        err.code === 'BAD_REQUEST' &&
        err.message.includes('monster/1/discord/en (config/dts/x.json entry 0)') &&
        err.message.includes('embed.description: Missing helper: "missingHelper"') &&
        err.context['file'] === 'config/dts/x.json',
    );
  });
});
