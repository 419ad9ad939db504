/**
 * The enrich hook and its language layer: the weatherchange variables — the new and the old condition (id,
 * name, emoji), the cell and its corners, the weather icon, and `activeCreatures` (the cell's pokemon whose
 * boost changed) — computed once per event in English; the language layer replaces names and emoji per
 * recipient language and platform. The names the previous generations gave the same values (`weather`,
 * `oldweatheremoji`, `activePokemons`…; README.md) are set in the same objects. The webhook's own fields are
 * kept underneath for templates written for the previous generation.
 */
import type { View, ViewScope } from '../../core/contract.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import { weatherCellShape } from '../../core/geo/s2-cell-shape.ts';
import type { CellSighting, WeatherEvent } from './event.ts';

/** Icon URLs of the new condition (empty strings without an icon set). */
export interface WeatherImages {
  readonly imgUrl: string;
  /** from [general] img_url_alt */
  readonly imgUrlAlt: string;
  readonly stickerUrl: string;
}

/** a pokemon's icon URL ('' without an icon set) */
export type CreatureIcon = (pokemonId: number, form: number) => string;

export interface WeatherEnrichInput {
  readonly event: WeatherEvent;
  readonly gameData: GameData;
  /** the sightings listed in activeCreatures (already filtered and capped) */
  readonly altered: readonly CellSighting[];
  readonly images: WeatherImages;
  readonly icon: CreatureIcon;
  /**
   * `[weather] show_altered_creatures_static_map`: the event's own view (what the tile server's `poracle-weather`
   * template is sent) lists the altered pokemon with their positions and icons; otherwise only the language layer
   * gives them to the templates and the map shows the cell alone.
   */
  readonly creaturesOnMap: boolean;
}

function shownForm(gameData: GameData, form: number, lang?: string): string {
  if (!form) return '';
  const name = gameData.formName(form, lang);
  return /^normal$/i.test(name) ? '' : name;
}

/**
 * The altered pokemon, each under our names and the previous generations' (`pokemon_id`, `form`, `fullName`,
 * `nameEng`, `formNormalised`, `disappear_time`, `imgUrl`…), so `activeCreatures` and `activePokemons` are one list.
 */
function creatures(gameData: GameData, altered: readonly CellSighting[], condition: number, icon: CreatureIcon, lang?: string): Record<string, unknown>[] {
  const boosted = new Set(gameData.weather(condition).boostedTypes.map((t) => t.id));
  return altered.map((s) => {
    const name = gameData.pokemonName(s.pokemonId, lang);
    const nameEng = gameData.pokemonName(s.pokemonId);
    const formName = shownForm(gameData, s.form, lang);
    const formNameEng = shownForm(gameData, s.form);
    return {
      name,
      nameEng,
      formName,
      formNameEng,
      formNormalised: formName,
      formNormalisedEng: formNameEng,
      fullName: formName ? `${name} ${formName}` : name,
      fullNameEng: formNameEng ? `${nameEng} ${formNameEng}` : nameEng,
      pokemonId: s.pokemonId,
      pokemon_id: s.pokemonId,
      formId: s.form,
      form: s.form,
      iv: s.iv ?? '',
      cp: s.cp ?? '',
      latitude: s.latitude,
      longitude: s.longitude,
      disappearTime: s.disappearTime,
      disappear_time: s.disappearTime,
      imgUrl: icon(s.pokemonId, s.form),
      boosted: gameData.pokemon(s.pokemonId, s.form).types.some((t) => boosted.has(t.id)),
    };
  });
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
  const name = conditionName(gameData, event.condition);
  const oldName = conditionName(gameData, old);
  const emoji = conditionEmoji(gameData, event.condition);
  const oldEmoji = conditionEmoji(gameData, old);
  const onMap = input.creaturesOnMap ? creatures(gameData, input.altered, event.condition, input.icon) : null;
  return {
    ...event.raw,
    id: event.cellId,
    cellId: event.cellId,
    s2_cell_id: event.cellId,
    weatherCellId: event.cellId,
    coords: weatherCellShape(event.latitude, event.longitude).corners,
    condition: event.condition,
    weatherId: event.condition,
    weatherName: name,
    weather: name,
    weathername: name,
    weatherNameEng: name,
    weatherEmoji: emoji,
    weatheremoji: emoji,
    weatherEmojiEng: emoji,
    oldWeatherId: old ?? 0,
    oldWeatherName: oldName,
    oldweather: oldName,
    oldweathername: oldName,
    oldWeatherNameEng: oldName,
    oldWeatherEmoji: oldEmoji,
    oldweatheremoji: oldEmoji,
    oldWeatherEmojiEng: oldEmoji,
    ...(onMap && { activeCreatures: onMap, activePokemons: onMap, enrichedActivePokemons: onMap }),
    updated: event.updated,
    time_changed: event.updated,
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
  readonly icon: CreatureIcon;
  /** the common `tth` (time left until the end of the hour), shown again as `weatherTth` */
  readonly tth: unknown;
}

export function weatherLanguageView(input: WeatherLanguageInput): View {
  const { event, gameData, scope } = input;
  const name = conditionName(gameData, event.condition, scope.language);
  const oldName = conditionName(gameData, event.previousCondition, scope.language);
  const emoji = conditionEmoji(gameData, event.condition, scope.platform);
  const oldEmoji = conditionEmoji(gameData, event.previousCondition, scope.platform);
  const active = creatures(gameData, input.altered, event.condition, input.icon, scope.language);
  return {
    weatherName: name,
    weather: name,
    weathername: name,
    weatherEmoji: emoji,
    weatheremoji: emoji,
    weatherEmojiEng: emoji,
    oldWeatherName: oldName,
    oldweather: oldName,
    oldweathername: oldName,
    oldWeatherEmoji: oldEmoji,
    oldweatheremoji: oldEmoji,
    oldWeatherEmojiEng: oldEmoji,
    activeCreatures: active,
    activePokemons: active,
    enrichedActivePokemons: active,
    weatherTth: input.tth ?? '',
  };
}
