/**
 * Compatibility with the real public files (../shared/gamedata), downloaded through a local server like
 * production does. Skipped when ../shared is absent.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { GameData } from '../../../core/gamedata/game-data.ts';
import { loadGameData } from '../../../core/gamedata/load.ts';
import { gruntsOf } from '../../../plugins/invasion/gamedata/grunts.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { serveDirectory, type StaticServer } from './static-server.ts';
import { BUNDLED_FALLBACKS, SHARED_GAMEDATA, invasionsFrom, tempRoot } from './support.ts';

const shared = existsSync(SHARED_GAMEDATA);

describe('real game data files', { skip: shared ? false : `no shared game data at ${SHARED_GAMEDATA}` }, () => {
  let server: StaticServer;
  let g: GameData;
  let lines: Record<string, unknown>[];

  before(async () => {
    server = await serveDirectory(SHARED_GAMEDATA);
    const capture = captureLog('info');
    lines = capture.lines;
    g = await loadGameData({
      rootDir: tempRoot(),
      masterfileUrl: `${server.baseUrl}/masterfile/master-latest-poracle.json`,
      sources: [invasionsFrom(`${server.baseUrl}/invasions/classic.json`)],
      localesUrl: `${server.baseUrl}/locales`,
      languages: ['de', 'fr'],
      log: capture.log,
      fallbacksDir: BUNDLED_FALLBACKS,
      timeoutMs: 20_000,
    });
  });
  after(() => server?.close());

  test('everything downloads and loads', () => {
    assert.deepEqual(g.sources, { masterfile: true, files: ['invasions'], languages: ['en', 'de', 'fr'] });
    assert.ok(!lines.some((l) => l.level === 'warn'), JSON.stringify(lines.filter((l) => l.level === 'warn')));
  });

  test('pokemon 25 is Pikachu, Electric, generation I', () => {
    const p = g.pokemon(25);
    assert.equal(p.name, 'Pikachu');
    assert.deepEqual(p.types, [{ id: 13, name: 'Electric' }]);
    assert.equal(p.generation.roman, 'I');
    assert.ok(p.baseStats.baseAttack > 100);
    assert.equal(g.pokemonName(25, 'fr'), 'Pikachu');
    assert.equal(g.pokemonName(4, 'de'), 'Glumanda');
  });

  test('megas and the newer temporary evolution kinds exist', () => {
    const venusaur = g.pokemon(3).tempEvolutions;
    assert.ok(venusaur.some((t) => t.name === 'Mega'));
    assert.ok(g.pokemon(6).tempEvolutions.some((t) => t.name === 'Mega X'));
    assert.ok(g.pokemon(382).tempEvolutions.some((t) => t.name === 'Primal'));
    for (const id of [1, 150, 445, 718, 1025]) for (const t of g.pokemon(id).tempEvolutions) assert.ok(t.name.length > 0);
  });

  test('grunts have encounters with forms, and rewards', () => {
    const active = [4, 5, 7, 41, 44].map((id) => gruntsOf(g).grunt(id));
    for (const grunt of active) {
      assert.ok(grunt.encounters.first.length > 0, `grunt ${grunt.id} has first encounters`);
      assert.ok(grunt.rewards.length > 0, `grunt ${grunt.id} has rewards`);
      for (const r of grunt.rewards) for (const e of r.encounters) assert.ok(g.pokemon(e.id, e.form).known, `${e.id}_${e.form} is in the masterfile`);
    }
    assert.equal(gruntsOf(g).grunt(41).grunt, 'Executive');
    assert.equal(gruntsOf(g).grunt(7).type, 'Bug');
  });

  test('moves, items, forms, translations and names in every loaded language', () => {
    assert.equal(g.move(14).name, 'Hyper Beam');
    assert.equal(g.moveName(14, 'de'), 'Hyperstrahl');
    assert.equal(g.item(701).name, 'Razz Berry');
    assert.equal(g.formName(46, 'en'), 'Alola');
    assert.deepEqual(g.resolvePokemon('Glumanda'), [4]);
    assert.deepEqual(g.resolvePokemon('salamèche'), [4]);
    assert.deepEqual(g.resolvePokemon('mr. mime'), [122]);
    assert.deepEqual(g.resolvePokemon('Flabebe'), [669]);
  });

  test('every masterfile entry reads without fallbacks', () => {
    for (let id = 1; id <= 1025; id++) {
      const p = g.pokemon(id);
      assert.ok(p.known, `pokemon ${id}`);
      assert.ok(p.types.length > 0, `types of ${id}`);
      assert.ok(p.generation.id > 0, `generation of ${id}`);
      for (const form of g.forms(id)) if (form.form !== 0) assert.notEqual(g.formName(form.form, 'de'), '', `form ${form.form}`);
    }
    for (let id = 0; id <= 18; id++) assert.ok(g.type(id).known);
  });
});
