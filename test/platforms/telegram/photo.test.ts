/**
 * A template's `photo` through the real grammy client to the fake Bot API: sent after the sticker and before the
 * text, by URL; with `[telegram] upload_images` the image, served by a local HTTP server, is uploaded as a file
 * (a multipart sendPhoto carrying its bytes); a failing image server sends the URL, logged and reported as
 * degraded; a photo Telegram refuses leaves the rest of the message going out.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { badRequest } from '../../fakes/telegram/errors.ts';
import type { UploadedFile } from '../../fakes/telegram/types.ts';
import { startImageServer, type ImageServer } from '../../helpers/image-server.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { telegramJob, withTelegram } from './harness.ts';

const USER = 1001;
const chats = [{ id: USER, type: 'private' as const, first_name: 'Ash' }];

function isUpload(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as { bytes?: unknown }).bytes);
}

describe('telegram photo', () => {
  let images: ImageServer;
  before(async () => {
    images = await startImageServer();
  });
  after(async () => {
    await images.close();
  });

  const alert = (photo: string) => telegramJob(String(USER), { content: 'Raid at the fountain', sticker: 'https://img.example/egg.webp', photo });

  test('sticker, photo (by URL), then the text; the link buttons go with the text', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        const outcome = await platform.deliver({ ...alert(images.url), message: { ...alert(images.url).message, buttons: [[{ label: 'Map', url: 'https://maps.example/1' }]] } });
        assert.deepEqual(fake.requests.filter((r) => r.method.startsWith('send')).map((r) => r.method), ['sendSticker', 'sendPhoto', 'sendMessage']);
        assert.equal(fake.calls('sendPhoto')[0]!.body.photo, images.url);
        assert.deepEqual(fake.messages(USER).map((m) => (m.reply_markup ? m.method : null)), [null, null, 'sendMessage']);
        assert.ok(outcome.ok && outcome.messageIds?.length === 3 && outcome.degraded === undefined);
        assert.equal(images.hits.get('/map.png') ?? 0, 0, 'nothing downloaded with upload_images off');
      },
      { fake: { chats } },
    );
  });

  test('a photo alone carries the buttons', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        const job = telegramJob(String(USER), { photo: images.url });
        assert.ok((await platform.deliver({ ...job, message: { ...job.message, buttons: [[{ label: 'Map', url: 'https://maps.example/1' }]] } })).ok);
        assert.deepEqual(fake.messages(USER).map((m) => [m.method, m.reply_markup !== undefined]), [['sendPhoto', true]]);
      },
      { fake: { chats } },
    );
  });

  test('upload_images: the image is downloaded and sent as a file with its bytes', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        const outcome = await platform.deliver(alert(images.url));
        assert.ok(outcome.ok && outcome.degraded === undefined);
        const photo = fake.calls('sendPhoto')[0]!.body.photo;
        assert.ok(isUpload(photo), 'sendPhoto carried a file');
        assert.ok(photo.bytes.equals(images.bytes));
        assert.equal(photo.filename, 'map.png');
        assert.deepEqual(fake.requests.filter((r) => r.method.startsWith('send')).map((r) => r.method), ['sendSticker', 'sendPhoto', 'sendMessage']);
      },
      { fake: { chats }, platform: { uploadImages: true } },
    );
  });

  test('upload_images with a failing image server: the URL is sent, logged, degraded as image_upload', async () => {
    const logs = captureLog('info');
    await withTelegram(
      async ({ fake, platform }) => {
        const outcome = await platform.deliver(alert(images.failingUrl));
        assert.deepEqual(outcome.ok && outcome.degraded, ['image_upload']);
        assert.equal(fake.calls('sendPhoto')[0]!.body.photo, images.failingUrl);
        const warning = logs.find(/photo could not be downloaded/);
        assert.ok(warning && /HTTP 500/.test(String(warning.reason)) && warning.eventId === 'ev-tg-1');
      },
      { fake: { chats }, platform: { uploadImages: true, log: logs.log } },
    );
  });

  test('a photo Telegram refuses is logged and the text still goes out', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        fake.fail('sendPhoto', badRequest('wrong file identifier/HTTP URL specified'));
        const outcome = await platform.deliver(telegramJob(String(USER), { content: 'still here', photo: 'https://img.example/nope.png' }));
        assert.ok(outcome.ok);
        assert.deepEqual(fake.messages(USER).map((m) => m.method), ['sendMessage']);
      },
      { fake: { chats } },
    );
  });
});
