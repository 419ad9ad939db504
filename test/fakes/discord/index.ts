/**
 * The fake Discord's public surface for tests: start it, point discord.js (`rest.api`) or Lookout
 * (`[discord] api_url`) at `apiUrl`, and use its helpers and records.
 */
export { startFakeDiscord, type FakeDiscord, type FakeDiscordOptions } from './fake.ts';
export { DISCORD_ERRORS, type FakeFailure } from './errors.ts';
export type { ButtonClick, UserSays } from './events.ts';
export type { IdentifyRecord } from './gateway.ts';
export type { UploadedFile } from './http-io.ts';
export type { RecordedRequest, RouteMatcher } from './recorder.ts';
export { CHANNEL_TYPES, type FakeAttachment, type FakeChannel, type FakeGuild, type FakeInteraction, type FakeMessage, type FakeUser, type FakeWebhook } from './state.ts';
