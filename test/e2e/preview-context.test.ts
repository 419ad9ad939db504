/**
 * Previews of alert types whose variables exist only in context (AlertPlugin.previewVariables): POST /api/dts/render
 * of a sample sighting as `monsterChanged` shows `original.*` and the change words, of a sample quest as
 * `questSummary` a digest of one (its reward group, chunk 1 of 1, the quest in `quests`); the alert types the event
 * has anyway get nothing extra.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openTestDatabase } from '../helpers/databases.ts';
import { fixtureGameData } from '../plugins/monster/support.ts';
import { e2e, type E2E } from './harness.ts';

const SECRET = 'preview-secret';

async function render(s: E2E, type: string, sample: { type: string; webhook: unknown }, content: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${s.baseUrl}/api/dts/render`, {
    method: 'POST',
    headers: { 'x-service-secret': SECRET, 'content-type': 'application/json' },
    body: JSON.stringify({ type, platform: 'discord', language: 'en', template: { content }, event: { type: sample.type, webhook: sample.webhook }, includeView: true }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

test('a change and a digest previewed from sample webhooks get their context variables', async (t) => {
  const db = await openTestDatabase('sqlite', { migrate: true });
  const s = await e2e(db, { gameData: await fixtureGameData(), config: { processor: { host: '127.0.0.1', port: 0, api_secret: SECRET } } });
  t.after(async () => {
    await s.stop();
    await db.cleanup();
  });
  await s.start();
  const testdata = ((await (await fetch(`${s.baseUrl}/api/dts/testdata`, { headers: { 'x-service-secret': SECRET } })).json()) as { testdata: { type: string; webhook: Record<string, unknown> }[] }).testdata;
  const sighting = testdata.find((d) => d.type === 'pokemon' && d.webhook['cp'] !== undefined)!;
  const quest = testdata.find((d) => d.type === 'quest')!;

  const changed = await render(s, 'monsterChanged', sighting, 'was {{original.name}} ({{changeTypeText}}), now {{name}}');
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  const view = changed.body['view'] as Record<string, unknown>;
  const original = view['original'] as Record<string, unknown>;
  assert.equal(original['pokemonId'], view['pokemonId']);
  assert.equal(view['changeType'], 'species');
  assert.match(JSON.stringify(changed.body['message']), /was [^(]+ \(species change\), now .+/);

  const digest = await render(s, 'questSummary', quest, '{{count}} × {{rewardName}} ({{chunk}}/{{chunks}}): {{#each quests}}{{this.stopName}}{{/each}}');
  assert.equal(digest.status, 200, JSON.stringify(digest.body));
  const digestView = digest.body['view'] as Record<string, unknown>;
  assert.equal(digestView['count'], 1);
  assert.equal((digestView['quests'] as unknown[]).length, 1);
  assert.match(JSON.stringify(digest.body['message']), /1 × .+ \(1\/1\): /);

  const plain = await render(s, 'monster', sighting, '{{name}}');
  assert.equal((plain.body['view'] as Record<string, unknown>)['original'], undefined, 'a plain monster preview has no change');
});
