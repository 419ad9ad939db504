/**
 * monitoring/grafana-dashboard.json against the service: every metric its queries read is one the running app
 * exposes on GET /metrics (asked without the API secret, as Prometheus does), every metric of ours has a panel,
 * and the JSON model is one Grafana imports (unique ids, panels on the 24-column grid, the datasource variable).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { e2e, type E2E } from '../e2e/harness.ts';
import { openTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { fixtureGameData } from '../helpers/plugin-setup.ts';

const root = resolve(import.meta.dirname, '../..');

interface Target {
  refId?: string;
  expr?: string;
  datasource?: { uid?: string };
}
interface Panel {
  id?: number;
  type: string;
  title?: string;
  gridPos?: { x: number; y: number; w: number; h: number };
  targets?: Target[];
  panels?: Panel[];
}
interface Dashboard {
  uid?: string;
  title?: string;
  schemaVersion?: number;
  panels: Panel[];
  templating: { list: { name: string; type: string; query?: unknown; definition?: string }[] };
}

const dashboard = JSON.parse(readFileSync(join(root, 'monitoring/grafana-dashboard.json'), 'utf8')) as Dashboard;
const allPanels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
const queries = allPanels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title ?? '?', expr: t.expr ?? '' })));
const variableQueries = dashboard.templating.list.flatMap((v) => (v.definition ? [{ panel: `$${v.name}`, expr: v.definition }] : []));

const PROMQL_WORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'offset', 'bool', 'and', 'or', 'unless', 'le', 'inf', 'nan']);

/** The metric names a PromQL expression reads: identifiers that are not functions, keywords, labels or durations. */
export function metricNames(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // label values
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\[[^\]]*\]/g, '') // range selectors
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '') // grouping label lists
    .replace(/\$\w+/g, '') // Grafana variables
    .replace(/\boffset\s+-?[0-9a-z]+/g, ''); // offsets
  const names: string[] = [];
  for (const m of stripped.matchAll(/[0-9][a-zA-Z0-9_.]*|[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const after = stripped.slice(m.index! + m[0].length).trimStart();
    if (after.startsWith('(')) continue; // a function
    if (PROMQL_WORDS.has(m[0].toLowerCase())) continue;
    if (/^[0-9]/.test(m[0])) continue;
    names.push(m[0]);
  }
  return names;
}

/** `# TYPE name type` of a /metrics text: every series name each metric yields. */
function exposedNames(text: string): { series: Set<string>; metrics: Map<string, string> } {
  const series = new Set<string>();
  const metrics = new Map<string, string>();
  for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [name, type] = [m[1]!, m[2]!];
    metrics.set(name, type);
    series.add(name);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) series.add(name + s);
    if (type === 'summary') for (const s of ['_sum', '_count']) series.add(name + s);
  }
  return { series, metrics };
}

let db: TestDatabase;
let s: E2E;
let metricsText = '';

before(async () => {
  db = await openTestDatabase('sqlite', { migrate: true });
  s = await e2e(db, { gameData: await fixtureGameData(), config: { processor: { host: '127.0.0.1', port: 0, api_secret: 'a-secret' } } });
  await s.start();
  const res = await fetch(`${s.baseUrl}/metrics`);
  assert.equal(res.status, 200, '/metrics answers without the API secret (prometheus.yml sends none)');
  metricsText = await res.text();
});

after(async () => {
  await s?.stop();
  await db?.cleanup();
});

test('the name extraction finds metrics and skips functions, labels, ranges and keywords', () => {
  assert.deepEqual(metricNames('histogram_quantile(0.95, sum by (le, platform) (rate(lookout_delivery_latency_seconds_bucket{instance=~"$instance",x="a b"}[$__rate_interval])))'), [
    'lookout_delivery_latency_seconds_bucket',
  ]);
  assert.deepEqual(metricNames('time() - max(process_start_time_seconds)'), ['process_start_time_seconds']);
  assert.deepEqual(metricNames('a_total / on (x) group_left b_total offset 5m'), ['a_total', 'b_total']);
  assert.deepEqual(metricNames('label_values(lookout_build_info, instance)'), ['lookout_build_info', 'instance']);
});

test('every metric the dashboard queries is exposed by the app on GET /metrics', () => {
  const { series } = exposedNames(metricsText);
  assert.ok(series.has('lookout_webhooks_received_total'), 'the app exposes its own metrics');
  assert.ok(queries.length > 20);
  const unknown = queries.flatMap((q) => metricNames(q.expr).filter((n) => !series.has(n)).map((n) => `${q.panel}: ${n}`));
  assert.deepEqual(unknown, []);
  // the instance variable reads a metric too (its second argument is the label)
  for (const v of variableQueries) assert.ok(series.has(metricNames(v.expr)[0]!), `${v.panel}: ${v.expr}`);
  // and a query on a name that does not exist would be caught
  assert.ok(metricNames('sum(rate(lookout_webhooks_in_total[5m]))').some((n) => !series.has(n)));
});

test('every metric of the service (lookout_*, not the process defaults) has a panel', () => {
  const { metrics } = exposedNames(metricsText);
  const read = new Set(queries.flatMap((q) => metricNames(q.expr)).map((n) => n.replace(/_(bucket|sum|count)$/, (suffix, _s, offset: number, whole: string) => (metrics.get(whole.slice(0, offset)) === 'histogram' ? '' : suffix))));
  // node's and the process's default metrics keep their standard names (process_*, nodejs_*): only lookout_* are ours
  const ours = [...metrics.keys()].filter((n) => n.startsWith('lookout_'));
  assert.ok(metrics.has('process_cpu_seconds_total') && metrics.has('nodejs_heap_size_used_bytes'), 'the default metrics under their standard names');
  assert.ok(![...metrics.keys()].some((n) => /^lookout_(process|nodejs)_/.test(n)), 'no default metric under the old lookout_ prefix');
  assert.ok(ours.length > 15);
  assert.deepEqual(ours.filter((n) => !read.has(n)), [], 'add a panel for these metrics to monitoring/grafana-dashboard.json');
});

test('the JSON model imports: unique ids and refIds, the 24-column grid, queries on the datasource variable', () => {
  assert.equal(dashboard.uid, 'lookout-overview');
  assert.ok(typeof dashboard.schemaVersion === 'number' && dashboard.title);
  const ids = allPanels.map((p) => p.id);
  assert.equal(new Set(ids).size, ids.length, 'panel ids are unique');
  assert.ok(ids.every((id) => Number.isInteger(id)));
  const ds = dashboard.templating.list.find((v) => v.type === 'datasource');
  assert.equal(ds?.query, 'prometheus');
  for (const p of allPanels) {
    const g = p.gridPos;
    assert.ok(g && g.x >= 0 && g.w > 0 && g.x + g.w <= 24 && g.h > 0, `${p.title}: gridPos within 24 columns`);
    if (p.type === 'row') continue;
    assert.ok((p.targets ?? []).length > 0, `${p.title}: has a query`);
    const refIds = (p.targets ?? []).map((t) => t.refId);
    assert.equal(new Set(refIds).size, refIds.length, `${p.title}: refIds unique`);
    for (const t of p.targets ?? []) {
      assert.equal(t.datasource?.uid, '${datasource}', `${p.title}: the datasource variable`);
      assert.match(t.expr ?? '', /instance=~"\$instance"/, `${p.title}: filters on $instance`);
    }
  }
});

test('the container health check script sees the running service as healthy and a stopped one as not', async () => {
  const url = `${s.baseUrl}/health`;
  // asynchronously: the service runs in this process and must answer while the script waits
  const check = (): Promise<{ status: number | null; stderr: string }> =>
    new Promise((done) => {
      const child = spawn(process.execPath, [join(root, 'deploy/healthcheck.mjs')], { env: { ...process.env, LOOKOUT_HEALTH_URL: url } });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (status) => done({ status, stderr }));
    });
  const up = await check();
  assert.equal(up.status, 0, up.stderr);
  await s.stop();
  const down = await check();
  assert.equal(down.status, 1);
  assert.match(down.stderr, /^health: /);
});
