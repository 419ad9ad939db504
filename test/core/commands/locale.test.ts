/**
 * The bundled reply translations (fallbacks/locale/de.json, fr.json and each plugin's fallbacks/locale/): every
 * reply text of the core commands (TEXTS), the notices inside alerts (limits, the weather forecast) and of the tracking commands (every literal passed to `t` / `message` /
 * `refuse`, plus the labels translated from lists) has a German and a French entry with the same placeholders,
 * markdown and emoji; a plugin's file holds only its own texts, the core's only texts the core or several plugins
 * use; and an operator's config/locale file overrides or adds to them.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { loadLocaleFolders, loadLocaleTables, localeFolders } from '../../../core/commands/locale-files.ts';
import { TEXTS } from '../../../core/commands/texts.ts';
import { NOTICE_TEXTS } from '../../../core/delivery/limit-notices.ts';
import { FORECAST_NOTICE_TEXTS } from '../../../core/weather-forecast/index.ts';
import { DROPPED_WORDS } from '../../../core/explain/explain.ts';
import { translatorFor } from '../../../core/commands/translate.ts';
import { RARITY_LABELS } from '../../../plugins/monster/commands/describe.ts';
import { LEAGUE_CP } from '../../../plugins/monster/commands/pvp-args.ts';
import { SHIPPED_PLUGIN_FALLBACKS } from '../../fixtures/dts/platforms.ts';
import { REPO_ROOT } from './support.ts';

const LANGUAGES = ['de', 'fr'] as const;

/** Folders whose sources hold command reply texts written inline. */
const SOURCE_DIRS = ['core/commands', ...readdirSync(join(REPO_ROOT, 'plugins')).map((p) => `plugins/${p}/commands`)];

/** Sources of the explanations' words ("why didn't I get this alert?"): the core's and each plugin's explain files. */
const EXPLAIN_SOURCES = [
  'core/explain',
  ...readdirSync(join(REPO_ROOT, 'plugins'), { withFileTypes: true }).flatMap((entry) => {
    const p = entry.name;
    const dir = join(REPO_ROOT, 'plugins', p);
    return entry.isDirectory() ? readdirSync(dir).filter((f) => /^explain.*\.ts$/.test(f) || f === 'explain').map((f) => `plugins/${p}/${f}`) : [];
  }),
];

/** The words of a verdict: `missed('code', '…')`, and `text:` / `below:` / `above:` literals. */
const EXPLAIN_LITERAL = /(?:missed\(\s*'\w+',\s*|(?<![\w$])(?:text|below|above):\s*)(['"])((?:\\.|(?!\1)[^\\\n])*)\1/g;

/** `t('…')`, `inv.t('…')`, `message('…')`, `refuse('…')` with a literal first argument. */
const LITERAL_CALL = /(?<![\w$])(?:t|message|refuse)\(\s*(['"])((?:\\.|(?!\1)[^\\\n])*)\1/g;

function sourceFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(join(REPO_ROOT, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() ? sourceFiles(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : []));
}

/** The inline reply texts of the command sources and the explanations' words. */
function inlineTexts(): Set<string> {
  const found = new Set<string>();
  const scan = (files: readonly string[], pattern: RegExp) => {
    for (const file of files) {
      const source = readFileSync(join(REPO_ROOT, file), 'utf8');
      for (const match of source.matchAll(pattern)) found.add(match[2]!.replace(/\\(.)/g, '$1'));
    }
  };
  scan(SOURCE_DIRS.flatMap(sourceFiles), LITERAL_CALL);
  scan(EXPLAIN_SOURCES.flatMap((path) => (path.endsWith('.ts') ? [path] : sourceFiles(path))), EXPLAIN_LITERAL);
  return found;
}

/**
 * Texts `t` gets through a variable, which the scan cannot see: the rarity groups and league names of
 * describe.ts, and the change labels track.ts hands to its `line` helper.
 */
const LISTED_TEXTS = [...RARITY_LABELS.filter((l) => l !== ''), ...Object.keys(LEAGUE_CP), 'New: {rule}', 'Updated: {rule}', 'Unchanged: {rule}'];

const inline = inlineTexts();
const ALL_TEXTS = [...new Set([...Object.values(TEXTS), ...Object.values(NOTICE_TEXTS), ...Object.values(FORECAST_NOTICE_TEXTS), ...Object.values(DROPPED_WORDS), ...inline, ...LISTED_TEXTS])];

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
}

function count(text: string, part: string): number {
  return text.split(part).length - 1;
}

function emoji(text: string): string[] {
  return [...text.matchAll(/\p{Extended_Pictographic}/gu)].map((m) => m[0]).sort();
}

function readTable(file: string): Record<string, string> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** The core's bundled table of a language. */
function coreTable(language: string): Record<string, string> {
  return readTable(join(REPO_ROOT, 'fallbacks/locale', `${language}.json`));
}

/** Each shipped plugin's bundled table of a language (plugin folder → table), for the plugins that have one. */
function pluginTables(language: string): Map<string, Record<string, string>> {
  const tables = new Map<string, Record<string, string>>();
  for (const dir of SHIPPED_PLUGIN_FALLBACKS) {
    const file = join(dir, 'locale', `${language}.json`);
    if (existsSync(file)) tables.set(join(dir, '..'), readTable(file));
  }
  return tables;
}

/** What the service loads for a language: the core's table and every plugin's, merged. */
function bundled(language: string): Record<string, string> {
  return Object.assign({}, coreTable(language), ...pluginTables(language).values()) as Record<string, string>;
}

/** Every non-test source file of a folder, joined. */
function sourceOf(dir: string): string {
  return sourceFiles(relative(REPO_ROOT, dir))
    .filter((file) => !file.includes('/test/'))
    .map((file) => readFileSync(join(REPO_ROOT, file), 'utf8'))
    .join('\n');
}

/** Whether a source names a text as a quoted literal. */
function names(source: string, text: string): boolean {
  return source.includes(`'${text.replace(/'/g, "\\'")}'`) || source.includes(`"${text.replace(/"/g, '\\"')}"`);
}

describe('bundled reply translations', () => {
  test('the scan of the command sources finds the inline texts (track, untrack, the rule errors, describe)', () => {
    for (const text of ['Removed: {rule}', 'Nothing to remove', 'No pokemon specified', 'Use area: or location:, not both', 'distance: {metres}m', 'in {areas}']) {
      assert.ok(inline.has(text), `not found in the sources: ${text}`);
    }
    assert.ok(inline.size >= 30, `only ${inline.size} inline texts found; has the pattern stopped matching?`);
  });

  for (const language of LANGUAGES) {
    test(`${language}: every reply text has a translation with the same placeholders, markdown and emoji`, () => {
      const table = bundled(language);
      const missing = ALL_TEXTS.filter((text) => typeof table[text] !== 'string' || table[text].trim() === '');
      assert.deepEqual(missing, [], `fallbacks/locale/${language}.json lacks these texts`);
      for (const text of ALL_TEXTS) {
        const translated = table[text]!;
        assert.deepEqual(placeholders(translated), placeholders(text), `${language}: placeholders of ${JSON.stringify(text)}`);
        assert.equal(count(translated, '**'), count(text, '**'), `${language}: bold markers of ${JSON.stringify(text)}`);
        assert.equal(count(translated, '`'), count(text, '`'), `${language}: backticks of ${JSON.stringify(text)}`);
        assert.deepEqual(emoji(translated), emoji(text), `${language}: emoji of ${JSON.stringify(text)}`);
      }
    });

    test(`${language}: no entry for a text the commands no longer use`, () => {
      const known = new Set(ALL_TEXTS);
      assert.deepEqual(Object.keys(bundled(language)).filter((key) => !known.has(key)), []);
    });

    test(`${language}: a plugin's file holds only its own texts, the core's only texts the core or several plugins use, none twice`, () => {
      const plugins = pluginTables(language);
      assert.ok(plugins.size >= 10, `only ${plugins.size} plugins ship translations`);
      const sources = new Map([...plugins.keys()].map((dir) => [dir, sourceOf(dir)]));
      const seen = new Set(Object.keys(coreTable(language)));
      for (const [dir, table] of plugins) {
        for (const text of Object.keys(table)) {
          assert.ok(names(sources.get(dir)!, text), `${relative(REPO_ROOT, dir)}: ${JSON.stringify(text)} is not one of its texts`);
          assert.ok(!seen.has(text), `${JSON.stringify(text)} is bundled twice`);
          seen.add(text);
        }
      }
      const core = sourceOf(join(REPO_ROOT, 'core'));
      for (const text of Object.keys(coreTable(language))) {
        const users = [...sources.values()].filter((source) => names(source, text)).length;
        assert.ok(names(core, text) || users !== 1, `fallbacks/locale/${language}.json: ${JSON.stringify(text)} is one plugin's text only`);
      }
    });
  }

  test('the bundled folders load without problems and translate a reply', async () => {
    const { tables, problems } = await loadLocaleFolders(localeFolders(REPO_ROOT, SHIPPED_PLUGIN_FALLBACKS));
    assert.deepEqual(problems, []);
    assert.deepEqual([...tables.keys()].sort(), [...LANGUAGES]);
    assert.deepEqual(tables.get('de'), bundled('de'));
    const sources = { tables };
    assert.equal(translatorFor('de', sources)(TEXTS.profileDeleted, { name: 'work', number: 2, count: 3 }), 'Profil work (#2) und seine 3 Regeln gelöscht.');
    assert.equal(translatorFor('fr_CA', sources)(TEXTS.areasAdded, { areas: 'harbour' }), 'Ajoutées : harbour');
  });
});

describe('operator reply translations (config/locale)', () => {
  test('a key in config/locale/<lang>.json replaces the bundled translation; new keys and languages are added', async (t) => {
    const rootDir = mkdtempSync(join(tmpdir(), 'lookout-locale-root-'));
    t.after(() => rmSync(rootDir, { recursive: true, force: true }));
    mkdirSync(join(rootDir, 'fallbacks'));
    cpSync(join(REPO_ROOT, 'fallbacks/locale'), join(rootDir, 'fallbacks/locale'), { recursive: true });
    mkdirSync(join(rootDir, 'config/locale'), { recursive: true });
    writeFileSync(join(rootDir, 'config/locale/de.json'), JSON.stringify({ [TEXTS.started]: 'Weiter geht’s!', 'Custom text': 'Eigener Text' }));
    writeFileSync(join(rootDir, 'config/locale/it.json'), JSON.stringify({ [TEXTS.started]: 'Avvisi ripresi.' }));
    writeFileSync(join(rootDir, 'config/locale/es.json'), '{ broken');

    const { tables, problems } = await loadLocaleFolders(localeFolders(rootDir));
    assert.equal(problems.length, 1);
    assert.match(problems[0]!, /es\.json/);
    const sources = { tables };
    const de = translatorFor('de', sources);
    assert.equal(de(TEXTS.started), 'Weiter geht’s!');
    assert.equal(de('Custom text'), 'Eigener Text');
    assert.equal(de(TEXTS.nothingTracked), bundled('de')[TEXTS.nothingTracked]);
    assert.equal(translatorFor('fr', sources)(TEXTS.started), bundled('fr')[TEXTS.started]);
    assert.equal(translatorFor('it', sources)(TEXTS.started), 'Avvisi ripresi.');
  });

  test('without a config/locale folder the bundled tables are used as they are', async (t) => {
    const rootDir = mkdtempSync(join(tmpdir(), 'lookout-locale-root-'));
    t.after(() => rmSync(rootDir, { recursive: true, force: true }));
    mkdirSync(join(rootDir, 'fallbacks'));
    cpSync(join(REPO_ROOT, 'fallbacks/locale'), join(rootDir, 'fallbacks/locale'), { recursive: true });
    const { tables, problems } = await loadLocaleFolders(localeFolders(rootDir, SHIPPED_PLUGIN_FALLBACKS));
    assert.deepEqual(problems, []);
    assert.deepEqual(tables.get('de'), bundled('de'));
  });
});

describe('a plugin\'s reply translations (its fallbacks/locale)', () => {
  test('loaded after the core\'s, before config/locale, which overrides them; a broken plugin file is reported, the rest loads', async (t) => {
    const rootDir = mkdtempSync(join(tmpdir(), 'lookout-locale-plugin-'));
    t.after(() => rmSync(rootDir, { recursive: true, force: true }));
    const write = (file: string, content: unknown): void => {
      mkdirSync(join(rootDir, file, '..'), { recursive: true });
      writeFileSync(join(rootDir, file), typeof content === 'string' ? content : JSON.stringify(content));
    };
    write('fallbacks/locale/de.json', { Shared: 'Kern', 'Core only': 'Nur Kern' });
    write('showcase/fallbacks/locale/de.json', { Shared: 'Schaufenster', 'Showcase text': 'Schaufenster-Text', 'Operator wins': 'Plugin' });
    write('showcase/fallbacks/locale/it.json', { 'Showcase text': 'Testo vetrina' });
    write('broken/fallbacks/locale/de.json', '{ "a": ');
    write('broken/fallbacks/locale/fr.json', ['not', 'a', 'table']);
    write('config/locale/de.json', { 'Operator wins': 'Betreiber' });
    const plugins = [join(rootDir, 'showcase/fallbacks'), join(rootDir, 'broken/fallbacks'), join(rootDir, 'no-locale/fallbacks')];

    const { tables, problems } = await loadLocaleFolders(localeFolders(rootDir, plugins));
    assert.deepEqual(tables.get('de'), { Shared: 'Schaufenster', 'Core only': 'Nur Kern', 'Showcase text': 'Schaufenster-Text', 'Operator wins': 'Betreiber' });
    assert.deepEqual(tables.get('it'), { 'Showcase text': 'Testo vetrina' });
    assert.equal(problems.length, 2);
    assert.match(problems[0]!, /broken\/fallbacks\/locale\/de\.json/);
    assert.match(problems[1]!, /broken\/fallbacks\/locale\/fr\.json: must be an object/);
  });
});
