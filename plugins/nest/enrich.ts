/**
 * The nest variables: once per event in English (`nestView`), then names and emoji per recipient language and
 * platform (`nestLanguageView`). The webhook's own fields are kept underneath for older templates.
 */
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat.js';
import utc from 'dayjs/plugin/utc.js';
import type { View, ViewScope } from '../../core/contract.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import type { NestEvent } from './event.ts';

dayjs.extend(utc);
dayjs.extend(localizedFormat);

/** The image URLs of the nesting pokemon (empty strings when no icon set is configured). */
export interface NestImages {
  readonly imgUrl: string;
  readonly imgUrlAlt: string;
  readonly stickerUrl: string;
}

export interface NestEnrichInput {
  readonly event: NestEvent;
  readonly gameData: GameData;
  readonly images: NestImages;
  /** the dayjs format of [locale] date */
  readonly dateFormat: string;
  /** the loaded dayjs locale of [locale] timeformat (core/enrich/day-locale.ts) */
  readonly locale: string;
}

/** The nest cycle's start as a date in the [locale] language (nest rotations happen at midnight UTC); "" when unknown. */
export function resetDateText(resetTime: number, dateFormat: string, locale: string): string {
  return resetTime > 0 ? dayjs.utc(resetTime * 1000).locale(locale).format(dateFormat) : '';
}

function shownForm(gameData: GameData, form: number, lang?: string): string {
  const name = form ? gameData.formName(form, lang) : '';
  return /^normal$/i.test(name) ? '' : name;
}

function fullName(name: string, form: string): string {
  return form ? `${name} ${form}` : name;
}

/** One decimal at most, as a number (12.345 → 12.3). */
function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

export function nestView(input: NestEnrichInput): View {
  const { event, gameData } = input;
  const info = gameData.pokemon(event.pokemonId, event.form);
  const form = shownForm(gameData, event.form);
  const typeIds = info.types.map((t) => t.id);
  const computed: Record<string, unknown> = {
    nestId: event.nestId,
    nestName: event.nestName,
    pokemonId: event.pokemonId,
    id: event.pokemonId,
    formId: event.form,
    name: info.name,
    nameEng: info.name,
    formName: form,
    formNameEng: form,
    fullName: fullName(info.name, form),
    fullNameEng: fullName(info.name, form),
    types: typeIds,
    typeName: info.types.map((t) => t.name).join(', '),
    color: gameData.type(typeIds[0] ?? 0).color,
    emojiString: '',
    creatureSpawnAvg: oneDecimal(event.pokemonAvg),
    pokemonSpawnAvg: oneDecimal(event.pokemonAvg),
    pokemonCount: event.pokemonCount,
    pokemonRatio: event.pokemonRatio,
    resetTime: event.resetTime,
    resetDate: resetDateText(event.resetTime, input.dateFormat, input.locale),
    ...input.images,
  };
  return { ...event.raw, ...computed };
}

export function nestLanguageView(event: NestEvent, gameData: GameData, scope: ViewScope): View {
  const lang = scope.language;
  const info = gameData.pokemon(event.pokemonId, event.form);
  const name = gameData.pokemonName(event.pokemonId, lang);
  const form = shownForm(gameData, event.form, lang);
  const typeIds = info.types.map((t) => t.id);
  return {
    name,
    formName: form,
    fullName: fullName(name, form),
    typeName: typeIds.map((id) => gameData.typeName(id, lang)).join(', '),
    emojiString: typeIds.map((id) => gameData.emoji(gameData.type(id).emojiKey, scope.platform)).join(''),
  };
}
