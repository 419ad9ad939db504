/**
 * The invasion plugin's game data (moved from core/gamedata with the download and parsing): the lineups
 * downloaded with the rest of the game data from a local HTTP server and cached as resources/invasions.json,
 * the grunt lookups over them (laid over the masterfile's grunt table), unknown ids, broken entries, the
 * classic template names and translated names.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildGameData, type GameData } from '../../../core/gamedata/game-data.ts';
import { downloadResources } from '../../../core/gamedata/download.ts';
import { gameDataFromFiles, loadGameData } from '../../../core/gamedata/load.ts';
import { captureLog } from '../../../test/helpers/log-capture.ts';
import { deadBaseUrl, serveDirectory, type StaticServer } from '../../../test/core/gamedata/static-server.ts';
import { BUNDLED_FALLBACKS, FIXTURES, fixtureUrls, tempRoot } from '../../../test/core/gamedata/support.ts';
import { gruntNaming } from '../gamedata/grunt-template.ts';
import { gruntsOf } from '../gamedata/grunts.ts';

const cached = (root: string): string => readFileSync(join(root, 'resources', 'invasions.json'), 'utf8');

/** the public hosts, played by a local server over the fixture files */
const server: StaticServer = await serveDirectory(FIXTURES);
after(() => server.close());

describe('invasion lineups: downloaded with the game data', () => {
  test('downloaded into resources/invasions.json beside the masterfile, and read back as grunts', async () => {
    const root = tempRoot();
    const g = await loadGameData({ ...fixtureUrls(server.baseUrl, root, captureLog().log), fallbacksDir: BUNDLED_FALLBACKS });
    assert.equal(cached(root), readFileSync(join(FIXTURES, 'invasions.json'), 'utf8'));
    assert.deepEqual(g.sources.files, ['invasions']);
    assert.equal(gruntsOf(g).grunt(7).secondRewardChance, 15);
  });

  test('content that is not invasion lineups never replaces the cache', async () => {
    const root = tempRoot();
    await downloadResources(fixtureUrls(server.baseUrl, root, captureLog().log));
    const before = cached(root);
    server.overrides.set('/invasions.json', '[1,2,3]');
    try {
      const report = await downloadResources(fixtureUrls(server.baseUrl, root, captureLog().log));
      const invasions = report.results.find((r) => r.name === 'invasions');
      assert.equal(invasions?.outcome, 'cached');
      assert.match(invasions?.error ?? '', /unexpected content/);
      assert.equal(cached(root), before);
    } finally {
      server.overrides.clear();
    }
  });

  test('no network and no cache: a warning, and every grunt answers with a fallback', async () => {
    const { log, lines } = captureLog('info');
    const g = await loadGameData(fixtureUrls(await deadBaseUrl(), tempRoot(), log));
    assert.ok(lines.some((l) => l.level === 'warn' && /no invasions available; grunt rewards come from the masterfile/.test(String(l.msg))));
    assert.equal(gruntsOf(g).grunt(7).name, 'Grunt 7');
  });
});

describe('grunt lookups (fixtures)', () => {
  let g: GameData;
  before(async () => (g = await gameDataFromFiles(FIXTURES)));

  test('grunts from the classic invasion file: type, gender, kind, encounters with forms, rewards', () => {
    const bug = gruntsOf(g).grunt(7);
    assert.equal(bug.type, 'Bug');
    assert.equal(bug.typeId, 7);
    assert.equal(bug.gender, 1);
    assert.equal(bug.grunt, 'Grunt');
    assert.equal(bug.name, 'Bug - Grunt (Male)');
    assert.equal(bug.color, '#a8b820');
    assert.equal(bug.emojiKey, 'type-bug');
    assert.deepEqual(bug.encounters.first[0], { id: 48, form: 259 });
    assert.deepEqual(bug.rewards.map((r) => [r.slot, r.chance, r.encounters.length]), [['first', 85, 3], ['second', 15, 3]]);
    assert.equal(bug.secondRewardChance, 15);
    const mixed = gruntsOf(g).grunt(4);
    assert.equal(mixed.type, 'Mixed');
    assert.deepEqual(mixed.rewards.map((r) => [r.slot, r.chance]), [['first', 100]]);
    assert.equal(mixed.secondRewardChance, 0);
  });

  test('grunts: leaders and Giovanni', () => {
    const cliff = gruntsOf(g).grunt(41);
    assert.deepEqual([cliff.type, cliff.grunt, cliff.boss, cliff.typeId], ['Cliff', 'Executive', true, null]);
    const giovanni = gruntsOf(g).grunt(44);
    assert.deepEqual(giovanni.rewards.map((r) => [r.slot, r.chance]), [['third', 100]]);
    assert.deepEqual(giovanni.rewards[0]!.encounters, [{ id: 645, form: 144 }]);
    assert.equal(gruntsOf(g).grunt(47).active, false);
  });

  test('grunts missing from the invasion file come from the masterfile grunt table', () => {
    const unset = gruntsOf(g).grunt(0);
    assert.equal(unset.known, true);
    assert.equal(unset.type, 'Unset');
    assert.equal(unset.active, false);
  });

  test('results are frozen, parsed once per GameData', () => {
    assert.ok(Object.isFrozen(gruntsOf(g).grunt(7).rewards));
    assert.equal(gruntsOf(g), gruntsOf(g));
  });

  test('all() lists what the lookups know, by id', () => {
    const grunts = gruntsOf(g).all();
    assert.ok(grunts.length > 0);
    assert.ok(grunts.every((x, i) => i === 0 || x.id > grunts[i - 1]!.id));
    assert.deepEqual(gruntsOf(g).grunt(grunts[0]!.id), grunts[0]);
  });

  test('names use the translations\' grunt_<id>', () => {
    assert.equal(gruntsOf(g).name(7, 'de'), 'Käfer - Rüpel (Männlich)');
    assert.equal(gruntsOf(g).name(7), 'Bug - Grunt (Male)');
  });
});

describe('unknown grunts degrade to readable fallbacks', () => {
  test('on loaded data', async () => {
    const g = await gameDataFromFiles(FIXTURES);
    assert.equal(gruntsOf(g).grunt(999).name, 'Grunt 999');
    assert.deepEqual(gruntsOf(g).grunt(999).rewards, []);
  });

  test('a broken lineup file and masterfile grunt table build without throwing', () => {
    const g = buildGameData({
      masterfile: { monsters: { '1_0': { id: 1, name: 'Bulbasaur', form: { id: 0, name: '' } } }, grunts: 'nope' },
      files: { invasions: { '7': { character: 'broken', lineup: { team: 'x' } }, '8': 5 } },
    });
    assert.equal(gruntsOf(g).grunt(8).known, false);
    assert.equal(gruntsOf(g).grunt(7).type, 'Unset');
  });

  test('without any game data every grunt answers', () => {
    const g = buildGameData({});
    assert.deepEqual(gruntsOf(g).all(), []);
    assert.equal(gruntsOf(g).name(4, 'de'), 'Grunt 4');
  });
});

describe('grunt naming from classic templates', () => {
  test('typed, mixed, leaders, bosses, events', () => {
    assert.deepEqual(gruntNaming('CHARACTER_BUG_GRUNT_FEMALE'), { type: 'Bug', grunt: 'Grunt' });
    assert.deepEqual(gruntNaming('CHARACTER_GRUNT_MALE'), { type: 'Mixed', grunt: 'Grunt' });
    assert.deepEqual(gruntNaming('CHARACTER_METAL_GRUNT_MALE'), { type: 'Steel', grunt: 'Grunt' });
    assert.deepEqual(gruntNaming('CHARACTER_EXECUTIVE_SIERRA'), { type: 'Sierra', grunt: 'Executive' });
    assert.deepEqual(gruntNaming('CHARACTER_GIOVANNI'), { type: 'Giovanni', grunt: 'Giovanni' });
    assert.deepEqual(gruntNaming('CHARACTER_EVENT_NPC_3'), { type: 'NPC 3', grunt: 'Event' });
    assert.deepEqual(gruntNaming(''), { type: 'Unset', grunt: 'Unset' });
  });
});
