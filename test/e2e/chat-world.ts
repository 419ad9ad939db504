/**
 * The chat side of the end-to-end harness: the fake Discord and the fake Telegram with a small world seeded (a
 * guild with an alert channel, a registration channel and a thread; a user and an admin on each platform; a
 * Telegram registration group and an alert group), the config sections that point the real discord.js and
 * grammy clients at them, and helpers to type a command and read the answer and the alerts.
 */
import { startFakeDiscord, type FakeDiscord, type FakeMessage, type RecordedRequest } from '../fakes/discord/index.ts';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/fake-telegram.ts';
import type { SentMessage } from '../fakes/telegram/types.ts';
import { until } from './wait.ts';

export const DISCORD_TOKEN = 'e2e-gateway-token';
/** two more Telegram bots the fake accepts (a test configures them as delivery bots) */
export const TELEGRAM_EXTRA_TOKENS = ['700000001:E2E-DELIVERY-A', '700000002:E2E-DELIVERY-B'] as const;

/** Discord ids of the seeded world. */
export const DC = {
  guild: '710000000000000001',
  alerts: '710000000000000002',
  register: '710000000000000003',
  thread: '710000000000000004',
  user: '710000000000000010',
  admin: '710000000000000011',
} as const;

/** Telegram chat and user ids of the seeded world (a private chat's id is its user's id). */
export const TG = {
  registerGroup: -1001000000001,
  alertGroup: -1001000000002,
  user: 5001,
  admin: 5002,
} as const;

/** A command's answer on Discord: the reaction on the typed message ('' when none) and the first text reply. */
export interface DiscordAnswer {
  readonly reaction: string;
  readonly text: string;
}

export interface ChatWorld {
  readonly discord: FakeDiscord;
  readonly telegram: FakeTelegram;
  /** [discord] and [telegram] sections enabling both platforms against the fakes */
  readonly config: Record<string, unknown>;
  /** the DM channel between the gateway bot and a Discord user */
  dm(userId: string): string;
  /** a Discord user types `content` in a channel (or DM); resolves with its reaction and first text reply */
  discordSays(channelId: string, authorId: string, content: string): Promise<DiscordAnswer>;
  /** a Telegram user types `text` in a chat; resolves with the first message the bot sends to that chat after it */
  telegramSays(chatId: number, fromId: number, text: string): Promise<string>;
  /** the bot's messages in a Discord channel (alerts, notices and replies), in order */
  discordPosts(channelId: string): FakeMessage[];
  /** the bot's messages with an embed (alerts) in a Discord channel */
  discordAlerts(channelId: string): FakeMessage[];
  /** the bot's text messages in a Telegram chat, in order */
  telegramTexts(chatId: number): string[];
  close(): Promise<void>;
}

function isBotPost(channelId: string): (r: RecordedRequest) => boolean {
  return (r) => r.method === 'POST' && r.path === `/channels/${channelId}/messages`;
}

async function seedDiscord(): Promise<FakeDiscord> {
  const discord = await startFakeDiscord({ botName: 'Lookout' });
  discord.seedGuild({ id: DC.guild, name: 'Pogo Town', channels: [{ id: DC.alerts, name: 'alerts' }, { id: DC.register, name: 'register' }] });
  discord.seedChannel({ id: DC.thread, guildId: DC.guild, type: 11, name: 'hundos', parentId: DC.alerts });
  discord.seedUser({ id: DC.user, username: 'ash' });
  discord.seedUser({ id: DC.admin, username: 'oak' });
  return discord;
}

async function seedTelegram(): Promise<FakeTelegram> {
  return startFakeTelegram({
    extraBots: TELEGRAM_EXTRA_TOKENS.map((token) => ({ token })),
    chats: [
      { id: TG.registerGroup, type: 'supergroup', title: 'Register here' },
      { id: TG.alertGroup, type: 'supergroup', title: 'Hundo alerts' },
      { id: TG.user, type: 'private', first_name: 'Misty', username: 'misty' },
      { id: TG.admin, type: 'private', first_name: 'Brock', username: 'brock' },
    ],
  });
}

export async function startChatWorld(): Promise<ChatWorld> {
  const discord = await seedDiscord();
  const telegram = await seedTelegram();
  const dm = (userId: string): string => discord.dmChannelId(DISCORD_TOKEN, userId);
  const botMessages = (channelId: string): FakeMessage[] => discord.messagesIn(channelId).filter((m) => m.author.bot);

  return {
    discord,
    telegram,
    config: {
      discord: { enabled: true, token: [DISCORD_TOKEN], api_url: discord.apiUrl, prefix: '!', admins: [DC.admin], channels: [DC.register] },
      telegram: { enabled: true, token: telegram.token, api_root: telegram.apiRoot, admins: [String(TG.admin)], channels: [String(TG.registerGroup)] },
    },
    dm,
    async discordSays(channelId, authorId, content) {
      const before = discord.requests.length;
      const typed = discord.userSays({ channelId, authorId, content });
      // a reply's reaction goes out before its text, so it is recorded by the time the text is
      const posted = await until(() => discord.requests.slice(before).find(isBotPost(channelId)), `the reply to "${content}"`);
      const reaction = discord.requests.slice(before).find((r) => r.method === 'PUT' && r.path.startsWith(`/channels/${channelId}/messages/${typed.id}/reactions/`));
      return { reaction: reaction?.path.split('/')[6] ?? '', text: (posted.body as { content?: string }).content ?? '' };
    },
    async telegramSays(chatId, fromId, text) {
      const before = telegram.requests.length;
      const user = fromId === TG.admin ? { fromUsername: 'brock', fromFirstName: 'Brock' } : { fromUsername: 'misty', fromFirstName: 'Misty' };
      telegram.userSays({ chatId, chatType: chatId === fromId ? 'private' : 'supergroup', fromId, text, ...user });
      const sent = await until(
        () => telegram.requests.slice(before).find((r) => r.method === 'sendMessage' && String(r.body.chat_id) === String(chatId)),
        `the reply to "${text}"`,
      );
      return String(sent.body.text ?? '');
    },
    discordPosts: botMessages,
    discordAlerts: (channelId) => botMessages(channelId).filter((m) => m.embeds.length > 0),
    telegramTexts: (chatId) => telegram.messages(chatId).filter((m: SentMessage) => m.method === 'sendMessage').map((m) => m.text ?? ''),
    async close() {
      await Promise.all([discord.close(), telegram.close()]);
    },
  };
}
