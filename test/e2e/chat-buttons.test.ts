/**
 * DTS link buttons end to end, through the real discord.js and grammy clients against the fakes: an operator's
 * TOML (Discord) and JSON (Telegram) entries with buttons, a matching pokemon webhook, and the alert arrives with
 * its buttons in a Discord DM, channel and thread, through a Discord webhook no application owns (kept only
 * because the service asks with with_components=true), and in a Telegram private chat as an inline keyboard.
 * Labels and urls are rendered per recipient (each its own distance); a DM-only button reaches the DM and the
 * Telegram user only; PoracleNG's interactive button in the same entry is left out and the alert still goes.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { FakeMessage } from '../fakes/discord/index.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData, monsterRow, pokemonHook } from '../plugins/monster/support.ts';
import { DC, TG } from './chat-world.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { until } from './wait.ts';

const ENCOUNTER = 'e-buttons-1';
/** a Discord user, channel, thread and webhook, and a Telegram user */
const RECIPIENTS = 5;

const DISCORD_TOML = `
[[entry]]
id = "btn"
type = "monster"
platform = "discord"
language = "en"
template = """
{ "embed": { "title": "{{name}} with buttons" } }
"""

  [[entry.buttons]]
  id = "map"
  label = "Map {{name}} ({{distance}} m)"
  url = "https://maps.test/{{encounter_id}}?d={{distance}}"

  [[entry.buttons]]
  id = "dm"
  label = "Only in DMs"
  url = "https://dm.test/{{encounter_id}}"
  applies_to = ["dm"]

  [[entry.buttons]]
  id = "mute_species_1h"
  label = "Mute this species (1h)"
  style = "danger"
  action = "mute"
  scope = "pokemon"
  params = { duration_min = 60 }
`;

const TELEGRAM_JSON = [
  {
    id: 'btn',
    type: 'monster',
    platform: 'telegram',
    language: 'en',
    template: { content: '*{{name}}* with buttons' },
    buttons: [
      { id: 'map', label: 'Map {{name}} ({{distance}} m)', url: 'https://maps.test/{{encounter_id}}?d={{distance}}' },
      { id: 'dm', label: 'Only in DMs', url: 'https://dm.test/{{encounter_id}}', applies_to: ['dm'] },
    ],
  },
];

type Button = { readonly type: number; readonly style: number; readonly label: string; readonly url: string };
type Row = { readonly type: number; readonly components: readonly Button[] };

function buttonsOf(message: FakeMessage | undefined): Button[][] {
  return ((message?.components ?? []) as Row[]).map((row) => {
    assert.equal(row.type, 1, 'an action row');
    return row.components.map((b) => {
      assert.equal(b.type, 2, 'a button');
      assert.equal(b.style, 5, 'a link button');
      return b;
    });
  });
}

/** the distance in a map button's url */
function distanceIn(url: string): string {
  const match = new RegExp(`^https://maps\\.test/${ENCOUNTER}\\?d=(\\d+)$`).exec(url);
  assert.ok(match, `a per-recipient map url: ${url}`);
  return match[1]!;
}

describe('DTS buttons through the real Discord and Telegram clients', () => {
  test('link buttons reach a Discord DM, channel, thread and webhook and a Telegram chat, rendered per recipient', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData(), chat: true });
        const { chat } = s;
        const dm = chat.dm(DC.user);
        const hook = chat.discord.seedWebhook({ channelId: DC.register, name: 'Hook' });
        try {
          mkdirSync(join(s.rootDir, 'config', 'dts'), { recursive: true });
          writeFileSync(join(s.rootDir, 'config', 'dts', 'buttons.toml'), DISCORD_TOML);
          writeFileSync(join(s.rootDir, 'config', 'dts', 'buttons-telegram.json'), JSON.stringify(TELEGRAM_JSON));
          // each recipient somewhere else, so each has its own distance to the sighting
          const recipients = [
            { id: DC.user, type: 'discord:user', name: 'ash', latitude: 48.14, longitude: 11.57 },
            { id: DC.alerts, type: 'discord:channel', name: 'alerts', latitude: 48.15, longitude: 11.58 },
            { id: DC.thread, type: 'discord:thread', name: 'hundos', latitude: 48.16, longitude: 11.59 },
            { id: hook.url, type: 'webhook', name: 'Hook', latitude: 48.17, longitude: 11.6 },
            { id: String(TG.user), type: 'telegram:user', name: 'misty', latitude: 48.18, longitude: 11.61 },
          ];
          for (const human of recipients) {
            await s.addHuman({ ...human, area: ['old town'] });
            const { uid: _uid, ...rule } = monsterRow(human.id, { template: 'btn' });
            await s.addRule('monsters', rule);
          }
          await s.start();
          const res = await s.post([{ type: 'pokemon', message: pokemonHook({ encounter_id: ENCOUNTER, ...IN_OLD_TOWN, disappear_time: Math.floor(Date.now() / 1000) + 1500 }) }]);
          assert.equal(res.status, 200);
          await until(
            () => [dm, DC.alerts, DC.thread, DC.register].every((channel) => chat.discordAlerts(channel).length > 0) && chat.telegramTexts(TG.user).length > 0,
            'the alert everywhere',
          );
        } finally {
          await s.stop();
        }

        const discord = (channel: string) => {
          const alerts = chat.discordAlerts(channel);
          assert.equal(alerts.length, 1, `one alert in ${channel}`);
          assert.equal((alerts[0]!.embeds[0] as { title: string }).title, 'Pikachu with buttons');
          return buttonsOf(alerts[0]);
        };
        const inDm = discord(dm);
        assert.deepEqual(inDm.map((row) => row.map((b) => b.label.replace(/\d+/, 'N'))), [['Map Pikachu (N m)', 'Only in DMs']], 'the DM-only button in the DM; the interactive one nowhere');
        assert.equal(inDm[0]![1]!.url, `https://dm.test/${ENCOUNTER}`);
        const distances = [inDm];
        for (const channel of [DC.alerts, DC.thread, DC.register]) {
          const rows = discord(channel);
          assert.deepEqual(rows.map((row) => row.map((b) => b.label.replace(/\d+/, 'N'))), [['Map Pikachu (N m)']], `no DM-only button in ${channel}`);
          distances.push(rows);
        }
        const webhookPost = chat.discord.requests.find((r) => r.method === 'POST' && r.path.startsWith(`/webhooks/${hook.webhook.id}/`));
        assert.match(webhookPost?.query ?? '', /(^|&)with_components=true(&|$)/, 'the webhook call asks Discord to keep the components');

        const telegram = chat.telegram.messages(TG.user).filter((m) => m.method === 'sendMessage');
        assert.equal(telegram.length, 1);
        assert.equal(telegram[0]!.text, '*Pikachu* with buttons');
        const keyboard = telegram[0]!.reply_markup?.inline_keyboard ?? [];
        assert.deepEqual(keyboard.map((row) => row.map((b) => String(b.text).replace(/\d+/, 'N'))), [['Map Pikachu (N m)', 'Only in DMs']]);
        const urls = [...distances.map((rows) => rows[0]![0]!.url), String(keyboard[0]![0]!.url)];
        const perRecipient = urls.map(distanceIn);
        assert.equal(new Set(perRecipient).size, RECIPIENTS, `each recipient its own distance: ${perRecipient.join(', ')}`);
        for (const [i, rows] of distances.entries()) assert.equal(rows[0]![0]!.label, `Map Pikachu (${perRecipient[i]} m)`);
      },
      { migrate: true },
    );
  });
});
