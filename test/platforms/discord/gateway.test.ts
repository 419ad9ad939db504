/**
 * Starting the discord platform fails with a clear error: a refused token, or a gateway that does not get ready
 * within the configured time (a guild in an outage keeps discord.js waiting).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LookoutError } from '../../../core/errors.ts';
import { createDiscordPlatform } from '../../../platforms/discord/platform.ts';
import { startFakeDiscord } from '../../fakes/discord/index.ts';
import { GUILD, recordingContext, settingsFor } from './support.ts';

test('a token the API refuses: start fails naming the login', async () => {
  const fake = await startFakeDiscord({ tokens: ['the-right-token'] });
  const platform = createDiscordPlatform(settingsFor(fake, { tokens: ['a-wrong-token'] }));
  try {
    await assert.rejects(platform.start!(recordingContext()), (err: unknown) => err instanceof LookoutError && err.code === 'UNAVAILABLE' && /login failed/.test(err.message));
    assert.equal(fake.gateway.identifies.length, 0);
  } finally {
    await platform.stop!();
    await fake.close();
  }
});

test('a gateway that is not ready in time: start fails with the timeout, the client is closed', async () => {
  const fake = await startFakeDiscord();
  fake.seedGuild({ id: GUILD, unavailable: true });
  const platform = createDiscordPlatform(settingsFor(fake, { readyTimeoutMs: 300 }));
  try {
    await assert.rejects(platform.start!(recordingContext()), (err: unknown) => err instanceof LookoutError && err.code === 'UNAVAILABLE' && /not ready within/.test(err.message));
    assert.equal(fake.gateway.identifies.length, 1);
  } finally {
    await platform.stop!();
    await fake.close();
  }
});
