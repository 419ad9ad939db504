/**
 * Downloading an image to upload: the bytes and content type of a 200; a typed UNAVAILABLE error naming the URL
 * without its query for another status, an image over the size bound, a URL that is not http(s) or a server that
 * does not answer in time.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { downloadImage, imageFileName } from '../../../core/delivery/download-image.ts';
import { LookoutError } from '../../../core/errors.ts';
import { startImageServer, type ImageServer } from '../../helpers/image-server.ts';

const isUnavailable = (pattern: RegExp) => (err: unknown) => err instanceof LookoutError && err.code === 'UNAVAILABLE' && pattern.test(err.message);

describe('downloadImage', () => {
  let images: ImageServer;
  before(async () => {
    images = await startImageServer();
  });
  after(async () => {
    await images.close();
  });

  test('a 200: the bytes and the content type', async () => {
    const image = await downloadImage(images.url, { timeoutMs: 5_000, maxBytes: 1_000 });
    assert.ok(Buffer.from(image.bytes).equals(images.bytes));
    assert.equal(image.contentType, 'image/png');
  });

  test('another status, an image over the bound and a URL that is not http(s) are UNAVAILABLE', async () => {
    await assert.rejects(downloadImage(images.failingUrl, { timeoutMs: 5_000, maxBytes: 1_000 }), isUnavailable(/answered HTTP 500/));
    await assert.rejects(downloadImage(images.url, { timeoutMs: 5_000, maxBytes: 4 }), isUnavailable(/more than 4/));
    await assert.rejects(downloadImage('file:///etc/passwd', { timeoutMs: 5_000, maxBytes: 1_000 }), isUnavailable(/not an http/));
  });

  test('the error context names the URL without its query', async () => {
    const err = await downloadImage(images.url, { timeoutMs: 5_000, maxBytes: 4 }).catch((e: unknown) => e);
    assert.ok(err instanceof LookoutError);
    assert.equal(err.context.url, images.url.split('?')[0]);
  });

  test('a fetch that times out is UNAVAILABLE with the wait', async () => {
    const hang = (_url: string, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'TimeoutError' }))));
    await assert.rejects(downloadImage('http://127.0.0.1:9/x.png', { timeoutMs: 20, maxBytes: 1_000, fetchFn: hang }), isUnavailable(/no answer within 20 ms/));
  });

  test('file names follow the content type, png when unknown', () => {
    assert.deepEqual(['image/png', 'image/jpeg', 'image/webp', ''].map((t) => imageFileName('map', t)), ['map.png', 'map.jpg', 'map.webp', 'map.png']);
  });
});
