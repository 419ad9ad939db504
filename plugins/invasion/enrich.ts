/**
 * The invasion view: the English base (computed once per event) and the language/platform layer (names and
 * emoji per recipient). gruntRewardsList lists the reward tiers of the character from the game data. The names
 * the previous generations gave the same values (`name`, `displayTypeId`, `gruntRewards`, `distime`…;
 * README.md) are set in the same objects.
 */
import type { View, ViewScope } from '../../core/contract.ts';
import type { EventClock } from '../../core/enrich/event-clock.ts';
import type { MapSiteLinks } from '../../core/enrich/map-sites.ts';
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

/** A pokemon of a reward tier or of the lineup. */
interface GruntMonster {
  readonly id: number;
  readonly formId: number;
  readonly name: string;
  readonly formName: string;
  /** name and form (not the normal form) */
  readonly fullName: string;
}

interface RewardTier {
  readonly chance: number;
  readonly monsters: readonly GruntMonster[];
}

interface RewardsList {
  readonly first: RewardTier;
  readonly second: RewardTier;
}

function gruntMonster(gameData: GameData, id: number, form: number, lang?: string): GruntMonster {
  const name = gameData.pokemonName(id, lang);
  const formName = form ? gameData.formName(form, lang) : '';
  return { id, formId: form, name, formName, fullName: formName && !/^normal$/i.test(formName) ? `${name} ${formName}` : name };
}

function rewardTier(event: InvasionEvent, gameData: GameData, slot: 'first' | 'second', lang?: string): RewardTier {
  if (isStopEvent(event.displayType)) return { chance: 0, monsters: [] };
  const reward = gruntsOf(gameData).grunt(event.gruntTypeId).rewards.find((r) => r.slot === slot);
  if (!reward) return { chance: 0, monsters: [] };
  return { chance: reward.chance, monsters: reward.encounters.map((p) => gruntMonster(gameData, p.id, p.form, lang)) };
}

function rewardsList(event: InvasionEvent, gameData: GameData, lang?: string): RewardsList {
  return { first: rewardTier(event, gameData, 'first', lang), second: rewardTier(event, gameData, 'second', lang) };
}

/**
 * The reward tiers as one text, as the previous generations wrote it: "85%: A, B\n15%: C" with two tiers (the
 * `\n` a line break once the message is read as JSON), the names alone with one.
 */
function rewardsText(list: RewardsList): string {
  const names = (tier: RewardTier) => tier.monsters.map((m) => m.fullName).join(', ');
  if (list.second.monsters.length === 0) return names(list.first);
  return `${list.first.chance}%: ${names(list.first)}\\n${list.second.chance}%: ${names(list.second)}`;
}

/** the confirmed lineup in the previous generations' shape (`gruntLineupList`), '' when none was seen */
function lineupList(event: InvasionEvent, gameData: GameData, lang?: string): { readonly confirmed: boolean; readonly monsters: readonly GruntMonster[] } | '' {
  if (event.lineup.length === 0) return '';
  return { confirmed: true, monsters: event.lineup.map((s) => gruntMonster(gameData, s.pokemonId, s.form, lang)) };
}

function gruntGender(event: InvasionEvent, gameData: GameData): number {
  return isStopEvent(event.displayType) ? 0 : gruntsOf(gameData).grunt(event.gruntTypeId).gender;
}

/** What the invasion view needs besides the event and the game data. */
export interface InvasionViewContext {
  readonly images: InvasionImages;
  /** formats the end in the stop's zone ([locale] time) */
  readonly clock: EventClock;
  /** the current weather of the stop's weather cell (core weather cells), null when unknown */
  readonly cellWeather: number | null;
  /** links to the stop on the configured scanner map sites */
  readonly mapLinks: MapSiteLinks;
}

export function invasionView(event: InvasionEvent, gameData: GameData, context: InvasionViewContext): View {
  const info = gruntsOf(gameData).grunt(event.gruntTypeId);
  const gender = gruntGender(event, gameData);
  const genderName = gameData.genderName(gender, 'en');
  const rewards = rewardsList(event, gameData);
  const ends = event.expiration > 0 ? context.clock.time(event.expiration, context.clock.zoneAt(event.latitude, event.longitude)) : '';
  const weather = context.cellWeather ?? 0;
  const weatherName = weather ? gameData.weather(weather).name : '';
  const firstSlot = isStopEvent(event.displayType) ? [] : (info.rewards.find((r) => r.slot === 'first')?.encounters ?? []);
  return {
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
    incidentId: event.incidentId,
    gruntTypeId: event.gruntTypeId,
    grunt_type: event.gruntTypeId,
    gruntTypeID: isStopEvent(event.displayType) ? 0 : (info.typeId ?? 0),
    displayType: event.displayType,
    displayTypeId: event.displayType,
    gruntName: isStopEvent(event.displayType) ? gruntTypeName(info, event.displayType, gameData) : info.name,
    gruntType: gruntTypeName(info, event.displayType, gameData),
    gruntTypeName: gruntTypeName(info, event.displayType, gameData),
    gruntTypeKey: gruntTypeKey(info, event.displayType),
    gruntTypeColor: info.color,
    gruntTypeEmoji: '',
    gender,
    gruntGender: gender,
    genderData: { name: genderName, emoji: '' },
    genderDataEng: { name: genderName, emoji: '' },
    genderName,
    genderNameEng: genderName,
    genderEmoji: '',
    gruntRewardsList: rewards,
    gruntRewards: rewardsText(rewards),
    gruntRewardIDs: firstSlot.map((p) => ({ pokemon_id: p.id, form: p.form })),
    confirmed: event.confirmed,
    lineup: event.lineup.map((s) => ({ slot: s.slot, id: s.pokemonId, formId: s.form, name: gameData.pokemonName(s.pokemonId) })),
    gruntLineupList: lineupList(event, gameData),
    gameWeatherId: weather,
    gameWeatherName: weatherName,
    gameweather: weatherName,
    gameWeatherEmoji: '',
    gameweatheremoji: '',
    expirationTimestamp: event.expiration,
    incidentExpiration: event.expiration,
    incident_expire_timestamp: event.expiration,
    expiration: event.expiration,
    disappearTime: ends,
    distime: ends,
    ...context.mapLinks,
    ...context.images,
  };
}

function typeEmoji(event: InvasionEvent, gameData: GameData, platform: string): string {
  if (isStopEvent(event.displayType)) return gameData.emoji('grunt-unknown', platform);
  const info = gruntsOf(gameData).grunt(event.gruntTypeId);
  if (info.typeId !== null) return gameData.emoji(gameData.type(info.typeId).emojiKey, platform);
  return gameData.emoji(info.emojiKey, platform);
}

/** `gameWeatherId` is the base view's (0: the cell's weather is not known). */
export function invasionLanguageView(event: InvasionEvent, gameData: GameData, scope: ViewScope, gameWeatherId = 0): View {
  const lang = scope.language;
  const info = gruntsOf(gameData).grunt(event.gruntTypeId);
  const gender = gruntGender(event, gameData);
  const genderKey = GENDER_EMOJI[gender];
  const genderName = gameData.genderName(gender, lang);
  const genderEmoji = genderKey ? gameData.emoji(genderKey, scope.platform) : '';
  const typeName = gruntTypeName(info, event.displayType, gameData, lang);
  const rewards = rewardsList(event, gameData, lang);
  const weatherName = gameWeatherId ? gameData.weatherName(gameWeatherId, lang) : '';
  const weatherEmoji = gameWeatherId ? gameData.emoji(gameData.weather(gameWeatherId).emojiKey, scope.platform) : '';
  return {
    gruntName: isStopEvent(event.displayType) ? typeName : gruntsOf(gameData).name(event.gruntTypeId, lang),
    gruntType: typeName,
    gruntTypeName: typeName,
    gruntTypeEmoji: typeEmoji(event, gameData, scope.platform),
    genderData: { name: genderName, emoji: genderEmoji },
    genderName,
    genderEmoji,
    gruntRewardsList: rewards,
    gruntRewards: rewardsText(rewards),
    lineup: event.lineup.map((s) => ({ slot: s.slot, id: s.pokemonId, formId: s.form, name: gameData.pokemonName(s.pokemonId, lang) })),
    gruntLineupList: lineupList(event, gameData, lang),
    gameWeatherName: weatherName,
    gameweather: weatherName,
    gameWeatherEmoji: weatherEmoji,
    gameweatheremoji: weatherEmoji,
  };
}
