/**
 * "Adding an alert type is one folder", end to end on SQLite and MariaDB: an installation whose plugins/ holds
 * the bundled plugins and the example showcase plugin (test/fixtures/plugins/showcase, whose files reach
 * nothing outside that folder but core/) creates the plugin's table by its own migrations, validates its
 * config keys, serves its command (with its reply translations), its help topic, its `tracked` section and
 * its HTTP API type, renders its alerts from its own fallback templates through the real Discord client,
 * sends its sample webhook for `service-test`, honours its disable switch, and deleting a user clears its
 * table.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { forEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { fixtureGameData } from '../plugins/monster/support.ts';
import { REPO_ROOT } from '../core/gamedata/support.ts';
import { DC, type DiscordAnswer } from './chat-world.ts';
import { e2e, IN_OLD_TOWN, IN_RIVERSIDE, type E2E } from './harness.ts';
import { until } from './wait.ts';

const SHOWCASE_DIR = fileURLToPath(new URL('../fixtures/plugins/showcase/', import.meta.url));
const SECRET = 'showcase-secret';

/** An installation root: the repository's plugins and platforms, and the showcase folder dropped into plugins/. */
function installationWithShowcase(): string {
  const root = mkdtempSync(join(tmpdir(), 'lookout-plugin-folder-'));
  mkdirSync(join(root, 'plugins'));
  for (const name of readdirSync(join(REPO_ROOT, 'plugins'))) {
    const dir = join(REPO_ROOT, 'plugins', name);
    if (statSync(dir).isDirectory()) symlinkSync(dir, join(root, 'plugins', name));
  }
  symlinkSync(SHOWCASE_DIR, join(root, 'plugins', 'showcase'));
  symlinkSync(join(REPO_ROOT, 'platforms'), join(root, 'platforms'));
  return root;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** A pokestop webhook with a running showcase (Golbat's fields). */
function showcaseHook(over: Record<string, unknown>): Record<string, unknown> {
  const end = Math.floor(Date.now() / 1000) + 3600;
  return {
    pokestop_id: 'stop-showcase',
    ...IN_OLD_TOWN,
    name: 'Fountain',
    lure_expiration: 0,
    lure_id: 0,
    showcase_pokemon_id: 25,
    showcase_pokemon_form_id: 0,
    showcase_ranking_standard: 1,
    showcase_expiry: end,
    showcase_rankings: { total_entries: 42, last_update: end - 3600, contest_entries: [] },
    ...over,
  };
}

async function api(s: E2E, method: string, path: string, body?: unknown): Promise<Response> {
  const port = (s.app.http.server.address() as { port: number }).port;
  return fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { 'x-service-secret': SECRET, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** a command answered with ✅ (the reply's text names what went wrong otherwise) */
function accepted(answer: DiscordAnswer): DiscordAnswer {
  assert.equal(answer.reaction, '✅', `refused: ${answer.text}`);
  return answer;
}

/** registers a Discord user in the registration channel and waits for the greeting in its DM */
async function register(s: E2E, user: string): Promise<void> {
  accepted(await s.chat.discordSays(DC.register, user, '!poracle'));
  await until(() => s.chat.discordAlerts(s.chat.dm(user)).length > 0, 'the greeting');
}

const embedTitles = (s: E2E, channel: string): string[] => s.chat.discordAlerts(channel).map((m) => String((m.embeds[0] as { title?: unknown }).title ?? ''));

async function world(db: TestDatabase, general: Record<string, unknown> = {}): Promise<E2E> {
  return e2e(db, {
    gameData: await fixtureGameData(),
    chat: true,
    pluginRoot: installationWithShowcase(),
    config: { showcase: { min_entries: 10 }, general: { img_url: '', sticker_url: '', ...general }, processor: { host: '127.0.0.1', port: 0, api_secret: SECRET } },
  });
}

describe('an alert type added as one folder', () => {
  test("the example plugin's files import nothing outside its folder but core/", () => {
    const core = join(REPO_ROOT, 'core') + sep;
    for (const file of sourceFiles(SHOWCASE_DIR)) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)) {
        if (!spec!.startsWith('.')) {
          assert.match(spec!, /^node:/, `${relative(SHOWCASE_DIR, file)} imports the package ${spec}`);
          continue;
        }
        const target = resolve(dirname(file), spec!);
        assert.ok(target.startsWith(SHOWCASE_DIR) || target.startsWith(core), `${relative(SHOWCASE_DIR, file)} imports ${spec}, outside its folder and core/`);
      }
    }
  });

  test('table, config, command, translations, help, tracked, API, templates, service-test and unregister', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await world(db);
        const { chat } = s;
        const dm = chat.dm(DC.user);
        try {
          await s.start();
          const ledger = await db.knex('plugin_migrations').where({ plugin: 'showcase' }).orderBy('version');
          assert.deepEqual(ledger.map((r) => [r.version, r.name]), [[1, 'create_showcase'], [2, 'add_rule_overrides']]);

          await register(s, DC.user);
          accepted(await chat.discordSays(dm, DC.user, '!area add old_town'));
          const tracked = accepted(await chat.discordSays(dm, DC.user, '!showcase pikachu'));
          assert.match(tracked.text, /Pikachu showcase/);
          const [rule] = await db.knex('showcase').where({ id: DC.user });
          assert.equal(rule.pokemon_id, 25);
          assert.match((await chat.discordSays(dm, DC.user, '!tracked')).text, new RegExp(`Showcases[\\s\\S]*\\[id:${rule.uid}\\] .*Pikachu showcase`));

          const helpCount = chat.discordPosts(dm).length;
          await chat.discordSays(dm, DC.user, '!help showcase');
          const help = await until(() => chat.discordPosts(dm).slice(helpCount).find((m) => m.embeds.length > 0), 'the help topic');
          assert.equal((help.embeds[0] as { title: string }).title, '!showcase: Pokémon showcases');

          const created = await api(s, 'POST', `/api/tracking/showcase/${DC.user}`, [{ pokemon_id: 133 }]);
          assert.equal(created.status, 200);
          assert.deepEqual((await db.knex('showcase').where({ id: DC.user }).orderBy('pokemon_id')).map((r) => r.pokemon_id), [25, 133]);
          assert.equal((await api(s, 'POST', `/api/tracking/showcase/${DC.user}`, [{ pokemon_id: -1 }])).status, 400);

          await s.settled();
          const res = await s.post([
            { type: 'pokestop', message: showcaseHook({ pokestop_id: 'too-few', showcase_rankings: { total_entries: 3, contest_entries: [] } }) },
            { type: 'pokestop', message: showcaseHook({ pokestop_id: 'elsewhere', ...IN_RIVERSIDE }) },
            { type: 'pokestop', message: showcaseHook({ pokestop_id: 'other-species', showcase_pokemon_id: 1 }) },
            { type: 'pokestop', message: showcaseHook({}) },
          ]);
          assert.equal(res.status, 200);
          await until(() => embedTitles(s, dm).some((title) => title.startsWith('🏆')), 'the showcase alert');
          await s.app.stop();
          assert.deepEqual(embedTitles(s, dm).filter((title) => title.startsWith('🏆')), ['🏆 Pikachu showcase at Fountain'], 'one alert: the contest with enough entries, in the area, of the tracked species');
        } finally {
          await s.stop();
        }
      },
      { migrate: true },
    );
  });

  test('service-test, the reply translations, unregister clearing its table, and its disable switch', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await world(db);
        const { chat } = s;
        const dm = chat.dm(DC.user);
        const adminDm = chat.dm(DC.admin);
        try {
          await s.start();
          await register(s, DC.admin);
          await s.settled();
          accepted(await chat.discordSays(adminDm, DC.admin, '!service-test showcase'));
          await until(() => embedTitles(s, adminDm).find((title) => title === '🏆 Pikachu showcase at Fountain of the Example'), 'the sample showcase alert');

          await register(s, DC.user);
          accepted(await chat.discordSays(dm, DC.user, '!showcase everything'));
          accepted(await chat.discordSays(dm, DC.user, '!language de'));
          assert.match((await chat.discordSays(dm, DC.user, '!showcase')).text, /Welcher Wettbewerb\?/);
          assert.match((await chat.discordSays(dm, DC.user, '!tracked')).text, /Jeder Wettbewerb/);
          assert.equal((await db.knex('showcase').where({ id: DC.user })).length, 1);
          await chat.discordSays(dm, DC.user, '!unregister');
          assert.equal((await db.knex('showcase').where({ id: DC.user })).length, 0, 'unregister clears the plugin table');
        } finally {
          await s.stop();
        }

        const off = await world(db, { disable_showcase: true });
        try {
          await off.start();
          await register(off, DC.user);
          assert.match((await off.chat.discordSays(off.chat.dm(DC.user), DC.user, '!showcase pikachu')).text, /This alert type is disabled/);
          assert.equal((await api(off, 'POST', `/api/tracking/showcase/${DC.user}`, [{ pokemon_id: 25 }])).status, 400);
          const config = (await (await api(off, 'GET', '/api/config/poracleWeb')).json()) as { disabledHooks?: string[] };
          assert.ok(config.disabledHooks?.includes('showcase'), 'web clients are told the type is off');
        } finally {
          await off.stop();
        }
      },
      { migrate: true },
    );
  });
});
