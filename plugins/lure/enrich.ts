/**
 * The lure view: the English base (once per event) and the language/platform layer (lure name, emoji).
 */
import type { View, ViewScope } from '../../core/contract.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import type { LureEvent } from './event.ts';
import { lureInfo, lureName } from './lures.ts';

export interface LureImages {
  readonly imgUrl: string;
  readonly imgUrlAlt: string;
  readonly stickerUrl: string;
}

export function lureView(event: LureEvent, images: LureImages): View {
  const info = lureInfo(event.lureId);
  return {
    stopId: event.stopId,
    pokestopId: event.stopId,
    stopName: event.stopName,
    pokestopName: event.stopName,
    stopUrl: event.stopUrl,
    url: event.stopUrl,
    lureTypeId: event.lureId,
    lureId: event.lureId,
    lureTypeName: info.name,
    lureTypeNameEng: info.name,
    lureTypeColor: info.color,
    lureTypeEmoji: '',
    expirationTimestamp: event.expiration,
    lureExpiration: event.expiration,
    ...images,
  };
}

export function lureLanguageView(event: LureEvent, gameData: GameData, scope: ViewScope): View {
  const info = lureInfo(event.lureId);
  return {
    lureTypeName: lureName(gameData, event.lureId, scope.language),
    lureTypeEmoji: info.emojiKey ? gameData.emoji(info.emojiKey, scope.platform) : '',
  };
}
