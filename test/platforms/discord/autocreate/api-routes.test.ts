/**
 * The auto-create API routes before the Discord bot is connected: a run answers 503 (and an unknown rule 404, a
 * wrong body 400) while the template routes already work on the file.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { statusFor } from '../../../../core/http/errors.ts';
import { silentLogger } from '../../../../core/log/logger.ts';
import { buildGeofenceSet } from '../../../../core/geo/index.ts';
import { autocreateApiRoutes } from '../../../../platforms/discord/autocreate/api-routes.ts';
import { Autocreate } from '../../../../platforms/discord/autocreate/service.ts';
import { configFromObject } from '../../../helpers/config.ts';

function routes() {
  const rootDir = mkdtempSync(join(tmpdir(), 'lookout-autocreate-api-'));
  const { config } = configFromObject({ autocreate: { rules: [{ name: 'areas', guild: '1', template: 'area', params: ['{{name}}'] }] } });
  const service = new Autocreate({ config, rootDir, prefix: '!', apiBase: 'https://discord.com/api', geofences: () => buildGeofenceSet([]), log: silentLogger() });
  const all = autocreateApiRoutes(service, rootDir);
  const route = (method: string, path: string) => all.find((r) => r.method === method && r.path === path)!;
  const ctx = { reloadState: async () => true, log: silentLogger() };
  return { route, ctx };
}

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (err) {
    return statusFor(err);
  }
}

describe('auto-create API without the bot', () => {
  test('a run answers 503 while the Discord bot is not running; 404 for an unknown rule; 400 for a wrong body', async () => {
    const { route, ctx } = routes();
    const run = route('POST', '/autocreate/run');
    assert.equal(await statusOf(run.handler({ params: {}, query: {}, body: { rule: 'areas' } }, ctx)), 503);
    assert.equal(await statusOf(run.handler({ params: {}, query: {}, body: {} }, ctx)), 503);
    assert.equal(await statusOf(run.handler({ params: {}, query: {}, body: { rule: 'other' } }, ctx)), 404);
    assert.equal(await statusOf(run.handler({ params: {}, query: {}, body: { rule: 7 } }, ctx)), 400);
    assert.equal(await statusOf(run.handler({ params: {}, query: {}, body: { force: 'yes' } }, ctx)), 400);
  });

  test('the template routes work without the bot', async () => {
    const { route, ctx } = routes();
    assert.deepEqual(await route('GET', '/autocreate/templates').handler({ params: {}, query: {}, body: undefined }, ctx), { status: 'ok', templates: [], problems: [] });
    const saved = (await route('POST', '/autocreate/templates').handler({ params: {}, query: {}, body: { templates: [{ name: 'area', definition: { channels: [{ channelName: '{0}' }] } }] } }, ctx)) as { status: string };
    assert.equal(saved.status, 'ok');
    const listed = (await route('GET', '/autocreate/templates').handler({ params: {}, query: {}, body: undefined }, ctx)) as { templates: { name: string }[] };
    assert.deepEqual(listed.templates.map((t) => t.name), ['area']);
  });
});
