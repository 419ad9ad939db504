/**
 * The lure event the plugin works with, read from a `pokestop` webhook with an active lure.
 */
export interface LureEvent {
  readonly stopId: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly stopName: string;
  readonly stopUrl: string;
  /** 501 normal, 502 glacial, 503 mossy, 504 magnetic, 505 rainy, 506 golden */
  readonly lureId: number;
  /** unix seconds */
  readonly expiration: number;
  /** the invasion at the same stop, as the payload tells it (0 none): its character and display type */
  readonly gruntTypeId: number;
  readonly displayTypeId: number;
  /** the webhook message as received; templates written for the previous generation read its fields */
  readonly raw: Readonly<Record<string, unknown>>;
}
