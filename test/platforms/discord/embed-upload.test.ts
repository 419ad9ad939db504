/**
 * `[discord] upload_embed_images` against the fake Discord with the real discord.js REST client: the first embed's
 * image, served by a local HTTP server, goes to Discord as a multipart upload (`payload_json` + `files[0]` with the
 * image's bytes) and the embed points at `attachment://map.png`; a failing image server sends the message with
 * the URL, logged and reported as degraded; with the setting off nothing is downloaded.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { PlatformPlugin } from '../../../core/contract.ts';
import { createDiscordPlatform } from '../../../platforms/discord/platform.ts';
import { startFakeDiscord, type FakeDiscord } from '../../fakes/discord/index.ts';
import { startImageServer, type ImageServer } from '../../helpers/image-server.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { CHANNEL, job, seedWorld, settingsFor, USER } from './support.ts';

const post = `POST /channels/${CHANNEL}/messages`;

function mapAlert(imageUrl: string) {
  return job({ id: CHANNEL, type: 'discord:channel' }, { embed: { title: 'Hundo Pikachu', color: '#ffcc00', image: { url: imageUrl }, thumbnail: { url: 'https://example.invalid/icon.png' } } });
}

describe('discord upload_embed_images', () => {
  let fake: FakeDiscord;
  let images: ImageServer;
  let uploading: PlatformPlugin;
  let plain: PlatformPlugin;
  const logs = captureLog('info');

  before(async () => {
    fake = await startFakeDiscord();
    seedWorld(fake);
    images = await startImageServer();
    uploading = createDiscordPlatform(settingsFor(fake, { uploadEmbedImages: true }), { log: logs.log });
    plain = createDiscordPlatform(settingsFor(fake));
  });

  after(async () => {
    await uploading.stop!();
    await plain.stop!();
    await images.close();
    await fake.close();
  });

  test('the embed image is downloaded and uploaded as files[0]; the embed points at the attachment', async () => {
    const outcome = await uploading.deliver(mapAlert(images.url));
    assert.ok(outcome.ok && outcome.degraded === undefined);
    const request = fake.requestsMatching(post).at(-1)!;
    assert.equal(request.files.length, 1);
    const [file] = request.files;
    assert.deepEqual([file!.field, file!.name, file!.contentType], ['files[0]', 'map.png', 'image/png']);
    assert.ok(file!.bytes.equals(images.bytes), 'the uploaded bytes are the served image');
    const embed = (request.body as { embeds: { image?: { url: string }; thumbnail?: { url: string } }[] }).embeds[0]!;
    assert.equal(embed.image?.url, 'attachment://map.png');
    assert.equal(embed.thumbnail?.url, 'https://example.invalid/icon.png', 'only the image is uploaded');
    const stored = fake.messagesIn(CHANNEL).at(-1)!;
    assert.equal(stored.attachments.length, 1);
    assert.equal((stored.embeds[0] as { image: { url: string } }).image.url, stored.attachments[0]!.url);
  });

  test('a DM gets the upload too', async () => {
    const outcome = await uploading.deliver(job({ id: USER, type: 'discord:user' }, { embed: { title: 'dm', image: { url: images.url } } }));
    assert.ok(outcome.ok);
    const request = fake.requestsMatching('POST /channels/:id/messages').at(-1)!;
    assert.equal(request.files[0]?.bytes.length, images.bytes.length);
  });

  test('a failing image server: the message goes with the URL, logged, degraded as image_upload', async () => {
    const outcome = await uploading.deliver(mapAlert(images.failingUrl));
    assert.ok(outcome.ok);
    assert.deepEqual(outcome.ok && outcome.degraded, ['image_upload']);
    const request = fake.requestsMatching(post).at(-1)!;
    assert.equal(request.files.length, 0);
    assert.equal((request.body as { embeds: { image: { url: string } }[] }).embeds[0]!.image.url, images.failingUrl);
    const warning = logs.find(/embed image could not be downloaded/);
    assert.ok(warning && /HTTP 500/.test(String(warning.reason)) && warning.eventId === 'ev-1');
  });

  test('a message without an embed image is sent as JSON', async () => {
    const outcome = await uploading.deliver(job({ id: CHANNEL, type: 'discord:channel' }, { content: 'no picture' }));
    assert.ok(outcome.ok && outcome.degraded === undefined);
    assert.equal(fake.requestsMatching(post).at(-1)!.files.length, 0);
  });

  test('with the setting off, nothing is downloaded and the URL is sent', async () => {
    const hits = images.hits.get('/map.png') ?? 0;
    assert.ok((await plain.deliver(mapAlert(images.url))).ok);
    assert.equal(images.hits.get('/map.png') ?? 0, hits);
    const request = fake.requestsMatching(post).at(-1)!;
    assert.equal(request.files.length, 0);
    assert.equal((request.body as { embeds: { image: { url: string } }[] }).embeds[0]!.image.url, images.url);
  });
});
