/**
 * `npm run replay` as a command (runReplayCommand with an injected clock and fetch): usage problems (no file, no
 * or a bad --target, a bad --from) exit 2 with a clear message and the usage; a missing file and a bad line are
 * named on stderr with file and line while the rest is sent; the secret can come from a config.toml; --json
 * writes the report.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { parseReplayArguments } from '../../../core/replay-log/args.ts';
import { runReplayCommand } from '../../../core/replay-log/main.ts';
import type { FetchLike } from '../../../core/replay-log/poster.ts';

const dir = mkdtempSync(join(tmpdir(), 'lookout-replay-cli-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const R0 = Date.UTC(2024, 4, 1, 18);
const entry = (receivedAt: number, body: unknown) => JSON.stringify({ time: new Date(receivedAt).toISOString(), ip: '10.0.0.1', body: JSON.stringify(body) });
const LOG = join(dir, 'webhooks.log');
writeFileSync(LOG, `${[entry(R0, [{ type: 'quest', message: { updated: R0 / 1000 } }]), '{"time": 12, "body": "[]"}', entry(R0 + 1000, [{ type: 'raid', message: { end: R0 / 1000 + 900 } }])].join('\n')}\n`);

interface Run {
  readonly code: number;
  readonly out: string;
  readonly err: string;
  readonly posts: { headers: Record<string, string>; body: string }[];
}

async function run(argv: readonly string[]): Promise<Run> {
  let out = '';
  let err = '';
  const posts: Run['posts'] = [];
  let t = R0 + 86_400_000;
  const fetch: FetchLike = async (_url, init) => {
    posts.push({ headers: init.headers, body: init.body });
    return Response.json({ status: 'ok', received: 1, queued: 1, rejected: 0 });
  };
  const code = await runReplayCommand(argv, {
    out: (s) => void (out += s),
    err: (s) => void (err += s),
    clock: { now: () => t, sleep: async (ms) => void (t += ms) },
    fetch,
  });
  return { code, out, err, posts };
}

describe('npm run replay', () => {
  test('usage problems exit 2 with the problem and the usage', async () => {
    const cases: [readonly string[], RegExp][] = [
      [['--target', 'http://127.0.0.1:3030/'], /no webhook log file given/],
      [[LOG], /--target is missing/],
      [[LOG, '--target', 'localhost:3030'], /--target must be an http\(s\) URL \(got localhost: in "localhost:3030"\)/],
      [[LOG, '--target', 'not a url'], /--target must be an http\(s\) URL such as http:\/\/127\.0\.0\.1:3030\/ \(got "not a url"\)/],
      [[LOG, '--target', 'http://x/', '--from', 'noon'], /--from: "noon" is neither an ISO time/],
      [[LOG, '--target', 'http://x/', '--from', '1714590000', '--to', '1714586400'], /--to is before --from/],
      [[LOG, '--target', 'http://x/', '--speed', 'fast'], /--speed must be a positive number, 0 or max/],
      [[LOG, '--target', 'http://x/', '--concurrency', '0'], /--concurrency must be a whole number ≥ 1/],
      [[LOG, '--target', 'http://x/', '--bogus'], /Unknown option '--bogus'/],
    ];
    for (const [argv, message] of cases) {
      const r = await run(argv);
      assert.equal(r.code, 2, argv.join(' '));
      assert.match(r.err, message);
      assert.match(r.err, /usage: npm run replay -- <webhook log file>… --target <url>/);
      assert.equal(r.posts.length, 0);
    }
    const help = await run(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.out, /--speed <n>\|0\|max/);
  });

  test('a bad line is named with its file and line and skipped; the rest is sent and reported', async () => {
    const r = await run([LOG, '--target', 'http://127.0.0.1:3030/', '--speed', 'max']);
    assert.equal(r.code, 0);
    assert.equal(r.err, `lookout replay: ${LOG}:2: no "time" string (line skipped)\n`);
    assert.equal(r.posts.length, 2);
    assert.match(r.out, /lines read +3 \(bad 1, unreadable files 0, outside --from\/--to 0\)/);
    assert.match(r.out, /items sent +2: quest 1, raid 1/);
    assert.match(r.out, /HTTP statuses +200 2/);
    assert.match(r.out, new RegExp(`${LOG.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: no "time" string`));
  });

  test('a missing file is named, the others are still replayed, and the exit code is 1', async () => {
    const missing = join(dir, 'webhooks.20240501-170000.1.log.gz');
    const r = await run([missing, LOG, '--target', 'http://127.0.0.1:3030/', '--speed', '0']);
    assert.equal(r.code, 1);
    assert.match(r.err, new RegExp(`${missing.replace(/[.]/g, '\\.')}: cannot be read: no such file`));
    assert.equal(r.posts.length, 2);
    const nothing = await run([missing, '--target', 'http://127.0.0.1:3030/']);
    assert.equal(nothing.code, 1);
    assert.match(nothing.err, /nothing was sent/);
  });

  test('the secret from --secret, or from a config file\'s [processor] api_secret; --json writes the report', async () => {
    const withSecret = await run([LOG, '--target', 'http://127.0.0.1:3030/', '--speed', 'max', '--secret', 'given']);
    assert.ok(withSecret.posts.every((p) => p.headers['x-service-secret'] === 'given'));
    const config = join(dir, 'config.toml');
    writeFileSync(config, '[processor]\napi_secret = "from-config"\n\n[database]\nclient = "sqlite"\nfilename = "config/lookout.sqlite"\n');
    const json = join(dir, 'report.json');
    const fromConfig = await run([LOG, '--target', 'http://127.0.0.1:3030/', '--speed', 'max', '--config', config, '--json', json]);
    assert.equal(fromConfig.code, 0, fromConfig.err);
    assert.ok(fromConfig.posts.length === 2 && fromConfig.posts.every((p) => p.headers['x-service-secret'] === 'from-config'));
    const report = JSON.parse(readFileSync(json, 'utf8')) as { batches: number; itemsByType: Record<string, number> };
    assert.equal(report.batches, 2);
    assert.deepEqual(report.itemsByType, { quest: 1, raid: 1 });
    const noSecret = await run([LOG, '--target', 'http://127.0.0.1:3030/', '--speed', 'max']);
    assert.ok(noSecret.posts.every((p) => !('x-service-secret' in p.headers)));
    const badConfig = await run([LOG, '--target', 'http://127.0.0.1:3030/', '--config', join(dir, 'absent.toml')]);
    assert.equal(badConfig.code, 2);
    assert.match(badConfig.err, /cannot read the secret from .*absent\.toml/);
  });

  test('the arguments as a pure function', () => {
    const parsed = parseReplayArguments(['a.log', 'b.log.gz', '--target', 'http://127.0.0.1:3030', '--speed', '2', '--from', '2024-05-01T18:00:00Z', '--to', '1714590000', '--timeout', '2.5']);
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.args, {
      files: ['a.log', 'b.log.gz'],
      target: 'http://127.0.0.1:3030/',
      speed: 2,
      window: { from: R0, to: 1_714_590_000_000 },
      secret: null,
      configFile: null,
      concurrency: 4,
      timeoutMs: 2500,
      json: null,
    });
  });
});
