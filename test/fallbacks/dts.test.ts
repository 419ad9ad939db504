/**
 * The bundled templates (fallbacks/dts.json, each shipped plugin's fallbacks/dts.json, fallbacks/partials.json),
 * loaded alone through a real DtsEngine: every alert type has a default on both platforms that renders its key values from a hand-written
 * view, leaves no empty label or link when optional values are missing, and the help pages, the greeting
 * and the compact template 2 are there.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, after, describe, test } from 'node:test';
import type { View } from '../../core/contract.ts';
import { DtsEngine } from '../../core/dts/engine.ts';
import { silentLogger } from '../../core/log/logger.ts';
import { dtsTree, type DtsTree } from '../fixtures/dts/tree.ts';
import { ALERT_VIEWS, END, viewFor } from '../fixtures/views/alert-views.ts';
import { SHIPPED, SHIPPED_PLUGIN_FALLBACKS } from '../fixtures/dts/platforms.ts';

const fallbackDts = readFileSync(new URL('../../fallbacks/dts.json', import.meta.url), 'utf8');
/** the shipped plugins' bundled template files (absolute path → text) */
const pluginDts = new Map(SHIPPED_PLUGIN_FALLBACKS.map((dir) => join(dir, 'dts.json')).filter((file) => existsSync(file)).map((file) => [file, readFileSync(file, 'utf8')]));
const fallbackPartials = readFileSync(new URL('../../fallbacks/partials.json', import.meta.url), 'utf8');

const PLATFORMS = ['discord', 'telegram'] as const;
type Platform = (typeof PLATFORMS)[number];
const ALERT_TYPES = Object.keys(ALERT_VIEWS);
const HELP_TOPICS = [
  'index', 'track', 'raid', 'egg', 'quest', 'invasion', 'incident', 'lure', 'nest', 'weather', 'gym', 'fort', 'maxbattle', 'area',
  'location', 'tracked', 'remove', 'untrack', 'profile', 'language', 'start', 'stop', 'service-test', 'autocreate', 'community',
];
const PREFIX: Readonly<Record<Platform, string>> = { discord: '!', telegram: '/' };

let tree: DtsTree;
let engine: DtsEngine;

before(async () => {
  tree = dtsTree({ 'fallbacks/dts.json': fallbackDts, 'fallbacks/partials.json': fallbackPartials });
  engine = await DtsEngine.load({ rootDir: tree.root, log: silentLogger(), ...SHIPPED, defaultTemplateId: '1', fallbackLanguage: 'en' });
});
after(() => tree.remove());

function render(type: string, platform: Platform, view: View, id: string | null = null, language = 'en') {
  return engine.renderTemplate({ type, platform, language, id, view }).body;
}

/** Every rendered text of a body, joined (title, description, urls, content, sticker). */
function textOf(body: unknown): string {
  if (typeof body === 'string') return body;
  if (Array.isArray(body)) return body.map(textOf).join('\n');
  if (body !== null && typeof body === 'object') return Object.values(body).map(textOf).join('\n');
  return '';
}

function str(value: unknown): string {
  assert.equal(typeof value, 'string', `expected a string, got ${JSON.stringify(value)}`);
  return value as string;
}

/** The parts of a rendered body the platforms read, checked for the platform's shape. */
function partsOf(platform: Platform, body: Readonly<Record<string, unknown>>) {
  if (platform === 'discord') {
    const embed = body['embed'] as Record<string, unknown>;
    assert.ok(embed && typeof embed === 'object', 'a discord body has an embed');
    return {
      text: `${str(embed['title'])}\n${str(embed['description'])}`,
      color: str(embed['color']),
      thumbnail: embed['thumbnail'] === undefined ? undefined : str((embed['thumbnail'] as Record<string, unknown>)['url']),
      image: embed['image'] === undefined ? undefined : str((embed['image'] as Record<string, unknown>)['url']),
    };
  }
  assert.equal(body['parse_mode'], 'Markdown');
  assert.equal(body['webpage_preview'], false);
  assert.equal(typeof body['location'], 'boolean');
  return { text: str(body['content']), sticker: body['sticker'] === undefined ? undefined : str(body['sticker']) };
}

function assertClean(text: string, where: string): void {
  for (const bad of ['undefined', '[object Object]', 'NaN', '{{', '}}', '&amp;', '&#x27;', '&#x3D;']) {
    assert.ok(!text.includes(bad), `${where}: rendered text contains "${bad}":\n${text}`);
  }
  assert.ok(!/\]\(\s*\)/.test(text), `${where}: empty markdown link:\n${text}`);
  assert.ok(!/^\s*\S{1,2}\s*$/mu.test(text), `${where}: a line with only a label/emoji:\n${text}`);
}

/** Telegram's Markdown: no `_` outside code spans, and `*` and backticks in pairs. */
function assertTelegramMarkdown(text: string, where: string): void {
  const backticks = (text.match(/`/g) ?? []).length;
  assert.equal(backticks % 2, 0, `${where}: unbalanced backticks:\n${text}`);
  const outsideCode = text.replace(/`[^`]*`/g, '').replace(/\]\([^)]*\)/g, '](link)');
  assert.ok(!outsideCode.includes('_'), `${where}: an underscore outside code breaks telegram Markdown:\n${text}`);
  assert.equal((outsideCode.match(/\*/g) ?? []).length % 2, 0, `${where}: unbalanced asterisks:\n${text}`);
}

test('the bundled files load without a problem', () => {
  assert.deepEqual(engine.problems(), []);
  assert.ok(engine.entries().length > 0);
  assert.ok(engine.entries().every((e) => (e.source.file === 'fallbacks/dts.json' || pluginDts.has(e.source.file)) && e.language === 'en'));
});

test('the core keeps no alert type\'s templates; no template is bundled twice, so the order of the bundled files never decides', () => {
  const core = (JSON.parse(fallbackDts) as { type: string }[]).map((e) => e.type);
  assert.deepEqual([...new Set(core)].sort(), ['greeting', 'help']);
  assert.ok(pluginDts.size >= 10, `only ${pluginDts.size} plugins ship templates`);
  assert.equal(engine.current().all.length, engine.entries().length);
});

describe('alert defaults', () => {
  for (const type of ALERT_TYPES) {
    for (const platform of PLATFORMS) {
      test(`${type} on ${platform}: a default template 1 that shows the event`, () => {
        const entry = engine.select(type, platform, '1', 'en');
        assert.ok(entry, `no template for ${type}/${platform}`);
        assert.equal(entry.id, '1');
        assert.equal(entry.default, true);
        assert.equal(entry.platform, platform);

        const body = render(type, platform, viewFor(type, 'full'));
        const parts = partsOf(platform, body);
        const where = `${type}/${platform} full`;
        assertClean(parts.text, where);
        for (const shown of ALERT_VIEWS[type]!.shows) assert.ok(parts.text.includes(shown), `${where}: missing "${shown}":\n${parts.text}`);
        assert.ok(parts.text.includes("King's Road 5 & Co"), `${where}: the address is shown raw`);
        assert.ok(parts.text.includes('Chelsea, West End'), `${where}: the areas are shown`);
        assert.ok(parts.text.includes('(https://nav-a.test/?q=51.5074,-0.1278&z=17)'), `${where}: the first navigation link, raw`);
        assert.ok(parts.text.includes('(https://scanner.test/@/51.5074/-0.1278/16)'), `${where}: the scanner map link`);

        if (platform === 'discord') {
          assert.equal(parts.thumbnail, 'https://icons.test/pokemon/1.png');
          assert.equal(parts.image, 'https://tiles.test/static/51.5,-0.12.png');
          assert.match(parts.color ?? '', /^#[0-9a-f]{6}$/i);
        } else {
          assert.equal(parts.sticker, 'https://icons.test/pokemon/1.webp');
          assert.equal(body['location'], true);
          assertTelegramMarkdown(parts.text, where);
        }
      });

      test(`${type} on ${platform}: missing optional values leave no empty label or link`, () => {
        const body = render(type, platform, viewFor(type, 'sparse'));
        const parts = partsOf(platform, body);
        const where = `${type}/${platform} sparse`;
        assertClean(parts.text, where);
        assert.ok(!parts.text.includes('📍'), `${where}: address label without an address:\n${parts.text}`);
        assert.ok(!parts.text.includes('🗺️'), `${where}: areas label without areas:\n${parts.text}`);
        assert.ok(!parts.text.includes('Live map'), `${where}: scanner map link without a URL:\n${parts.text}`);
        assert.ok(!/league/i.test(parts.text), `${where}: a PVP heading without ranks:\n${parts.text}`);
        assert.ok(parts.text.includes('(https://nav-a.test/?q=51.5074,-0.1278)'), `${where}: navigation links stay`);
        if (platform === 'discord') assert.equal(parts.image, '', 'no static map provider: empty image url, for the platform to leave out');
        else assertTelegramMarkdown(parts.text, where);
      });
    }
  }

  test('countdowns: a live <t:…:R> timestamp on discord, the end time and time left on telegram', () => {
    const timed = ALERT_TYPES.filter((type) => ALERT_VIEWS[type]!.countdown !== undefined);
    assert.deepEqual(timed.sort(), ['egg', 'invasion', 'lure', 'maxbattle', 'monster', 'monsterNoIv', 'raid']);
    for (const type of timed) {
      const discord = partsOf('discord', render(type, 'discord', viewFor(type, 'full'))).text;
      assert.ok(discord.includes(`<t:${END}:R>`), `${type}/discord has no countdown:\n${discord}`);
      const telegram = partsOf('telegram', render(type, 'telegram', viewFor(type, 'full'))).text;
      assert.ok(telegram.includes('23:13:20') && telegram.includes('1h 12m 30s'), `${type}/telegram:\n${telegram}`);
      const sparse = partsOf('telegram', render(type, 'telegram', viewFor(type, 'sparse'))).text;
      assert.ok(sparse.includes('(12m 30s') && !sparse.includes('0h'), `${type}/telegram sparse:\n${sparse}`);
    }
  });

  test('a countdown variable of another type is not used (the spec names one per type)', () => {
    const view = { ...viewFor('raid', 'full'), endTimestamp: 1, hatchTimestamp: 2 } as View;
    assert.ok(partsOf('discord', render('egg', 'discord', view)).text.includes('<t:2:R>'));
    assert.ok(partsOf('discord', render('raid', 'discord', view)).text.includes('<t:1:R>'));
  });

  test('PVP ranks are listed per league, only for leagues with ranks', () => {
    const text = partsOf('discord', render('monster', 'discord', viewFor('monster', 'full'))).text;
    assert.match(text, /\*\*Great league\*\*\n#3 Medicham · 1497 CP · L49\.5 · 99\.12%\n#41 Meditite · 1450 CP · L50 · 96\.4%\n/);
    assert.ok(!text.includes('Ultra league') && !text.includes('Little league'));
    const telegram = partsOf('telegram', render('monster', 'telegram', viewFor('monster', 'full'))).text;
    assert.ok(telegram.includes('*Great league*\n#3 Medicham'));
  });

  test('an unknown template id falls back to the default; another language falls back to English', () => {
    const view = viewFor('monster', 'full');
    assert.deepEqual(render('monster', 'discord', view, '9'), render('monster', 'discord', view, '1'));
    assert.deepEqual(render('monster', 'telegram', view, null, 'de'), render('monster', 'telegram', view));
  });
});

describe('template 2 (compact)', () => {
  for (const type of ['monster', 'monsterNoIv', 'raid', 'egg']) {
    for (const platform of PLATFORMS) {
      test(`${type} on ${platform}: selected when asked for, not a default`, () => {
        const entry = engine.select(type, platform, '2', 'en');
        assert.ok(entry);
        assert.equal(entry.id, '2');
        assert.equal(entry.default, false);
        for (const kind of ['full', 'sparse'] as const) {
          const compact = render(type, platform, viewFor(type, kind), '2');
          const full = render(type, platform, viewFor(type, kind), '1');
          assert.notDeepEqual(compact, full);
          const parts = partsOf(platform, compact);
          assertClean(parts.text, `${type}/${platform}/2 ${kind}`);
          if (platform === 'telegram') assertTelegramMarkdown(parts.text, `${type}/${platform}/2 ${kind}`);
          assert.ok(parts.text.length < partsOf(platform, full).text.length, 'the compact layout is shorter');
        }
        const text = partsOf(platform, render(type, platform, viewFor(type, 'full'), '2')).text;
        assert.ok(text.includes(platform === 'discord' ? `<t:${END}:R>` : '1h 12m 30s'));
        assert.ok(text.includes(ALERT_VIEWS[type]!.shows[0]!));
      });
    }
  }

  test('only those four types have a template 2', () => {
    const withTwo = engine.entries().filter((e) => e.id === '2').map((e) => e.type);
    assert.deepEqual([...new Set(withTwo)].sort(), ['egg', 'monster', 'monsterNoIv', 'raid']);
  });
});

describe('help and greeting', () => {
  for (const platform of PLATFORMS) {
    test(`every help topic exists on ${platform} and shows the command prefix`, () => {
      for (const topic of HELP_TOPICS) {
        const entry = engine.select('help', platform, topic, 'en');
        assert.ok(entry, `no help topic "${topic}" on ${platform}`);
        assert.equal(entry.id, topic);
        assert.equal(entry.default, false);
        const body = render('help', platform, { prefix: PREFIX[platform] }, topic);
        const parts = partsOf(platform, body);
        assertClean(parts.text, `help ${topic}/${platform}`);
        assert.ok(parts.text.includes(`\`${PREFIX[platform]}`), `help ${topic}/${platform} shows no command:\n${parts.text}`);
        if (platform === 'telegram') {
          assert.equal(body['location'], false);
          assertTelegramMarkdown(parts.text, `help ${topic}`);
        }
      }
      assert.equal(engine.select('help', platform, 'no-such-topic', 'en'), null);
    });
  }

  test('the index lists the topics, the admin ones for admins only', () => {
    const user = partsOf('discord', render('help', 'discord', { prefix: '!' }, 'index')).text;
    for (const topic of ['track', 'raid', 'invasion', 'area', 'location', 'tracked', 'remove', 'profile', 'language']) {
      assert.ok(user.includes(`\`${topic}\``), `index does not list ${topic}`);
    }
    assert.ok(!user.includes('service-test'));
    const admin = partsOf('discord', render('help', 'discord', { prefix: '!', userIsAdmin: true }, 'index')).text;
    assert.ok(admin.includes('`service-test`') && admin.includes('`autocreate`'));
  });

  test('tracking topics explain the location keywords (shared partial)', () => {
    for (const topic of ['track', 'raid', 'egg', 'quest', 'invasion', 'lure', 'nest', 'gym', 'fort', 'maxbattle']) {
      const text = partsOf('telegram', render('help', 'telegram', { prefix: '/' }, topic)).text;
      for (const keyword of ['`d:<metres>`', '`area:<name>`', '`location:<label>`', '`template<N>`', '`clean`', '`/area`']) {
        assert.ok(text.includes(keyword), `help ${topic} does not mention ${keyword}`);
      }
    }
    assert.ok(partsOf('discord', render('help', 'discord', { prefix: '!' }, 'incident')).text.includes('`!incident '));
  });

  test('the greeting is a default on both platforms and shows the prefix', () => {
    for (const platform of PLATFORMS) {
      const entry = engine.select('greeting', platform, '1', 'en');
      assert.ok(entry?.default);
      const text = partsOf(platform, render('greeting', platform, { prefix: PREFIX[platform] })).text;
      assertClean(text, `greeting/${platform}`);
      assert.ok(text.includes(`${PREFIX[platform]}help`) && text.includes(`${PREFIX[platform]}track`));
    }
  });
});

describe('partials', () => {
  const partials = JSON.parse(fallbackPartials) as Record<string, string>;
  const used = new Set([...[fallbackDts, ...pluginDts.values()].join('\n').matchAll(/\{\{>\s*([\w-]+)/g)].map((m) => m[1]!));
  const usedInPartials = new Set([...Object.values(partials).join('\n').matchAll(/\{\{>\s*([\w-]+)/g)].map((m) => m[1]!));

  test('every partial the templates call is bundled, and every bundled partial is used', () => {
    assert.ok(used.size >= 3);
    for (const name of used) assert.ok(name in partials, `a bundled dts.json calls the missing partial "${name}"`);
    for (const name of Object.keys(partials)) assert.ok(used.has(name) || usedInPartials.has(name), `partial "${name}" is never used`);
    assert.deepEqual(Object.keys(engine.current().partials).sort(), Object.keys(partials).sort());
  });

  test('partials render inside templates', () => {
    const text = partsOf('discord', render('lure', 'discord', viewFor('lure', 'full'))).text;
    assert.ok(text.includes('📍 King\'s Road 5 & Co\n🗺️ Chelsea, West End\n📏 420 m ➡️\n'), text);
    assert.ok(text.endsWith('🧭 [Google Maps](https://nav-a.test/?q=51.5074,-0.1278&z=17) 🍎 [Apple Maps](https://nav-b.test/?ll=51.5074,-0.1278) 🚗 [Waze](https://nav-c.test/ul?ll=51.5074,-0.1278) 🔎 [Live map](https://scanner.test/@/51.5074/-0.1278/16)'), text);
  });
});
