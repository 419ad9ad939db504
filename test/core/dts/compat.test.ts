/**
 * Compatibility: every entry of the previous generations' template files (PoracleJS default dts, PoracleNG
 * fallback dts with their partials, PoracleNG help pages) loads without a problem and renders against the
 * sample webhooks of its alert type — no missing helper, no parse error. Reads ../shared; skips without it.
 */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { View } from '../../../core/contract.ts';
import { DtsEngine } from '../../../core/dts/engine.ts';
import type { DtsEntry } from '../../../core/dts/types.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { dtsTree } from '../../fixtures/dts/tree.ts';
import { SHIPPED_PLATFORMS } from '../../fixtures/dts/platforms.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const shared = join(repoRoot, '..', 'shared');
const corpus = join(shared, 'reference', 'dts-corpus');
const samplesDir = join(shared, 'reference', 'samples');
const skip = existsSync(corpus) && existsSync(samplesDir) ? false : `no compatibility corpus at ${corpus}`;

interface Sample {
  readonly type: string;
  readonly test: string;
  readonly hook: Readonly<Record<string, unknown>>;
}

function loadSamples(): Sample[] {
  const out: Sample[] = [];
  for (const file of ['testdata-js.json', 'testdata-ng.json']) {
    const list = JSON.parse(readFileSync(join(samplesDir, file), 'utf8')) as Record<string, unknown>[];
    for (const s of list) out.push({ type: String(s['type']), test: `${file}:${String(s['test'])}`, hook: (s['webhook'] ?? s['message'] ?? {}) as Record<string, unknown> });
  }
  return out;
}

const num = (v: unknown): number => Number(v ?? 0) || 0;

/** Which samples feed which DTS alert type. */
const MATCHES: Readonly<Record<string, (s: Sample) => boolean>> = {
  monster: (s) => s.type === 'pokemon',
  monsterNoIv: (s) => s.type === 'pokemon',
  monsterChanged: (s) => s.type === 'pokemon',
  raid: (s) => s.type === 'raid' && num(s.hook['pokemon_id']) > 0,
  egg: (s) => s.type === 'raid' && num(s.hook['pokemon_id']) === 0,
  quest: (s) => s.type === 'quest',
  questSummary: (s) => s.type === 'quest',
  invasion: (s) => s.type === 'pokestop' && (s.hook['grunt_type'] !== undefined || s.hook['incident_grunt_type'] !== undefined),
  lure: (s) => s.type === 'pokestop' && s.hook['lure_id'] !== undefined,
  gym: (s) => s.type === 'gym',
  'fort-update': (s) => s.type === 'fort_update',
  maxbattle: (s) => s.type === 'max_battle',
};

/** The raw webhook fields plus a few obvious common variables, layered like the pipeline's views. */
function viewOf(hook: Readonly<Record<string, unknown>>): View {
  const iv = ['individual_attack', 'individual_defense', 'individual_stamina'].reduce((sum, k) => sum + num(hook[k]), 0) / 0.45;
  const common = {
    ...hook,
    prefix: '!',
    addr: 'Main Street 1',
    time: '12:34:56',
    tthh: 0,
    tthm: 12,
    tths: 30,
    iv,
    atk: hook['individual_attack'],
    def: hook['individual_defense'],
    sta: hook['individual_stamina'],
    level: hook['pokemon_level'] ?? hook['level'],
    lureTypeId: num(hook['lure_id']) || 501,
    staticMap: 'https://tiles.test/map.png',
    imgUrl: 'https://img.test/1.png',
    stickerUrl: 'https://img.test/1.webp',
    googleMapUrl: 'https://maps.test/g',
    appleMapUrl: 'https://maps.test/a',
    wazeMapUrl: 'https://maps.test/w',
  };
  return Object.create(common) as View;
}

function platformsOf(entry: DtsEntry): string[] {
  return entry.platform === '' ? [...SHIPPED_PLATFORMS.names] : [entry.platform];
}

async function engineWith(files: Record<string, string>, t: { after: (fn: () => void) => void }): Promise<DtsEngine> {
  const tree = dtsTree();
  t.after(() => tree.remove());
  for (const [target, source] of Object.entries(files)) {
    tree.write(target, '');
    copyFileSync(source, join(tree.root, target));
  }
  return DtsEngine.load({ rootDir: tree.root, log: silentLogger(), platforms: SHIPPED_PLATFORMS });
}

function renderAll(engine: DtsEngine, samples: readonly Sample[]): { renders: number; failures: string[] } {
  const failures: string[] = [];
  let renders = 0;
  for (const entry of engine.entries()) {
    const match = MATCHES[entry.type];
    const matching = match ? samples.filter(match) : [];
    const views = matching.length > 0 ? matching : [{ type: entry.type, test: 'common variables only', hook: {} }];
    for (const sample of views) {
      for (const platform of platformsOf(entry)) {
        renders++;
        try {
          engine.renderEntry(entry, viewOf(sample.hook), { language: 'en', platform });
        } catch (err) {
          failures.push(`${entry.type}/${entry.id}/${platform} with ${sample.test}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }
  }
  return { renders, failures };
}

describe('compatibility with existing template files', { skip }, () => {
  const samples = skip ? [] : loadSamples();

  const suites: [string, Record<string, string>, number][] = [
    ['PoracleJS default dts.json with its partials', { 'fallbacks/dts.json': join(corpus, 'js-default-dts.json'), 'fallbacks/partials.json': join(corpus, 'js-partials.json') }, 23],
    ['PoracleNG fallback dts.json with its partials', { 'fallbacks/dts.json': join(corpus, 'ng-fallback-dts.json'), 'config/partials.json': join(corpus, 'ng-partials.json') }, 29],
  ];
  for (const [name, files, count] of suites) {
    test(`${name}: every entry loads and renders`, async (t) => {
      const engine = await engineWith(files, t);
      assert.deepEqual(engine.problems(), []);
      assert.equal(engine.entries().length, count);
      const { renders, failures } = renderAll(engine, samples);
      assert.deepEqual(failures, []);
      assert.ok(renders > count, `${renders} renders`);
    });
  }

  test('PoracleNG help pages: every topic loads, is selected by its topic and renders on both platforms', async (t) => {
    const helpDir = join(corpus, 'ng-help');
    const names = skip ? [] : readdirSync(helpDir).filter((n) => n.endsWith('.json'));
    const engine = await engineWith(Object.fromEntries(names.map((n) => [`config/dts/help-${n}`, join(helpDir, n)])), t);
    assert.deepEqual(engine.problems(), []);
    assert.equal(engine.entries().length, names.length);
    assert.deepEqual(engine.current().advisories, []);
    for (const topic of names.map((n) => n.replace(/\.json$/, ''))) assert.equal(engine.select('help', 'telegram', topic, 'de')?.id, topic);
    const { failures } = renderAll(engine, samples);
    assert.deepEqual(failures, []);
    const index = engine.renderTemplate({ type: 'help', id: 'index', platform: 'discord', language: 'en', view: { prefix: '!' } });
    assert.match(JSON.stringify(index.body), /`!help track`/);
  });
});
