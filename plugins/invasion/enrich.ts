/**
 * The invasion view: the English base (computed once per event) and the language/platform layer (names and
 * emoji per recipient). gruntRewardsList lists the reward tiers of the character from the game data.
 */
import type { View, ViewScope } from '../../core/contract.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import type { InvasionEvent } from './event.ts';
import { gruntsOf } from './gamedata/grunts.ts';
import { gruntTypeKey, gruntTypeName, isStopEvent } from './grunt-type.ts';

const GENDER_EMOJI: Readonly<Record<number, string>> = { 1: 'gender-male', 2: 'gender-female' };

export interface InvasionImages {
  readonly imgUrl: string;
  readonly imgUrlAlt: string;
  readonly stickerUrl: string;
}

interface RewardTier {
  readonly chance: number;
  readonly monsters: readonly { readonly id: number; readonly formId: number; readonly name: string; readonly formName: string }[];
}

function rewardTier(event: InvasionEvent, gameData: GameData, slot: 'first' | 'second', lang?: string): RewardTier {
  if (isStopEvent(event.displayType)) return { chance: 0, monsters: [] };
  const reward = gruntsOf(gameData).grunt(event.gruntTypeId).rewards.find((r) => r.slot === slot);
  if (!reward) return { chance: 0, monsters: [] };
  return {
    chance: reward.chance,
    monsters: reward.encounters.map((p) => ({ id: p.id, formId: p.form, name: gameData.pokemonName(p.id, lang), formName: gameData.formName(p.form, lang) })),
  };
}

function rewardsList(event: InvasionEvent, gameData: GameData, lang?: string): View {
  return { first: rewardTier(event, gameData, 'first', lang), second: rewardTier(event, gameData, 'second', lang) };
}

function gruntGender(event: InvasionEvent, gameData: GameData): number {
  return isStopEvent(event.displayType) ? 0 : gruntsOf(gameData).grunt(event.gruntTypeId).gender;
}

export function invasionView(event: InvasionEvent, gameData: GameData, images: InvasionImages): View {
  const info = gruntsOf(gameData).grunt(event.gruntTypeId);
  const gender = gruntGender(event, gameData);
  return {
    stopId: event.stopId,
    pokestopId: event.stopId,
    stopName: event.stopName,
    pokestopName: event.stopName,
    stopUrl: event.stopUrl,
    url: event.stopUrl,
    incidentId: event.incidentId,
    gruntTypeId: event.gruntTypeId,
    displayType: event.displayType,
    gruntName: isStopEvent(event.displayType) ? gruntTypeName(info, event.displayType, gameData) : info.name,
    gruntType: gruntTypeName(info, event.displayType, gameData),
    gruntTypeKey: gruntTypeKey(info, event.displayType),
    gruntTypeColor: info.color,
    gruntTypeEmoji: '',
    gender,
    genderData: { name: gameData.genderName(gender), emoji: '' },
    gruntRewardsList: rewardsList(event, gameData),
    confirmed: event.confirmed,
    lineup: event.lineup.map((s) => ({ slot: s.slot, id: s.pokemonId, formId: s.form, name: gameData.pokemonName(s.pokemonId) })),
    expirationTimestamp: event.expiration,
    incidentExpiration: event.expiration,
    ...images,
  };
}

function typeEmoji(event: InvasionEvent, gameData: GameData, platform: string): string {
  if (isStopEvent(event.displayType)) return gameData.emoji('grunt-unknown', platform);
  const info = gruntsOf(gameData).grunt(event.gruntTypeId);
  if (info.typeId !== null) return gameData.emoji(gameData.type(info.typeId).emojiKey, platform);
  return gameData.emoji(info.emojiKey, platform);
}

export function invasionLanguageView(event: InvasionEvent, gameData: GameData, scope: ViewScope): View {
  const lang = scope.language;
  const info = gruntsOf(gameData).grunt(event.gruntTypeId);
  const gender = gruntGender(event, gameData);
  const genderKey = GENDER_EMOJI[gender];
  return {
    gruntName: isStopEvent(event.displayType) ? gruntTypeName(info, event.displayType, gameData, lang) : gruntsOf(gameData).name(event.gruntTypeId, lang),
    gruntType: gruntTypeName(info, event.displayType, gameData, lang),
    gruntTypeEmoji: typeEmoji(event, gameData, scope.platform),
    genderData: { name: gameData.genderName(gender, lang), emoji: genderKey ? gameData.emoji(genderKey, scope.platform) : '' },
    gruntRewardsList: rewardsList(event, gameData, lang),
    lineup: event.lineup.map((s) => ({ slot: s.slot, id: s.pokemonId, formId: s.form, name: gameData.pokemonName(s.pokemonId, lang) })),
  };
}
