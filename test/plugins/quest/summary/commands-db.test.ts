/**
 * The quest summary against a real database on both engines: the `summary_schedules` table as PoracleNG shapes it,
 * the `summary` command (settime, status, cleartime, now, refusals), the `summary` keyword of `quest`,
 * `/api/summaries/*` in PoracleNG's shapes, the scheduler reading the table at its wake-ups and sending a due digest
 * once per window, and a deleted human's schedules gone with it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import type { AlertPluginRuntime, PluginAlert, View } from '../../../../core/contract.ts';
import type { CommandDefinition, CommandReply, CommandServices } from '../../../../core/commands/types.ts';
import type { ApiRoute } from '../../../../core/http/api/plugin-routes.ts';
import { silentLogger } from '../../../../core/log/logger.ts';
import { createMetrics } from '../../../../core/metrics/metrics.ts';
import type { Human } from '../../../../core/model.ts';
import questPlugin from '../../../../plugins/quest/index.ts';
import { describeQuestRule } from '../../../../plugins/quest/commands/index.ts';
import { forEachDatabase } from '../../../helpers/databases.ts';
import { ManualClock } from '../../../helpers/manual-clock.ts';
import { testPluginSetup } from '../../../helpers/plugin-setup.ts';
import { commandServices, fill, invocation } from '../../monster/commands/support.ts';
import { hookContext, parsed, questHook, type QuestPlugin } from '../support.ts';

/** Monday 2027-01-18 06:25 UTC = 07:25 in Munich */
const MONDAY_0725_BERLIN = Date.UTC(2027, 0, 18, 6, 25);
/** the quests are seen that morning */
const SEEN_S = MONDAY_0725_BERLIN / 1000 - 600;

let nextId = 0;

interface World {
  readonly plugin: QuestPlugin;
  readonly services: CommandServices;
  readonly clock: ManualClock;
  readonly sent: Array<{ alert: PluginAlert; view: View }>;
  readonly humans: Map<string, Human>;
}

async function world(db: { knex: import('knex').Knex }): Promise<World> {
  const plugin = questPlugin(await testPluginSetup({ rootDir: mkdtempSync(join(tmpdir(), 'quest-summary-db-')) })) as QuestPlugin;
  const services = await commandServices(db.knex);
  const clock = new ManualClock(MONDAY_0725_BERLIN);
  const sent: World['sent'] = [];
  const texts: Array<{ id: string; text: string }> = [];
  const humans = new Map<string, Human>();
  const runtime: AlertPluginRuntime = {
    log: silentLogger(),
    clock,
    db: db.knex,
    metrics: createMetrics({ collectProcess: false }).registry,
    snapshot: () => ({ humans }) as unknown as ReturnType<AlertPluginRuntime['snapshot']>,
    reloadState: async () => true,
    translator: () => (text, vars) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars?.[name] ?? '')),
    async sendText(h, text) {
      texts.push({ id: h.id, text });
      return true;
    },
    async sendAlert(alert) {
      sent.push({ alert, view: alert.view({ language: 'en', platform: 'discord' }) });
      return true;
    },
    staticMap: async () => '',
  };
  await plugin.start!(runtime);
  return { plugin, services, clock, sent, humans };
}

async function register(w: World): Promise<Human> {
  const id = `summary-${++nextId}`;
  const h = await w.services.stores.humans.create({ id, type: 'discord:user', name: `Trainer ${nextId}`, enabled: true, area: [], latitude: 48.1365, longitude: 11.572 });
  w.humans.set(id, h);
  return h;
}

function command(w: World, name: string): CommandDefinition {
  return w.plugin.commands!.find((c) => c.name === name)!;
}

async function run(w: World, target: Human, name: string, text: string): Promise<CommandReply> {
  const replies = await command(w, name).run(invocation({ name, text, target, services: w.services }));
  assert.equal(replies.length, 1);
  return replies[0]!;
}

function route(w: World, method: string, path: string): ApiRoute {
  return w.plugin.apiRoutes!.find((r) => r.method === method && r.path === path)!;
}

async function call(w: World, method: string, path: string, params: Record<string, string>, body?: unknown): Promise<unknown> {
  return route(w, method, path).handler({ params, query: {}, body }, { reloadState: async () => true, log: silentLogger() });
}

forEachDatabase('quest summary on the database', (db) => {
  it('summary_schedules has PoracleNG columns and key', async () => {
    const columns = await db.knex('summary_schedules').columnInfo();
    assert.deepEqual(Object.keys(columns).sort(), ['active_hours', 'alert_type', 'id']);
    await db.knex('summary_schedules').insert({ id: 'x', alert_type: 'quest' });
    assert.equal((await db.knex('summary_schedules').where({ id: 'x' }).first()).active_hours, '[]');
    await assert.rejects(db.knex('summary_schedules').insert({ id: 'x', alert_type: 'quest' }));
  });

  it('settime stores the schedule; status shows it, its zone and the held count; cleartime removes it', async () => {
    const w = await world(db);
    const ash = await register(w);
    const set = await run(w, ash, 'summary', 'quest settime mon07:30 weekend:9-17/4');
    assert.equal(set.reaction, '✅');
    assert.match(set.text ?? '', /Monday 07:30, Saturday 09:00-17:00\/4h, Sunday 09:00-17:00\/4h/);
    const row = await db.knex('summary_schedules').where({ id: ash.id, alert_type: 'quest' }).first();
    assert.deepEqual(JSON.parse(row.active_hours), [
      { day: 1, hours: 7, mins: 30 },
      { day: 6, hours: 9, mins: 0, end_hours: 17, end_mins: 0, step: 4 },
      { day: 7, hours: 9, mins: 0, end_hours: 17, end_mins: 0, step: 4 },
    ]);
    w.plugin.hold!(parsed(w.plugin, questHook({ updated: SEEN_S })), [{ human: ash, table: 'quest', ruleUid: 1, alertType: 'quest', templateId: null, ping: '', clean: 4 }], hookContext(SEEN_S));
    const status = await run(w, ash, 'summary', 'quest');
    assert.match(status.text ?? '', /Monday 07:30/);
    assert.match(status.text ?? '', /Europe\/Berlin/);
    assert.match(status.text ?? '', /1 quests are held/);
    assert.equal((await run(w, ash, 'summary', 'quest settime 25:00')).reaction, '🙅');
    assert.equal((await run(w, ash, 'summary', 'raid')).reaction, '🙅');
    assert.equal((await run(w, ash, 'summary', 'quest cleartime')).reaction, '✅');
    assert.equal(await db.knex('summary_schedules').where({ id: ash.id }).first(), undefined);
    assert.equal((await run(w, ash, 'summary', 'quest cleartime')).reaction, '👌');
    assert.match((await run(w, ash, 'summary', 'quest')).text ?? '', /no schedule/);
    await w.plugin.stop!();
  });

  it('now sends what is held, and says so when nothing is', async () => {
    const w = await world(db);
    const ash = await register(w);
    assert.equal((await run(w, ash, 'summary', 'quest now')).reaction, '👌');
    w.plugin.hold!(parsed(w.plugin, questHook({ updated: SEEN_S })), [{ human: ash, table: 'quest', ruleUid: 1, alertType: 'quest', templateId: null, ping: '', clean: 4 }], hookContext(SEEN_S));
    assert.equal((await run(w, ash, 'summary', 'quest now')).reaction, '✅');
    assert.deepEqual(w.sent.map((s) => [s.alert.human.id, s.alert.alertType, s.view['count']]), [[ash.id, 'questSummary', 1]]);
    await w.plugin.stop!();
  });

  it('`quest … summary` sets the summary bit, and `tracked` says so', async () => {
    const w = await world(db);
    const ash = await register(w);
    const reply = await run(w, ash, 'quest', 'rare_candy summary clean');
    assert.equal(reply.reaction, '✅');
    const row = await db.knex('quest').where({ id: ash.id }).first();
    assert.equal(Number(row.clean), 5);
    const gameData = w.services.gameData();
    assert.match(describeQuestRule(row, { language: 'en', gameData, t: fill }), /clean \| summary$/);
    await w.plugin.stop!();
  });

  it('the API reads, writes, checks and deletes schedules in PoracleNG shapes', async () => {
    const w = await world(db);
    const ash = await register(w);
    const one = '/summaries/:id/:alertType';
    assert.deepEqual(await call(w, 'GET', '/summaries/:id', { id: ash.id }), { status: 'ok', schedules: [] });
    assert.equal(((await call(w, 'GET', one, { id: ash.id, alertType: 'quest' })) as { code: number }).code, 404);
    assert.deepEqual(await call(w, 'POST', one, { id: ash.id, alertType: 'quest' }, { active_hours: [{ day: 1, hours: '08', mins: '00' }] }), { status: 'ok' });
    assert.deepEqual(await call(w, 'GET', one, { id: ash.id, alertType: 'quest' }), { status: 'ok', schedule: { id: ash.id, alert_type: 'quest', active_hours: [{ day: 1, hours: 8, mins: 0 }] } });
    assert.deepEqual(await call(w, 'POST', one, { id: ash.id, alertType: 'quest' }, { active_hours: '[{"day":2,"hours":9,"mins":15}]' }), { status: 'ok' });
    assert.deepEqual(await call(w, 'GET', '/summaries/:id', { id: ash.id }), { status: 'ok', schedules: [{ id: ash.id, alert_type: 'quest', active_hours: [{ day: 2, hours: 9, mins: 15 }] }] });
    for (const bad of [{}, { active_hours: 'not json' }, { active_hours: [{ day: 9, hours: 1, mins: 0 }] }]) {
      const answer = (await call(w, 'POST', one, { id: ash.id, alertType: 'quest' }, bad)) as { code: number; body: { status: string } };
      assert.deepEqual([answer.code, answer.body.status], [400, 'error'], JSON.stringify(bad));
    }
    assert.equal(((await call(w, 'GET', one, { id: ash.id, alertType: 'raid' })) as { code: number }).code, 400);
    assert.deepEqual(await call(w, 'DELETE', one, { id: ash.id, alertType: 'quest' }), { status: 'ok' });
    assert.deepEqual(await call(w, 'DELETE', one, { id: ash.id, alertType: 'quest' }), { status: 'ok' });
    assert.deepEqual(await call(w, 'GET', '/summaries/:id', { id: ash.id }), { status: 'ok', schedules: [] });
    await w.plugin.stop!();
  });

  it("the scheduler sends a due digest once per window, in the human's local time", async () => {
    const w = await world(db);
    const ash = await register(w);
    await run(w, ash, 'summary', 'quest settime mon07:30');
    w.plugin.hold!(parsed(w.plugin, questHook({ updated: SEEN_S })), [{ human: ash, table: 'quest', ruleUid: 1, alertType: 'quest', templateId: null, ping: '', clean: 4 }], hookContext(SEEN_S));
    // 07:25 → the 07:30 wake-up (due): the digest goes
    await w.clock.advanceTo(MONDAY_0725_BERLIN + 5 * 60_000);
    assert.equal(w.sent.length, 1);
    // held again at 07:31: the 07:40 wake-up is in the same window but the human had its digest
    w.plugin.hold!(parsed(w.plugin, questHook({ pokestop_id: 'other', updated: SEEN_S })), [{ human: ash, table: 'quest', ruleUid: 1, alertType: 'quest', templateId: null, ping: '', clean: 4 }], hookContext(SEEN_S));
    await w.clock.advanceTo(MONDAY_0725_BERLIN + 15 * 60_000);
    assert.equal(w.sent.length, 1);
    // Tuesday 07:30 is not scheduled
    await w.clock.advanceTo(MONDAY_0725_BERLIN + 86_400_000 + 6 * 60_000);
    assert.equal(w.sent.length, 1);
    await w.plugin.stop!();
  });

  it("deleting the human deletes its schedules", async () => {
    const w = await world(db);
    const ash = await register(w);
    await run(w, ash, 'summary', 'quest settime 08:00');
    assert.equal(await w.services.stores.humans.delete(ash.id), true);
    assert.equal(await db.knex('summary_schedules').where({ id: ash.id }).first(), undefined);
    await w.plugin.stop!();
  });
}, { migrate: true });
