/**
 * The enrich hook and its language layer: the weatherchange variables — the new and the old condition (id,
 * name, emoji), the cell, the weather icon, and `activeCreatures` (the cell's pokemon whose boost changed) —
 * computed once per event in English; the language layer replaces names and emoji per recipient language and
 * platform. The webhook's own fields are kept underneath for templates written for the previous generation.
 */
import type { View, ViewScope } from '../../core/contract.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import type { CellSighting, WeatherEvent } from './event.ts';

/** Icon URLs of the new condition (empty strings without an icon set). */
export interface WeatherImages {
  readonly imgUrl: string;
  /** from [general] img_url_alt */
  readonly imgUrlAlt: string;
  readonly stickerUrl: string;
}

export interface WeatherEnrichInput {
  readonly event: WeatherEvent;
  readonly gameData: GameData;
  /** the sightings listed in activeCreatures (already filtered and capped) */
  readonly altered: readonly CellSighting[];
  readonly images: WeatherImages;
}

function shownForm(gameData: GameData, form: number, lang?: string): string {
  if (!form) return '';
  const name = gameData.formName(form, lang);
  return /^normal$/i.test(name) ? '' : name;
}

function creatures(gameData: GameData, altered: readonly CellSighting[], condition: number, lang?: string): Record<string, unknown>[] {
  const boosted = new Set(gameData.weather(condition).boostedTypes.map((t) => t.id));
  return altered.map((s) => ({
    name: gameData.pokemonName(s.pokemonId, lang),
    formName: shownForm(gameData, s.form, lang),
    pokemonId: s.pokemonId,
    formId: s.form,
    iv: s.iv ?? '',
    cp: s.cp ?? '',
    disappearTime: s.disappearTime,
    boosted: gameData.pokemon(s.pokemonId, s.form).types.some((t) => boosted.has(t.id)),
  }));
}

function conditionName(gameData: GameData, condition: number | null, lang?: string): string {
  return condition ? gameData.weatherName(condition, lang) : '';
}

function conditionEmoji(gameData: GameData, condition: number | null, platform?: string): string {
  return condition ? gameData.emoji(gameData.weather(condition).emojiKey, platform) : '';
}

export function weatherView(input: WeatherEnrichInput): View {
  const { event, gameData } = input;
  const old = event.previousCondition;
  return {
    ...event.raw,
    cellId: event.cellId,
    s2_cell_id: event.cellId,
    condition: event.condition,
    weatherId: event.condition,
    weatherName: conditionName(gameData, event.condition),
    weatherNameEng: conditionName(gameData, event.condition),
    weatherEmoji: conditionEmoji(gameData, event.condition),
    oldWeatherId: old ?? 0,
    oldWeatherName: conditionName(gameData, old),
    oldWeatherNameEng: conditionName(gameData, old),
    oldWeatherEmoji: conditionEmoji(gameData, old),
    activeCreatures: creatures(gameData, input.altered, event.condition),
    updated: event.updated,
    imgUrl: input.images.imgUrl,
    imgUrlAlt: input.images.imgUrlAlt,
    stickerUrl: input.images.stickerUrl,
  };
}

export interface WeatherLanguageInput {
  readonly event: WeatherEvent;
  readonly gameData: GameData;
  readonly altered: readonly CellSighting[];
  readonly scope: ViewScope;
}

export function weatherLanguageView(input: WeatherLanguageInput): View {
  const { event, gameData, scope } = input;
  return {
    weatherName: conditionName(gameData, event.condition, scope.language),
    weatherEmoji: conditionEmoji(gameData, event.condition, scope.platform),
    oldWeatherName: conditionName(gameData, event.previousCondition, scope.language),
    oldWeatherEmoji: conditionEmoji(gameData, event.previousCondition, scope.platform),
    activeCreatures: creatures(gameData, input.altered, event.condition, scope.language),
  };
}
