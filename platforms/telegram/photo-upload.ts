/**
 * `[telegram] upload_images`: a message's `photo` given as an http(s) URL is downloaded and sent to Telegram as a
 * file instead of the URL Telegram would fetch itself — so an image Telegram cannot reach (an internal tile
 * server) or one it refuses to fetch still shows. A failed download sends the URL: logged, and reported as
 * `image_upload` in the outcome's `degraded` (counted in lookout_deliveries_degraded_total).
 */
import { InputFile } from 'grammy';
import { downloadImage, imageFileName, type DownloadOptions } from '../../core/delivery/download-image.ts';
import { describeError } from '../../core/errors.ts';
import type { Logger } from '../../core/log/logger.ts';

export const IMAGE_UPLOAD_DEGRADED = 'image_upload';

/** The photo to send: a file to upload, or the URL / file id as rendered. */
export interface PreparedPhoto {
  readonly photo: string | InputFile;
  readonly degraded?: string;
}

export interface PhotoUploader {
  prepare(photo: string, log: Logger, eventId?: string): Promise<PreparedPhoto>;
}

export function createPhotoUploader(options: DownloadOptions): PhotoUploader {
  return {
    async prepare(photo, log, eventId) {
      // a Telegram file id is sent as it is
      if (!/^https?:\/\//i.test(photo)) return { photo };
      try {
        const image = await downloadImage(photo, options);
        return { photo: new InputFile(image.bytes, imageFileName('map', image.contentType)) };
      } catch (err) {
        log.warn({ eventId, reason: describeError(err) }, 'telegram: the photo could not be downloaded; sending its URL instead');
        return { photo, degraded: IMAGE_UPLOAD_DEGRADED };
      }
    },
  };
}
