/**
 * The nest variables: once per event in English (`nestView`), then names and emoji per recipient language and
 * platform (`nestLanguageView`), with the names the previous generations gave the same values (`nest_name`,
 * `formNormalised`, `distime`…; README.md) in the same objects. As in the previous generations a nest's
 * template end is a week after its reset (`disappearTime`, `time`, `tth*`). The webhook's own fields are kept
 * underneath for older templates.
 */
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat.js';
import utc from 'dayjs/plugin/utc.js';
import type { View, ViewScope } from '../../core/contract.ts';
import type { EventClock } from '../../core/enrich/event-clock.ts';
import { mapPosition } from '../../core/enrich/map-position.ts';
import type { MapSiteLinks } from '../../core/enrich/map-sites.ts';
import { secondsLeft, timeLeft } from '../../core/enrich/time.ts';
import { speciesFacts, type GameData } from '../../core/gamedata/index.ts';
import type { LatLon } from '../../core/geo/fence.ts';
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
  /** formats the reset and the end in the park's zone ([locale] time and date) */
  readonly clock: EventClock;
  /** unix ms now */
  readonly now: number;
  /** links to the nest on the configured scanner map sites */
  readonly mapLinks: MapSiteLinks;
  /** a shiny of the species was seen lately (the core's shiny rates) */
  readonly shinyPossible: boolean;
}

/** the nest's end as templates of the previous generations saw it: a week after the reset */
const SHOWN_LIFETIME_S = 7 * 24 * 3600;

/** The points of the webhook's `poly_path` (JSON text of one polygon or of several), none when unreadable. */
export function polygonPoints(polyPath: unknown): LatLon[] {
  if (typeof polyPath !== 'string' || polyPath === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(polyPath);
  } catch {
    return [];
  }
  const points: LatLon[] = [];
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number') points.push([value[0], value[1]]);
    else for (const item of value) visit(item);
  };
  visit(parsed);
  return points;
}

/** where a static map of the park looks: centre and zoom of its polygon, else of its spot */
function parkFrame(event: NestEvent): Record<string, unknown> {
  const points = polygonPoints(event.raw['poly_path']);
  const at = mapPosition(points.length > 0 ? points : [[event.latitude, event.longitude]]);
  return at ? { ...at } : { zoom: '', map_latitude: '', map_longitude: '' };
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
  const { event, gameData, clock } = input;
  const info = gameData.pokemon(event.pokemonId, event.form);
  const form = shownForm(gameData, event.form);
  const typeIds = info.types.map((t) => t.id);
  const zone = clock.zoneAt(event.latitude, event.longitude);
  const ends = event.resetTime > 0 ? event.resetTime + SHOWN_LIFETIME_S : 0;
  const endsAt = clock.time(ends, zone);
  const left = timeLeft(secondsLeft(ends ? ends * 1000 : null, input.now));
  const computed: Record<string, unknown> = {
    nestId: event.nestId,
    nestName: event.nestName,
    nest_name: event.nestName,
    pokemonId: event.pokemonId,
    id: event.pokemonId,
    formId: event.form,
    name: info.name,
    nameEng: info.name,
    formName: form,
    formNameEng: form,
    formNormalised: form,
    formNormalisedEng: form,
    fullName: fullName(info.name, form),
    fullNameEng: fullName(info.name, form),
    types: typeIds,
    typeName: info.types.map((t) => t.name).join(', '),
    typeNameEng: info.types.map((t) => t.name),
    color: gameData.type(typeIds[0] ?? 0).color,
    emojiString: '',
    typeEmoji: '',
    creatureSpawnAvg: oneDecimal(event.pokemonAvg),
    pokemonSpawnAvg: oneDecimal(event.pokemonAvg),
    pokemonCount: event.pokemonCount,
    pokemonRatio: event.pokemonRatio,
    shinyPossible: input.shinyPossible,
    shinyPossibleEmoji: '',
    resetTime: clock.time(event.resetTime, zone),
    resetDate: resetDateText(event.resetTime, input.dateFormat, input.locale),
    resetTimestamp: event.resetTime || '',
    disappearTime: endsAt,
    distime: endsAt,
    disappearDate: clock.date(ends, zone),
    time: endsAt,
    tth: left,
    tthd: left.days,
    tthh: left.hours,
    tthm: left.minutes,
    tths: left.seconds,
    ...parkFrame(event),
    ...input.mapLinks,
    ...input.images,
  };
  return { ...event.raw, ...computed };
}

/** `shinyPossible` is the base view's. */
export function nestLanguageView(event: NestEvent, gameData: GameData, scope: ViewScope, shinyPossible = false): View {
  const lang = scope.language;
  const info = gameData.pokemon(event.pokemonId, event.form);
  const name = gameData.pokemonName(event.pokemonId, lang);
  const form = shownForm(gameData, event.form, lang);
  const typeIds = info.types.map((t) => t.id);
  const facts = speciesFacts(gameData, event.pokemonId, event.form, lang, scope.platform);
  const emojiString = facts.typeEmojiList.join('');
  return {
    name,
    formName: form,
    formNormalised: form,
    fullName: fullName(name, form),
    typeName: typeIds.map((id) => gameData.typeName(id, lang)).join(', '),
    emojiString,
    typeEmoji: emojiString,
    emoji: facts.typeEmojiList,
    boostingWeathersEmoji: facts.boostingWeathersEmoji,
    shinyPossibleEmoji: shinyPossible ? gameData.emoji('shiny', scope.platform) : '',
  };
}
