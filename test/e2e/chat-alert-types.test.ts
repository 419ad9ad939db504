/**
 * One alert of every stop, gym, map and weather plugin end to end through the chat fakes, on SQLite and
 * MariaDB: a user registers on Discord and one on Telegram, both pick the Old Town area and track with the
 * plugin's own chat command, and a matching scanner webhook posted to `/` arrives in the Discord DM as an embed
 * and in the Telegram private chat as Markdown text, rendered with the bundled templates. Plugins that alert on a
 * change (weather, gym) get the earlier state first; that webhook alone alerts nobody.
 *
 * One table drives it: the command, the webhooks in the order they are posted, and what the alert must say.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { fortHook, fortSide } from '../../plugins/fort-update/test/support.ts';
import { gymHook } from '../plugins/gym/support.ts';
import { invasionHook } from '../plugins/invasion/support.ts';
import { stopHook } from '../plugins/lure/support.ts';
import { maxBattleHook } from '../plugins/max-battle/support.ts';
import { fixtureGameData } from '../plugins/monster/support.ts';
import { nestHook } from '../plugins/nest/support.ts';
import { questHook } from '../plugins/quest/support.ts';
import { weatherHook } from '../plugins/weather/support.ts';
import { DC, TG, type ChatWorld } from './chat-world.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { until } from './wait.ts';

type Platform = 'discord' | 'telegram';

interface ScannerHook {
  readonly type: string;
  readonly message: Record<string, unknown>;
}

interface AlertCase {
  /** the plugin, as the subtest is named */
  readonly plugin: string;
  /** the tracking command without its prefix (`!` on Discord, `/` on Telegram) */
  readonly command: string;
  /** the webhooks, one request each in this order; only the last one is expected to alert */
  hooks(nowS: number): ScannerHook[];
  /** the alert's title: the Discord embed title, the bold first line of the Telegram text */
  readonly title: RegExp;
  /** what the rest of the alert says (the embed description, the Telegram text after the title) */
  readonly body: readonly RegExp[];
}

/** The rendered alert on either platform: its title and the rest. */
interface Rendered {
  readonly title: string;
  readonly body: string;
}

const PLATFORMS: readonly Platform[] = ['discord', 'telegram'];
const AT = { lat: IN_OLD_TOWN.latitude, lon: IN_OLD_TOWN.longitude };
/** Discord bolds with `**`, Telegram's legacy Markdown with `*` */
const bold = (text: string): string => `\\*{1,2}${text}\\*{1,2}`;

const CASES: readonly AlertCase[] = [
  {
    plugin: 'quest',
    command: 'quest rare candy',
    hooks: (now) => [{ type: 'quest', message: questHook({ ...IN_OLD_TOWN, title: '', updated: now }) }],
    title: /^Quest: 3 Rare Candy$/,
    body: [/📋 Catch 5 Pokémon/, new RegExp(`🛑 ${bold('Old Mill')}`)],
  },
  {
    plugin: 'invasion',
    command: 'incident bug',
    hooks: (now) => [
      {
        type: 'invasion',
        message: invasionHook({ ...IN_OLD_TOWN, pokestop_name: 'Market Cross', grunt_type: 7, character: 7, start: now - 60, updated: now - 30, incident_expire_timestamp: now + 1500, expiration: now + 1500 }),
      },
    ],
    title: /^Invasion: .*Bug/,
    body: [/⏳ Leaves/, new RegExp(`🛑 ${bold('Market Cross')}`)],
  },
  {
    plugin: 'lure',
    command: 'lure glacial',
    hooks: (now) => [{ type: 'pokestop', message: stopHook({ ...IN_OLD_TOWN, lure_id: 502, lure_expiration: now + 1500, last_modified: now, updated: now }) }],
    title: /^🧊 Glacial/,
    body: [/⏳ Ends/, new RegExp(`🛑 ${bold('Bandstand')}`)],
  },
  {
    plugin: 'weather',
    command: 'weather rain',
    hooks: (now) => [
      { type: 'weather', message: weatherHook({ ...IN_OLD_TOWN, gameplay_condition: 1, updated: now - 3600 }) },
      { type: 'weather', message: weatherHook({ ...IN_OLD_TOWN, gameplay_condition: 2, updated: now }) },
    ],
    title: /^Weather: .*Rain$/,
    body: [/Changed from .*Clear to .*Rain/],
  },
  {
    plugin: 'gym',
    command: 'gym mystic',
    hooks: () => [
      { type: 'gym_details', message: gymHook({ ...IN_OLD_TOWN, team: 2 }) },
      { type: 'gym_details', message: gymHook({ ...IN_OLD_TOWN, team: 1, slots_available: 5 }) },
    ],
    title: /^Gym: Fountain Square$/,
    body: [new RegExp(`🛡️ Now held by ${bold('Mystic')} \\(was Valor\\)`), /5 free slots · 1 trainers/],
  },
  {
    plugin: 'fort-update',
    command: 'fort pokestop name',
    hooks: () => [{ type: 'fort_update', message: fortHook({ old: fortSide({ name: 'Bench', location: AT }), new: fortSide({ location: AT }) }) }],
    title: /^Edit Stop: Painted Bench$/,
    body: [/✏️ Name: Bench → Painted Bench/],
  },
  {
    plugin: 'nest',
    command: 'nest pikachu',
    // a reset three days ago: a nest alert is stale 14 days after its reset
    hooks: (now) => [{ type: 'nest', message: nestHook({ ...AT, reset_time: now - 3 * 86_400 }) }],
    title: /^Nest: Pikachu/,
    body: [new RegExp(`🌳 ${bold('Englischer Garten')}`), /About 14\.6 spawns an hour/],
  },
  {
    plugin: 'max-battle',
    command: 'maxbattle level3',
    hooks: (now) => [{ type: 'max_battle', message: maxBattleHook({ ...IN_OLD_TOWN, battle_end: now + 1500 }) }],
    title: /^Max battle: Snorlax \(Level 3\)$/,
    body: [/⏳ Ends/, /Tackle/],
  },
];

const nowS = (): number => Math.floor(Date.now() / 1000);

/** Registers the user on the platform, picks Old Town and types the case's command; all must be accepted. */
async function trackBy(chat: ChatWorld, platform: Platform, command: string): Promise<void> {
  if (platform === 'discord') {
    const dm = chat.dm(DC.user);
    assert.equal((await chat.discordSays(DC.register, DC.user, '!poracle')).reaction, '✅');
    await until(() => chat.discordAlerts(dm).length > 0, 'the greeting in the Discord DM');
    assert.equal((await chat.discordSays(dm, DC.user, '!area add old_town')).reaction, '✅');
    const tracked = await chat.discordSays(dm, DC.user, `!${command}`);
    assert.equal(tracked.reaction, '✅', `!${command}: ${tracked.text}`);
    assert.match(tracked.text, /^New: /);
  } else {
    assert.match(await chat.telegramSays(TG.registerGroup, TG.user, '/poracle'), /^✅/);
    await until(() => chat.telegramTexts(TG.user).some((text) => text.startsWith('*Welcome to Lookout*')), 'the greeting in the Telegram chat');
    assert.match(await chat.telegramSays(TG.user, TG.user, '/area add old_town'), /^✅/);
    assert.match(await chat.telegramSays(TG.user, TG.user, `/${command}`), /^✅ New: /);
  }
}

/** How many messages count as "before": the Discord DM's embeds, the Telegram chat's texts. */
function seen(chat: ChatWorld, platform: Platform): number {
  return platform === 'discord' ? chat.discordAlerts(chat.dm(DC.user)).length : chat.telegramTexts(TG.user).length;
}

/** The alerts that reached the user on the platform since `since` (what `seen` returned before the webhooks). */
function alertsSince(chat: ChatWorld, platform: Platform, since: number): Rendered[] {
  if (platform === 'discord') {
    return chat
      .discordAlerts(chat.dm(DC.user))
      .slice(since)
      .map((m) => m.embeds[0] as { title: string; description: string })
      .map((embed) => ({ title: embed.title, body: embed.description }));
  }
  return chat
    .telegramTexts(TG.user)
    .slice(since)
    .map((text) => {
      const [first = '', ...rest] = text.split('\n');
      assert.match(first, /^\*.+\*$/, `the Telegram title is bold: ${text}`);
      return { title: first.slice(1, -1), body: rest.join('\n') };
    });
}

function assertRendered(c: AlertCase, platform: Platform, alerts: readonly Rendered[]): void {
  assert.equal(alerts.length, 1, `${c.plugin} on ${platform}: exactly one alert, got ${JSON.stringify(alerts)}`);
  const [alert] = alerts as [Rendered];
  assert.match(alert.title, c.title, `${c.plugin} on ${platform}: the title`);
  for (const line of [...c.body, /🗺️ Old Town/]) assert.match(alert.body, line, `${c.plugin} on ${platform}: the body`);
}

describe('each alert type tracked by chat command reaches the Discord DM and the Telegram chat', () => {
  for (const c of CASES) {
    test(`${c.plugin}: "${c.command}" and a matching webhook`, async (t) => {
      await forEachDatabase(
        t,
        async (db) => {
          // weather changes alert only when switched on; one worker keeps the webhooks in the order posted
          // a weather alert lasts until the hour ends: no minimum time left, so the test passes in an hour's last minutes too
          const general = c.plugin === 'weather' ? { general: { img_url: '', sticker_url: '', alert_minimum_time: 0 } } : {};
          const config = { ...general, weather: { change_alert: true }, tuning: { concurrent_matched_processors: 1 } };
          const s = await e2e(db, { gameData: await fixtureGameData(), chat: true, config });
          const { chat } = s;
          const before = new Map<Platform, number>();
          try {
            await s.start();
            for (const platform of PLATFORMS) await trackBy(chat, platform, c.command);
            for (const platform of PLATFORMS) before.set(platform, seen(chat, platform));
            await s.settled();

            const now = nowS();
            for (const hook of c.hooks(now)) assert.equal((await s.post([hook])).status, 200, `posting ${hook.type}`);
            await until(() => PLATFORMS.every((p) => seen(chat, p) > before.get(p)!), `the ${c.plugin} alert on ${PLATFORMS.join(' and ')}`);
          } finally {
            await s.stop();
          }
          for (const platform of PLATFORMS) assertRendered(c, platform, alertsSince(chat, platform, before.get(platform)!));
        },
        { migrate: true },
      );
    });
  }
});
