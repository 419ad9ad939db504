/**
 * Template files of the previous generations work unchanged: at least 95 % of the entries of the compatibility
 * corpus — the previous generations' bundled files (../shared, when there) and our files written in the styles of
 * community collections (test/fixtures/dts/community: the old variable names, partials, line arrays) — read only
 * variables the running service gives their alert type for real sample webhooks (test/helpers/dts-coverage.ts).
 * Our own community-style files must be covered entirely.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DtsEngine } from '../../../core/dts/engine.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { e2e } from '../../e2e/harness.ts';
import { openTestDatabase } from '../../helpers/databases.ts';
import { corpusCoverage, sampleWebhooks, type CoverageReport, type SampleWebhook } from '../../helpers/dts-coverage.ts';
import { SHIPPED_PLATFORMS } from '../../fixtures/dts/platforms.ts';
import { fixtureGameData } from '../../plugins/monster/support.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const reference = join(repoRoot, '..', 'shared', 'reference');
const community = join(repoRoot, 'test', 'fixtures', 'dts', 'community');

/** A corpus root: config/dts.json (and config/partials.json) copied from files. */
async function corpusEngine(files: Readonly<Record<string, string>>): Promise<{ engine: DtsEngine; remove: () => void }> {
  const root = mkdtempSync(join(tmpdir(), 'dts-corpus-'));
  for (const [target, source] of Object.entries(files)) cpSync(source, join(root, target));
  const engine = await DtsEngine.load({ rootDir: root, log: silentLogger(), platforms: SHIPPED_PLATFORMS });
  assert.deepEqual(engine.problems(), []);
  return { engine, remove: () => rmSync(root, { recursive: true, force: true }) };
}

const describeMissing = (report: CoverageReport): string =>
  report.entries.filter((e) => e.missing.length > 0).map((e) => `${e.entry}: ${e.missing.join(' ')}`).join('\n');

test('compatibility corpus: ≥ 95 % of entries get every variable they read', { timeout: 300_000 }, async (t) => {
  const db = await openTestDatabase('sqlite', { migrate: true });
  const s = await e2e(db, {
    gameData: await fixtureGameData(),
    config: { processor: { host: '127.0.0.1', port: 0, api_secret: 'corpus' }, general: { react_map_url: 'https://map.test', rdm_url: 'https://rdm.test' } },
  });
  t.after(async () => {
    await s.stop();
    await db.cleanup();
  });
  await s.start();
  const service = { baseUrl: s.baseUrl, secret: 'corpus' };
  const previous: SampleWebhook[] = existsSync(reference)
    ? ['testdata-js.json', 'testdata-ng.json'].flatMap((f) => JSON.parse(readFileSync(join(reference, 'samples', f), 'utf8')) as SampleWebhook[])
    : [];
  const samples = await sampleWebhooks(service, previous);

  const ours = await corpusEngine({ 'config/dts.json': join(community, 'dts.json'), 'config/partials.json': join(community, 'partials.json') });
  t.after(ours.remove);
  const own = await corpusCoverage(service, ours.engine, samples);
  assert.equal(own.unchecked.length, 0, own.unchecked.join(', '));
  assert.equal(own.covered, own.checked, describeMissing(own));

  let checked = own.checked;
  let covered = own.covered;
  const pairs = [['js-default-dts.json', 'js-partials.json'], ['ng-fallback-dts.json', 'ng-partials.json']] as const;
  for (const [dts, partials] of existsSync(reference) ? pairs : []) {
    const corpus = await corpusEngine({ 'config/dts.json': join(reference, 'dts-corpus', dts), 'config/partials.json': join(reference, 'dts-corpus', partials) });
    t.after(corpus.remove);
    const report = await corpusCoverage(service, corpus.engine, samples);
    t.diagnostic(`${dts}: ${report.covered}/${report.checked} covered; unchecked (no sample of the type): ${report.unchecked.join(", ") || "none"}`);
    checked += report.checked;
    covered += report.covered;
    if (report.covered < report.checked) t.diagnostic(describeMissing(report));
  }
  t.diagnostic(`corpus: ${covered}/${checked} covered`);
  assert.ok(covered / checked >= 0.95, `${covered}/${checked} entries covered`);
});
