/**
 * The bundled reply translations (fallbacks/locale/de.json, fr.json): every reply text of the core commands
 * (TEXTS) and of the tracking commands (every literal passed to `t` / `message` / `refuse`, plus the labels
 * translated from lists) has a German and a French entry with the same placeholders, markdown and emoji; and an
 * operator's config/locale file overrides or adds to them.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadLocaleFolders, loadLocaleTables, localeFolders } from '../../../core/commands/locale-files.ts';
import { TEXTS } from '../../../core/commands/texts.ts';
import { NOTICE_TEXTS } from '../../../core/delivery/limit-notices.ts';
import { translatorFor } from '../../../core/commands/translate.ts';
import { RARITY_LABELS } from '../../../plugins/monster/commands/describe.ts';
import { LEAGUE_CP } from '../../../plugins/monster/commands/pvp-args.ts';
import { REPO_ROOT } from './support.ts';

const LANGUAGES = ['de', 'fr'] as const;

/** Folders whose sources hold command reply texts written inline. */
const SOURCE_DIRS = ['core/commands', ...readdirSync(join(REPO_ROOT, 'plugins')).map((p) => `plugins/${p}/commands`)];

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

/** The inline reply texts of the command sources. */
function inlineTexts(): Set<string> {
  const found = new Set<string>();
  for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
    const source = readFileSync(join(REPO_ROOT, file), 'utf8');
    for (const match of source.matchAll(LITERAL_CALL)) {
      found.add(match[2]!.replace(/\\(.)/g, '$1'));
    }
  }
  return found;
}

/**
 * Texts `t` gets through a variable, which the scan cannot see: the rarity groups and league names of
 * describe.ts, and the change labels track.ts hands to its `line` helper.
 */
const LISTED_TEXTS = [...RARITY_LABELS.filter((l) => l !== ''), ...Object.keys(LEAGUE_CP), 'New: {rule}', 'Updated: {rule}', 'Unchanged: {rule}'];

const inline = inlineTexts();
const ALL_TEXTS = [...new Set([...Object.values(TEXTS), ...Object.values(NOTICE_TEXTS), ...inline, ...LISTED_TEXTS])];

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
}

function count(text: string, part: string): number {
  return text.split(part).length - 1;
}

function emoji(text: string): string[] {
  return [...text.matchAll(/\p{Extended_Pictographic}/gu)].map((m) => m[0]).sort();
}

function bundled(language: string): Record<string, string> {
  return JSON.parse(readFileSync(join(REPO_ROOT, 'fallbacks/locale', `${language}.json`), 'utf8')) as Record<string, string>;
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
  }

  test('the bundled folder loads without problems and translates a reply', async () => {
    const { tables, problems } = await loadLocaleTables(join(REPO_ROOT, 'fallbacks/locale'));
    assert.deepEqual(problems, []);
    assert.deepEqual([...tables.keys()].sort(), [...LANGUAGES]);
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
    const { tables, problems } = await loadLocaleFolders(localeFolders(rootDir));
    assert.deepEqual(problems, []);
    assert.deepEqual(tables.get('de'), bundled('de'));
  });
});
