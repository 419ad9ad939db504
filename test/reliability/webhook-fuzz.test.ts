/**
 * Fuzz of `POST /` (on SQLite: the test is about HTTP and the pipeline, not the engine): thousands of hostile
 * requests from a seeded generator (support/webhook-cases.ts) with valid monster and raid webhooks spread among
 * them, each valid item matching one rule of its own webhook human. No answer is a 5xx, no connection is dropped,
 * the service stays up, every valid item alerts its human exactly once and nothing else arrives except at a sink
 * human whose rules catch whatever hostile message still parses; /metrics stays small, counts the junk, and no
 * plugin hook threw. The seed is printed; LOOKOUT_FUZZ_SEED=<seed> replays a run.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { seededRandom } from '../bench/random.ts';
import { e2e, IN_RIVERSIDE, type E2E } from '../e2e/harness.ts';
import type { ReceivedPost } from '../e2e/receiver.ts';
import { until } from '../e2e/wait.ts';
import { openTestDatabase } from '../helpers/databases.ts';
import { fixtureGameData } from '../helpers/plugin-setup.ts';
import { fortRow } from '../../plugins/fort-update/test/support.ts';
import { gymRow } from '../plugins/gym/support.ts';
import { invasionRow } from '../plugins/invasion/support.ts';
import { lureRow } from '../plugins/lure/support.ts';
import { maxBattleRow } from '../plugins/max-battle/support.ts';
import { monsterRow } from '../plugins/monster/support.ts';
import { nestRow } from '../plugins/nest/support.ts';
import { questRow } from '../plugins/quest/support.ts';
import { eggRow, raidRow } from '../plugins/raid/support.ts';
import { errorShapeProblem } from './support/error-shape.ts';
import { describeRequest, inPool, sendRaw, type RawAnswer } from './support/raw-http.ts';
import { scannerMessage, type Place } from './support/scanner-hooks.ts';
import { webhookCases, type ValidItem, type WebhookCase } from './support/webhook-cases.ts';

const SEED = Number(process.env.LOOKOUT_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 32));
const REQUESTS = 3000;
const VALID_MONSTERS = 240;
const VALID_RAIDS = 60;
const METRICS_MAX_BYTES = 300_000;
const SINK = 'sink';

type Row = Record<string, unknown>;
const withoutUid = ({ uid: _uid, ...row }: Row): Row => row;

/** valid human `i`: on a grid 5 km apart, far from the Riverside area where the hostile messages are */
function placeOf(i: number): Place {
  return { latitude: 46 + Math.floor(i / 20) * 0.05, longitude: 8 + (i % 20) * 0.05 };
}

/** one human per valid item, each with a 300 m rule around it; the valid item 50 m away */
async function seedValid(s: E2E, nowS: number): Promise<ValidItem[]> {
  const valid: ValidItem[] = [];
  for (let i = 0; i < VALID_MONSTERS + VALID_RAIDS; i++) {
    const raid = i >= VALID_MONSTERS;
    const name = `${raid ? 'raid' : 'monster'}-${i}`;
    const at = placeOf(i);
    await s.addHuman({ id: s.hookUrl(name), name, ...at });
    await s.addRule(raid ? 'raid' : 'monsters', withoutUid(raid ? raidRow(s.hookUrl(name), { level: 90, distance: 300 }) : monsterRow(s.hookUrl(name), { pokemon_id: 0, distance: 300 })));
    const message = scannerMessage(raid ? 'raid' : 'pokemon', { latitude: at.latitude + 0.0005, longitude: at.longitude }, `valid-${name}`, nowS, i);
    valid.push({ envelope: { type: raid ? 'raid' : 'pokemon', message }, path: `/hooks/${name}` });
  }
  return valid;
}

/** the sink: rules of every table over the Riverside area, so hostile messages that still parse are matched, enriched and rendered */
async function seedSink(s: E2E): Promise<void> {
  const id = s.hookUrl(SINK);
  await s.addHuman({ id, name: 'Sink', area: ['riverside'] });
  const rows: [string, Row][] = [
    ['monsters', monsterRow(id, { pokemon_id: 0 })],
    ['raid', raidRow(id, { level: 90 })],
    ['egg', eggRow(id, { level: 90 })],
    ['quest', questRow(id, { reward_type: 2, reward: 0 })],
    ['lures', lureRow(id, { lure_id: 0 })],
    ['invasion', invasionRow(id, { grunt_type: 'everything' })],
    ['gym', gymRow(id, { team: 4 })],
    ['nests', nestRow(id, { pokemon_id: 0 })],
    ['forts', fortRow(id, { fort_type: 'everything' })],
    ['maxbattle', maxBattleRow(id, { pokemon_id: 9000, level: 90 })],
  ];
  for (const [table, row] of rows) await s.addRule(table, withoutUid(row));
}

/** what is wrong with one answer, or null */
function problemOf(c: WebhookCase, a: RawAnswer): string | null {
  if (a.kind === 'dropped') return `dropped without an answer (${a.error})`;
  if (a.status >= 500) return `answered ${a.status} ${a.text.slice(0, 200)}`;
  if (c.expect === 'accepted' && a.status !== 200) return `expected 200, got ${a.status} ${a.text.slice(0, 200)}`;
  if (c.expect === 'refused' && a.status < 400) return `expected a 4xx, got ${a.status} ${a.text.slice(0, 200)}`;
  // a HEAD answer has no body to check
  if (a.status >= 400) return c.request.method === 'HEAD' ? null : errorShapeProblem(a.status, a.text);
  if (c.expect !== 'accepted') return null;
  const body = JSON.parse(a.text) as { rejected?: number };
  return body.rejected === c.intakeRejected ? null : `expected ${c.intakeRejected} item(s) rejected at intake, the answer says ${a.text.slice(0, 200)}`;
}

/** the value of each series of a counter in the /metrics text, by its label text */
function counterSeries(metrics: string, name: string): Map<string, number> {
  const series = new Map<string, number>();
  for (const line of metrics.split('\n')) {
    const m = new RegExp(`^${name}(\\{[^}]*\\})? (\\S+)$`).exec(line);
    if (m) series.set(m[1] ?? '', Number(m[2]));
  }
  return series;
}

function sumWhere(series: Map<string, number>, labelPart: string): number {
  let sum = 0;
  for (const [labels, value] of series) if (labels.includes(labelPart)) sum += value;
  return sum;
}

function countByPath(posts: readonly ReceivedPost[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of posts) counts.set(p.path, (counts.get(p.path) ?? 0) + 1);
  return counts;
}

describe('POST / fuzz', () => {
  test(`${REQUESTS} hostile and valid requests: no 5xx, every valid alert exactly once, nothing else`, async (t) => {
    t.diagnostic(`fuzz seed ${SEED} (replay: LOOKOUT_FUZZ_SEED=${SEED})`);
    const seedNote = `(seed ${SEED}; replay with LOOKOUT_FUZZ_SEED=${SEED})`;
    const db = await openTestDatabase('sqlite', { migrate: true });
    // POST / waits for room in a full intake queue (two batches of 5,000 fill it); a slow machine must not make that a 503
    const s = await e2e(db, { gameData: await fixtureGameData(), config: { tuning: { intake_wait_secs: 120 } } });
    const nowS = Math.floor(Date.now() / 1000);
    let valid: ValidItem[] = [];
    try {
      valid = await seedValid(s, nowS);
      await seedSink(s);
      await s.start();
      const port = (s.app.http.server.address() as { port: number }).port;
      const cases = webhookCases({ random: seededRandom(SEED), count: REQUESTS, valid, junkAt: IN_RIVERSIDE, nowS, served: (type) => s.app.registry.pluginsForWebhook(type).length > 0 });
      assert.deepEqual(cases.flatMap((c) => c.validPaths).sort(), valid.map((v) => v.path).sort(), 'every valid item is sent once');

      const answers = await inPool(cases, 4, (c) => sendRaw(port, c.request));
      const problems = cases.flatMap((c, i) => {
        const problem = problemOf(c, answers[i]!);
        return problem ? [`#${i} ${c.kind}: ${describeRequest(c.request)} → ${problem}`] : [];
      });
      assert.deepEqual(problems.slice(0, 15), [], `${problems.length} request(s) answered wrongly ${seedNote}`);

      const health = await sendRaw(port, { method: 'GET', path: '/health' });
      assert.equal(health.kind === 'answer' && health.status, 200, `the service still answers /health ${seedNote}`);
      // a missing alert is named by the exact count after the stop
      await until(() => valid.every((v) => s.receiver.posts.some((p) => p.path === v.path)), 'every valid alert at the receiver').catch(() => undefined);

      const metrics = await sendRaw(port, { method: 'GET', path: '/metrics' });
      assert.ok(metrics.kind === 'answer' && metrics.status === 200, 'GET /metrics answers');
      assert.ok(Buffer.byteLength(metrics.text) < METRICS_MAX_BYTES, `/metrics is ${Buffer.byteLength(metrics.text)} bytes ${seedNote}`);
      const rejected = counterSeries(metrics.text, 'lookout_webhooks_rejected_total');
      const sum = (pick: (c: WebhookCase) => number) => cases.reduce((n, c) => n + pick(c), 0);
      assert.equal(sumWhere(rejected, 'reason="invalid_json"'), sum((c) => c.invalidJson), `bodies that are not a JSON batch ${seedNote}`);
      assert.equal(
        sumWhere(rejected, 'reason="not_an_item"') + sumWhere(rejected, 'reason="unknown_type"'),
        sum((c) => c.intakeRejected),
        `items refused at intake ${seedNote}`,
      );
      assert.ok(sumWhere(rejected, 'reason="malformed"') > 0, 'hostile messages the plugins could not use are counted as malformed');
    } finally {
      await s.stop();
      await db.cleanup();
    }

    // after the stop, which drained the pipeline: every hostile message has been through the hooks
    const pluginErrors = [...counterSeries(await s.app.metrics.registry.metrics(), 'lookout_plugin_errors_total')].filter(([, n]) => n > 0);
    assert.deepEqual(pluginErrors, [], `no plugin hook threw on hostile input ${seedNote}`);
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype was not polluted');

    const counts = countByPath(s.receiver.posts);
    const wanted = new Set(valid.map((v) => v.path));
    const notOnce = [...wanted].filter((p) => counts.get(p) !== 1).map((p) => `${p}: ${counts.get(p) ?? 0}`);
    assert.deepEqual(notOnce, [], `each valid item alerts exactly once ${seedNote}`);
    const unasked = [...counts.keys()].filter((p) => !wanted.has(p) && p !== `/hooks/${SINK}`);
    assert.deepEqual(unasked, [], `nothing arrives that no valid item asked for ${seedNote}`);
    assert.ok((counts.get(`/hooks/${SINK}`) ?? 0) > 0, 'hostile messages that still parse are matched, rendered and delivered (to the sink)');
    for (const post of s.receiver.posts.filter((p) => wanted.has(p.path))) {
      assert.match(post.body.embeds?.[0]?.title ?? '', post.path.includes('raid') ? /Mewtwo/ : /Pikachu/, `${post.path} got its alert`);
    }
  });
});
