/**
 * docs/first-alert.md works as written: its marked shell blocks (`<!-- first-alert: setup -->`, `webhook`) run with
 * bash and curl against a started service (SQLite, the example areas), and the alert reaches the webhook URL.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { e2e } from '../e2e/harness.ts';
import { openTestDatabase } from '../helpers/databases.ts';
import { metricValue } from '../helpers/metrics.ts';
import { fixtureGameData } from '../helpers/plugin-setup.ts';

const root = resolve(import.meta.dirname, '../..');
const doc = readFileSync(join(root, 'docs/first-alert.md'), 'utf8');

/** The shell block right after `<!-- first-alert: <name> -->`. */
function block(name: string): string {
  const m = new RegExp(`<!-- first-alert: ${name} -->\\n\`\`\`sh\\n([\\s\\S]*?)\\n\`\`\``).exec(doc);
  assert.ok(m, `docs/first-alert.md has a "${name}" block`);
  return m[1]!;
}

function bash(script: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { env: { ...process.env, ...env }, cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

const curl = ['/usr/bin/curl', '/bin/curl', '/usr/local/bin/curl'].some((p) => existsSync(p));

test('the first-alert walk-through delivers the sample to the webhook', { skip: curl ? false : 'curl is not installed' }, async () => {
  const setup = block('setup');
  const webhook = block('webhook');
  const db = await openTestDatabase('sqlite', { migrate: true });
  const s = await e2e(db, { gameData: await fixtureGameData(), config: { processor: { host: '127.0.0.1', port: 0, api_secret: 'change-me' } } });
  try {
    await s.start();
    const env = { LOOKOUT: s.baseUrl, SECRET: 'change-me', HOOK: s.hookUrl('first-alert') };

    const registered = await bash(setup, env);
    assert.equal(registered.code, 0, registered.stderr);
    const [human, rule] = registered.stdout.trim().split('\n').map((l) => JSON.parse(l) as { status: string; message: string; newUids?: number[] });
    assert.equal(human?.message, 'User created successfully');
    assert.equal(rule?.status, 'ok');
    assert.equal(rule?.newUids?.length, 1);
    await s.settled();

    const sent = await bash(webhook, env);
    assert.equal(sent.code, 0, sent.stderr);
    assert.deepEqual(JSON.parse(sent.stdout), { status: 'ok', webserver: 'happy', received: 1, queued: 1, rejected: 0 });
  } finally {
    await s.stop(); // drains the queues
    await db.cleanup();
  }
  const posts = s.receiver.posts.filter((p) => p.path === '/hooks/first-alert');
  assert.equal(posts.length, 2, 'the tracking confirmation, then the alert');
  assert.match(posts[0]!.body.content ?? JSON.stringify(posts[0]!.body), /New/);
  assert.match(JSON.stringify(posts[1]!.body), /100/, 'the alert shows the 100% IV');
  // what step 5 of the page says /metrics shows
  assert.equal(await metricValue(s.app.metrics, 'lookout_webhooks_received_total', { type: 'pokemon' }), 1);
  assert.equal(await metricValue(s.app.metrics, 'lookout_matches_total', { plugin: 'monster' }), 1);
  assert.equal(await metricValue(s.app.metrics, 'lookout_deliveries_total', { platform: 'webhook', outcome: 'sent' }), 2);
});
