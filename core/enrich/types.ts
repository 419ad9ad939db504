/**
 * The shapes of the common enricher: what the pipeline hands it once per event and once per recipient, and
 * what it is built from. The variables it returns are listed in docs/templates.md ("Common variables").
 */
import type { Config } from '../config/index.ts';
import type { CoreServices, EventLocation, Match, View } from '../contract.ts';
import type { Fence } from '../geo/index.ts';
import type { Logger } from '../log/logger.ts';
import type { ExternalCallTimer } from '../metrics/external-call.ts';

export type FetchFn = typeof fetch;

export interface EventViewInput {
  readonly location: EventLocation;
  /** unix ms at which the event ends; null when unknown */
  readonly expiresAt: number | null;
  /** the geofences containing the location (computed once by the pipeline) */
  readonly fences: readonly Fence[];
  /** the DTS alert type (names the tile server template `poracle-<alertType>`) */
  readonly alertType: string;
  /** the plugin's own variables (scanner map links and the tile server see them) */
  readonly pluginView: View;
  readonly eventId: string;
}

export interface TargetViewInput {
  /** where the event is; null when the plugin does not locate its events (only `prefix` is then known) */
  readonly location: EventLocation | null;
  readonly match: Match;
  /** the command prefix of the recipient's platform ('' when it has none) */
  readonly commandPrefix: string;
}

export interface CommonEnricher {
  /** once per event: location, address, links, time, static map */
  eventView(input: EventViewInput): Promise<View>;
  /** per recipient: distance, bearing, bearingEmoji, prefix */
  targetView(input: TargetViewInput): View;
  /**
   * a static map for a tile server template of a plugin's own (`poracle-<template>` with `variables`, no nearby
   * stops added); other providers centre on `location`
   */
  templateMap?(input: { readonly location: EventLocation; readonly template: string; readonly variables: View; readonly eventId: string }): Promise<string>;
  /** replaces every `<S<url>S>` in the text by a short link (or by the plain url when that is impossible) */
  shortenMarked(text: string): Promise<string>;
  stop?(): Promise<void>;
}

export interface CommonEnricherOptions {
  readonly config: Config;
  readonly log: Logger;
  readonly rootDir: string;
  /** the HTTP client for geocoders, the tile server and shorteners (tests pass their own) */
  readonly fetch?: FetchFn;
  readonly now?: () => number;
  /**
   * the icons (nearby gyms' pictures), the scanner database (nearby stops and gyms for tile server maps) and the
   * timer of outside calls (lookout_external_call_seconds)
   */
  readonly services?: Pick<CoreServices, 'icons' | 'scannerDb' | 'externalCalls'>;
}

/** What every outgoing-request part of the enricher needs. */
export interface RequestDeps {
  readonly fetch: FetchFn;
  readonly log: Logger;
  readonly now: () => number;
  /** times each request into lookout_external_call_seconds (none: untimed) */
  readonly timed?: ExternalCallTimer;
}
