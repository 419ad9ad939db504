/**
 * `[discord] upload_embed_images`: the first embed's image (a static map, usually) is downloaded and sent with the
 * message as a file, the embed pointing at it as `attachment://<name>` — Discord then serves it from its own
 * CDN, so a tile server Discord cannot reach (or one slow to render) still shows. A failed download sends the
 * message with the image's URL as rendered: logged, and reported as `image_upload` in the outcome's
 * `degraded` (counted in lookout_deliveries_degraded_total).
 */
import { describeError } from '../../core/errors.ts';
import { downloadImage, imageFileName, type DownloadOptions } from '../../core/delivery/download-image.ts';
import type { Logger } from '../../core/log/logger.ts';
import type { BotMessageBody } from './deliver.ts';

/** One file sent with a message, as discord.js's REST takes it (`files[n]` parts beside `payload_json`). */
export interface MessageFile {
  readonly name: string;
  readonly data: Uint8Array;
  readonly contentType: string;
}

/** What goes out: the body (its embed image pointing at the file when one is uploaded) and the files. */
export interface PreparedMessage {
  readonly body: BotMessageBody;
  readonly files: readonly MessageFile[];
  /** `image_upload` when the image could not be downloaded and went as its URL */
  readonly degraded?: readonly string[];
}

export const IMAGE_UPLOAD_DEGRADED = 'image_upload';

/** The base name of the uploaded file (PoracleNG names it map.png). */
const FILE_BASE = 'map';

/** The first embed's image URL when it is an http(s) URL (an `attachment://` one is already a file). Pure. */
export function embedImageUrl(body: BotMessageBody): string | null {
  const url = body.embeds[0]?.image?.url;
  return url !== undefined && /^https?:\/\//i.test(url) ? url : null;
}

/** The body with its first embed's image pointing at the attachment `name`. Pure. */
export function withAttachedImage(body: BotMessageBody, name: string): BotMessageBody {
  const [first, ...rest] = body.embeds;
  if (!first) return body;
  return { ...body, embeds: [{ ...first, image: { url: `attachment://${name}` } }, ...rest] };
}

export interface EmbedUploader {
  prepare(body: BotMessageBody, log: Logger, eventId?: string): Promise<PreparedMessage>;
}

export function createEmbedUploader(options: DownloadOptions): EmbedUploader {
  return {
    async prepare(body, log, eventId) {
      const url = embedImageUrl(body);
      if (url === null) return { body, files: [] };
      try {
        const image = await downloadImage(url, options);
        const name = imageFileName(FILE_BASE, image.contentType);
        return { body: withAttachedImage(body, name), files: [{ name, data: image.bytes, contentType: image.contentType || 'image/png' }] };
      } catch (err) {
        log.warn({ eventId, reason: describeError(err) }, 'discord: the embed image could not be downloaded; sending its URL instead');
        return { body, files: [], degraded: [IMAGE_UPLOAD_DEGRADED] };
      }
    },
  };
}
