/**
 * The real sample pokemon webhooks (../shared/reference/samples, both generations' testdata) through the whole
 * service with the real game data, downloaded at start from a local server the way production downloads it.
 * Each sample goes to its own webhook target (a distance rule around the sample's own position) and must
 * arrive rendered with the right name and, when encountered, the right IV. Skipped without ../shared.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { serveDirectory } from '../core/gamedata/static-server.ts';
import { REPO_ROOT, SHARED_GAMEDATA } from '../core/gamedata/support.ts';
import { monsterRow } from '../plugins/monster/support.ts';
import { e2e } from './harness.ts';
import { textOf } from './receiver.ts';

const SAMPLES_DIR = join(REPO_ROOT, '..', 'shared', 'reference', 'samples');
const skip = existsSync(SAMPLES_DIR) && existsSync(SHARED_GAMEDATA) ? false : 'no ../shared samples or game data';

interface Sample {
  readonly name: string;
  readonly hook: Record<string, unknown>;
}

function pokemonSamples(): Sample[] {
  const out: Sample[] = [];
  for (const file of ['testdata-js.json', 'testdata-ng.json']) {
    const list = JSON.parse(readFileSync(join(SAMPLES_DIR, file), 'utf8')) as { type: string; test: string; webhook: Record<string, unknown> }[];
    for (const s of list) if (s.type === 'pokemon') out.push({ name: `${file}:${s.test}`, hook: s.webhook });
  }
  return out;
}

function englishName(masterfile: { monsters: Record<string, { name: string }> }, id: number): string {
  return masterfile.monsters[`${id}_0`]?.name ?? String(id);
}

const ivOf = (hook: Record<string, unknown>): number | null => {
  const parts = ['individual_attack', 'individual_defense', 'individual_stamina'].map((k) => hook[k]);
  return parts.every((p) => typeof p === 'number') ? Math.round(((parts as number[]).reduce((a, b) => a + b, 0) / 45) * 100) : null;
};

describe('real pokemon samples end to end', { skip }, () => {
  test('every sample reaches its target rendered with its name and IV', async (t) => {
    const masterfile = JSON.parse(readFileSync(join(SHARED_GAMEDATA, 'masterfile', 'master-latest-poracle.json'), 'utf8')) as { monsters: Record<string, { name: string }> };
    const samples = pokemonSamples();
    assert.ok(samples.length >= 10);
    const server = await serveDirectory(SHARED_GAMEDATA);
    try {
      await forEachDatabase(
        t,
        async (db) => {
          const s = await e2e(db, {
            config: {
              resources: {
                masterfile_url: `${server.baseUrl}/masterfile/master-latest-poracle.json`,
                invasions_url: `${server.baseUrl}/invasions/classic.json`,
                locales_url: `${server.baseUrl}/locales`,
              },
            },
          });
          const despawn = Math.floor(Date.now() / 1000) + 1500;
          const placed = samples.map((sample, i) => ({ ...sample, at: { latitude: 10 + i, longitude: 20 + i } }));
          try {
            for (const [i, sample] of placed.entries()) {
              const url = s.hookUrl(`s${i}`);
              await s.addHuman({ id: url, name: sample.name, ...sample.at });
              const { uid: _uid, ...row } = monsterRow(url, { pokemon_id: 0, distance: 100 });
              await s.addRule('monsters', row);
            }
            await s.start();
            const items = placed.map((sample, i) => ({ type: 'pokemon', message: { ...sample.hook, ...sample.at, encounter_id: `sample-${i}`, disappear_time: despawn } }));
            assert.equal((await s.post(items)).status, 200);
          } finally {
            await s.stop();
          }
          assert.equal(s.receiver.posts.length, samples.length, 'one message per sample');
          for (const [i, sample] of placed.entries()) {
            const posts = s.receiver.posts.filter((p) => p.path === `/hooks/s${i}`);
            assert.equal(posts.length, 1, sample.name);
            const text = textOf(posts[0]!);
            assert.ok(text.includes(englishName(masterfile, Number(sample.hook['pokemon_id']))), `${sample.name}: ${text}`);
            assert.match(text, new RegExp(`<t:${despawn}:R>`), sample.name);
            const iv = ivOf(sample.hook);
            if (iv !== null) assert.ok(text.includes(`${iv}%`), `${sample.name} shows ${iv}%: ${text}`);
          }
        },
        { migrate: true },
      );
    } finally {
      await server.close();
    }
  });
});
