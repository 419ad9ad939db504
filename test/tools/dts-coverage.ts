/**
 * Measures how much of a folder of DTS files (a community's template collection) renders with every variable it
 * reads given: `node --import tsx test/tools/dts-coverage.ts <folder> [--verbose]`. The folder's dts*.json /
 * *.toml files are loaded as config/dts.json-style files with its partials.json; the service runs on a temporary
 * SQLite database with the bundled game data fixture. Prints the covered share and, per entry, the names missing.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DtsEngine } from '../../core/dts/engine.ts';
import { silentLogger } from '../../core/log/logger.ts';
import { e2e } from '../e2e/harness.ts';
import { openTestDatabase } from '../helpers/databases.ts';
import { corpusCoverage, sampleWebhooks, type SampleWebhook } from '../helpers/dts-coverage.ts';
import { fixtureGameData } from '../plugins/monster/support.ts';
import { SHIPPED } from '../fixtures/dts/platforms.ts';

const [folder, ...flags] = process.argv.slice(2);
if (!folder) {
  console.error('usage: dts-coverage.ts <folder of DTS files> [--verbose]');
  process.exit(2);
}
const root = mkdtempSync(join(tmpdir(), 'dts-coverage-'));
const dts = join(root, 'config', 'dts');
cpSync(resolve(folder), dts, { recursive: true });
const partials = readdirSync(dts).find((n) => /^partials.*\.json$/.test(n));
if (partials) renameSync(join(dts, partials), join(root, 'config', 'partials.json'));
const corpus = await DtsEngine.load({ rootDir: root, log: silentLogger(), platforms: SHIPPED.platforms });
const db = await openTestDatabase('sqlite', { migrate: true });
const s = await e2e(db, { gameData: await fixtureGameData(), config: { processor: { host: '127.0.0.1', port: 0, api_secret: 'coverage' } } });
await s.start();
try {
  const shared = join(process.cwd(), '..', 'shared', 'reference', 'samples');
  const extra: SampleWebhook[] = existsSync(shared) ? ['testdata-js.json', 'testdata-ng.json'].flatMap((f) => JSON.parse(readFileSync(join(shared, f), 'utf8')) as SampleWebhook[]) : [];
  const report = await corpusCoverage({ baseUrl: s.baseUrl, secret: 'coverage' }, corpus, await sampleWebhooks({ baseUrl: s.baseUrl, secret: 'coverage' }, extra));
  for (const p of corpus.problems()) console.log(`problem: ${p.file}#${String(p.entry)}: ${p.message.slice(0, 300)}`);
  console.log(`covered ${report.covered}/${report.checked} (${((100 * report.covered) / Math.max(1, report.checked)).toFixed(1)} %), unchecked ${report.unchecked.length}`);
  const counts = new Map<string, number>();
  for (const e of report.entries) for (const m of e.missing) counts.set(m, (counts.get(m) ?? 0) + 1);
  console.log('missing names:', [...counts].sort((a, b) => b[1] - a[1]).map(([n, c]) => `${n}×${c}`).join(' '));
  if (flags.includes('--verbose')) for (const e of report.entries) if (e.missing.length > 0 || e.empty.length > 0) console.log(`${e.entry}: missing [${e.missing.join(' ')}] empty [${e.empty.join(' ')}]`);
  if (flags.includes('--verbose')) console.log('unchecked:', report.unchecked.join(', '));
} finally {
  await s.stop();
  await db.cleanup();
  rmSync(root, { recursive: true, force: true });
}
