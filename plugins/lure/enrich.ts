/**
 * The lure view: the English base (once per event) and the language/platform layer (lure name, emoji). The
 * names the previous generations gave the same values (`lureType`, `name`, `distime`, `lureColor`…; README.md)
 * are set in the same objects; the webhook's own fields stay underneath.
 */
import type { View, ViewScope } from '../../core/contract.ts';
import type { EventClock } from '../../core/enrich/event-clock.ts';
import type { MapSiteLinks } from '../../core/enrich/map-sites.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import type { LureEvent } from './event.ts';
import { gruntNames } from './grunt-names.ts';
import { lureInfo, lureName } from './lures.ts';

export interface LureImages {
  readonly imgUrl: string;
  readonly imgUrlAlt: string;
  readonly stickerUrl: string;
}

/** What the lure view needs besides the event. */
export interface LureViewContext {
  readonly gameData: GameData;
  readonly images: LureImages;
  /** formats the end in the stop's zone ([locale] time) */
  readonly clock: EventClock;
  /** links to the stop on the configured scanner map sites */
  readonly mapLinks: MapSiteLinks;
}

export function lureView(event: LureEvent, context: LureViewContext): View {
  const info = lureInfo(event.lureId);
  const ends = context.clock.time(event.expiration, context.clock.zoneAt(event.latitude, event.longitude));
  return {
    ...event.raw,
    stopId: event.stopId,
    pokestopId: event.stopId,
    pokestop_id: event.stopId,
    stopName: event.stopName,
    pokestopName: event.stopName,
    pokestop_name: event.stopName,
    name: event.stopName,
    stopUrl: event.stopUrl,
    url: event.stopUrl,
    pokestopUrl: event.stopUrl,
    pokestop_url: event.stopUrl,
    lureTypeId: event.lureId,
    lureId: event.lureId,
    lureTypeName: info.name,
    lureType: info.name,
    lureTypeNameEng: info.name,
    lureTypeColor: info.color,
    lureColor: info.color,
    lureTypeEmoji: '',
    expirationTimestamp: event.expiration,
    lureExpiration: event.expiration,
    lure_expiration: event.expiration,
    disappearTime: ends,
    distime: ends,
    gruntTypeId: event.gruntTypeId,
    displayTypeId: event.displayTypeId,
    ...gruntNames(context.gameData, event.gruntTypeId),
    ...context.mapLinks,
    ...context.images,
  };
}

export function lureLanguageView(event: LureEvent, gameData: GameData, scope: ViewScope): View {
  const info = lureInfo(event.lureId);
  const name = lureName(gameData, event.lureId, scope.language);
  return {
    lureTypeName: name,
    lureType: name,
    lureTypeEmoji: info.emojiKey ? gameData.emoji(info.emojiKey, scope.platform) : '',
    ...gruntNames(gameData, event.gruntTypeId, scope.language),
  };
}
