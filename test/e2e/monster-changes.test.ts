/**
 * Monster change events end to end (`[tracking] pokemon_change_tracking`), on SQLite and MariaDB, through the real
 * discord.js and grammy clients against the fake Discord and Telegram and to webhook targets: the first sighting alerts; the scanner
 * re-sending the encounter as another species arrives as `monsterChanged` (its previous species under
 * `original.*`), on Discord as a reply to the first alert, also to a target whose rule no longer matches; the
 * encounter (CP 0 → 1500) fires `monster` again as a reply, only for those it matches. With the key off none of this happens: the species change with the same CP is a repeat, and nothing replies.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData, monsterRow, pokemonHook, unencounteredHook } from '../plugins/monster/support.ts';
import { DC, TG } from './chat-world.ts';
import { e2e, IN_OLD_TOWN, type E2E } from './harness.ts';
import { textOf } from './receiver.ts';
import { until } from './wait.ts';

const nowS = () => Math.floor(Date.now() / 1000);

const rule = (id: string, pokemonId = 0) => {
  const { uid: _uid, ...row } = monsterRow(id, { pokemon_id: pokemonId });
  return row;
};

/** the webhook target every scenario sends to besides the Discord user (every species), and one for Pikachu only */
const TOWN = 'town';
const PIKACHU_FANS = 'pikachu-fans';
/** a webhook target for Raichu only: it never got the first alert */
const RAICHU_FANS = 'raichu-fans';

interface DiscordPost {
  readonly embedTitle: string;
  readonly embedText: string;
  /** the message it replies to (message_reference), or null */
  readonly repliesTo: string | null;
}

/** the bot's alert posts to a channel, in order, with what they reply to */
function discordPosts(s: E2E, channelId: string): DiscordPost[] {
  return s.chat.discord.requests
    .filter((r) => r.method === 'POST' && r.path === `/channels/${channelId}/messages`)
    .map((r) => {
      const body = r.body as { embeds?: { title?: string; description?: string }[]; message_reference?: { message_id: string } };
      const embed = body.embeds?.[0] ?? {};
      return { embedTitle: embed.title ?? '', embedText: `${embed.title ?? ''}\n${embed.description ?? ''}`, repliesTo: body.message_reference?.message_id ?? null };
    });
}

async function remembered(s: E2E): Promise<number> {
  return (await s.app.metrics.sentRemembered.get()).values[0]?.value ?? 0;
}

async function duplicates(s: E2E): Promise<number> {
  return (await s.app.metrics.webhooksRejected.get()).values.find((v) => v.labels.reason === 'duplicate')?.value ?? 0;
}

/** the alert texts sent to the Telegram user, in order, with the message each replies to */
function telegramAlerts(s: E2E): { readonly text: string; readonly repliesTo: number | null }[] {
  return s.chat.telegram.requests
    .filter((r) => r.method === 'sendMessage' && String(r.body.chat_id) === String(TG.user))
    .map((r) => ({ text: String(r.body.text ?? ''), repliesTo: (r.body.reply_parameters as { message_id?: number } | undefined)?.message_id ?? null }));
}

/** the texts a webhook target received, in order */
function webhookTexts(s: E2E, name: string): string[] {
  return s.receiver.posts.filter((p) => p.path === `/hooks/${name}`).map((p) => textOf(p).trimStart());
}

/**
 * Pikachu without IVs (every target); the same encounter re-sent as Raichu without IVs (which the Pikachu fans'
 * rule no longer matches); then its encounter (CP 1500).
 */
async function scenario(s: E2E, tracking: boolean): Promise<void> {
  await s.addHuman({ id: DC.user, type: 'discord:user', name: 'ash', area: ['old town'] });
  await s.addHuman({ id: s.hookUrl(TOWN), name: 'Town watchers', area: ['old town'] });
  await s.addHuman({ id: s.hookUrl(PIKACHU_FANS), name: 'Pikachu fans', area: ['old town'] });
  await s.addHuman({ id: String(TG.user), type: 'telegram:user', name: 'misty', area: ['old town'] });
  await s.addRule('monsters', rule(DC.user));
  await s.addRule('monsters', rule(String(TG.user)));
  await s.addRule('monsters', rule(s.hookUrl(TOWN)));
  await s.addRule('monsters', rule(s.hookUrl(PIKACHU_FANS), 25));
  await s.addHuman({ id: s.hookUrl(RAICHU_FANS), name: 'Raichu fans', area: ['old town'] });
  await s.addRule('monsters', rule(s.hookUrl(RAICHU_FANS), 26));
  await s.start();
  const dm = s.chat.dm(DC.user);
  const sighting = { encounter_id: 'e-change', ...IN_OLD_TOWN, disappear_time: nowS() + 1500 };
  const both = (n: number) => s.chat.discordAlerts(dm).length === n && webhookTexts(s, TOWN).length === n && telegramAlerts(s).length === n;

  assert.equal((await s.post([{ type: 'pokemon', message: unencounteredHook(sighting) }])).status, 200);
  await until(() => both(1) && webhookTexts(s, PIKACHU_FANS).length === 1, 'the first alert on every target');
  if (tracking) await until(async () => (await remembered(s)) === 4, 'the first alerts remembered');

  assert.equal((await s.post([{ type: 'pokemon', message: unencounteredHook({ ...sighting, pokemon_id: 26 }) }])).status, 200);
  if (tracking) await until(() => both(2) && webhookTexts(s, PIKACHU_FANS).length === 2, 'the change on every target');
  else await until(async () => (await duplicates(s)) === 1, 'the re-sent sighting dropped as a repeat');

  assert.equal((await s.post([{ type: 'pokemon', message: pokemonHook({ ...sighting, pokemon_id: 26, cp: 1500, pokemon_level: 30 }) }])).status, 200);
  await until(() => both(tracking ? 3 : 2), 'the encounter on both targets');
}

describe('monster change events reach the recipients of the first alert as replies', () => {
  test('on: monsterChanged replies to the first alert, the encounter re-fires monster as a reply', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData(), chat: true });
        const dm = () => s.chat.dm(DC.user);
        try {
          await scenario(s, true);
        } finally {
          await s.stop();
        }
        const [first, changed, encounter, ...more] = s.chat.discordAlerts(dm());
        assert.equal(more.length, 0);
        const posts = discordPosts(s, dm());
        assert.equal(posts.length, 3);
        assert.equal(posts[0]!.repliesTo, null, 'the first alert replies to nothing');
        assert.match(posts[0]!.embedTitle, /^Pikachu/);
        assert.equal(posts[1]!.repliesTo, first!.id, 'the change replies to the first alert');
        assert.match(posts[1]!.embedTitle, /^🔄 Raichu/);
        assert.match(posts[1]!.embedText, /Changed — it was Pikachu \(no IVs yet\)/);
        assert.equal(posts[2]!.repliesTo, changed!.id, 'the encounter replies to the latest message about it');
        assert.match(posts[2]!.embedTitle, /^Raichu ♂️ 93%/, 'the plain monster alert');
        assert.doesNotMatch(posts[2]!.embedText, /Changed/);
        assert.ok(encounter);

        const webhook = webhookTexts(s, TOWN);
        assert.equal(webhook.length, 3);
        assert.match(webhook[0]!, /^Pikachu/);
        assert.match(webhook[1]!, /^🔄 Raichu[\s\S]*Changed — it was Pikachu \(no IVs yet\)/, 'monsterChanged for the webhook too (webhooks cannot reply)');
        assert.match(webhook[2]!, /^Raichu ♂️ 93%/);
        assert.match(webhook[2]!, /CP 1500/);

        const telegram = telegramAlerts(s);
        const telegramIds = s.chat.telegram.messages(TG.user).filter((m) => m.method === 'sendMessage').map((m) => m.message_id);
        assert.equal(telegram.length, 3);
        assert.equal(telegram[0]!.repliesTo, null);
        assert.match(telegram[1]!.text, /Changed — it was Pikachu \(no IVs yet\)/);
        assert.equal(telegram[1]!.repliesTo, telegramIds[0], 'a Telegram reply to the first alert');
        assert.equal(telegram[2]!.repliesTo, telegramIds[1]);
        assert.match(telegram[2]!.text, /Raichu ♂️ 93%/);

        const raichuFans = webhookTexts(s, RAICHU_FANS);
        assert.equal(raichuFans.length, 2, 'never told of Pikachu: the plain alerts');
        assert.match(raichuFans[0]!, /^Raichu/);
        assert.doesNotMatch(raichuFans[0]!, /Changed|🔄/);
        assert.match(raichuFans[1]!, /^Raichu ♂️ 93%/);

        const fans = webhookTexts(s, PIKACHU_FANS);
        assert.equal(fans.length, 2, 'told of the change though their rule no longer matches; not of the encounter');
        assert.match(fans[0]!, /^Pikachu/);
        assert.match(fans[1]!, /^🔄 Raichu[\s\S]*Changed — it was Pikachu \(no IVs yet\)/);
      },
      { migrate: true },
    );
  });

  test('off: the species change is a repeat, nothing replies, no monsterChanged', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData(), chat: true, config: { tracking: { pokemon_change_tracking: false } } });
        const dm = () => s.chat.dm(DC.user);
        try {
          await scenario(s, false);
        } finally {
          await s.stop();
        }
        const posts = discordPosts(s, dm());
        assert.equal(posts.length, 2, 'the re-sent Raichu without IVs was dropped as a repeat');
        assert.deepEqual(posts.map((p) => p.repliesTo), [null, null]);
        assert.match(posts[0]!.embedTitle, /^Pikachu/);
        assert.match(posts[1]!.embedTitle, /^Raichu ♂️ 93%/);
        const webhook = webhookTexts(s, TOWN);
        assert.equal(webhook.length, 2);
        assert.ok(webhook.every((text) => !/Changed/.test(text)));
        assert.equal(webhookTexts(s, PIKACHU_FANS).length, 1, 'the Pikachu fans hear of Pikachu only');
        assert.equal(webhookTexts(s, RAICHU_FANS).length, 1, 'the Raichu fans hear of the encounter only');
        assert.deepEqual(telegramAlerts(s).map((a) => a.repliesTo), [null, null]);
      },
      { migrate: true },
    );
  });
});
