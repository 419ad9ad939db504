/**
 * The forecast notice of a pokemon on the map until some time (a wild sighting, a raid boss): `weatherChange`,
 * `weatherCurrent*`, `weatherNext*`, `weatherChangeTime`, decided as the previous generations did: only when it
 * stays past the start of the next hour, the next hour's forecast condition is known and differs from the weather
 * now (or from the current hour's forecast), and the change turns its weather boost on or off. The forecast is
 * the core's (service.ts, filled in the background): a cell without one gives no notice.
 */
import type { ServiceTexts } from '../service-texts.ts';
import type { EventClock } from '../enrich/event-clock.ts';
import type { GameData } from '../gamedata/index.ts';
import type { HourPair } from './service.ts';

/** What the notice is decided on. */
export interface BoostSubject {
  /** the pokemon's type ids */
  readonly typeIds: readonly number[];
  /** the weather it is seen in now (a sighting's boost, a gym cell's weather), 0 unknown */
  readonly weather: number;
  /** unix seconds it leaves the map (0 unknown) */
  readonly endsAt: number;
}

const HOUR_S = 3600;

/** What the event view carries: weather ids (0: unknown current) and the start of the changing hour (unix s). */
export interface ForecastChange {
  readonly weatherCurrent: number;
  readonly weatherNext: number;
  readonly changeHour: number;
}

/** The variables without a notice. */
export const NO_FORECAST_VARIABLES = Object.freeze({
  weatherChange: '',
  weatherCurrent: '',
  weatherCurrentName: '',
  weatherCurrentEmoji: '',
  weatherNext: '',
  weatherNextName: '',
  weatherNextEmoji: '',
  weatherChangeTime: '',
});

function boostedIn(gameData: GameData, typeIds: ReadonlySet<number>, condition: number): boolean {
  return condition > 0 && gameData.weather(condition).boostedTypes.some((t) => typeIds.has(t.id));
}

/** Whether it stays past the start of the next hour (only then is a forecast worth reading). */
export function staysPastTheHour(endsAt: number, nowMs: number): boolean {
  const nowS = Math.floor(nowMs / 1000);
  return endsAt > nowS - (nowS % HOUR_S) + HOUR_S;
}

/** The foreseen boost change, null when none is foreseen (or no forecast is known). */
export function forecastChange(gameData: GameData, subject: BoostSubject, forecast: HourPair | null, nowMs: number): ForecastChange | null {
  if (!forecast || forecast.next === 0 || !subject.endsAt || !staysPastTheHour(subject.endsAt, nowMs)) return null;
  const { current, next } = forecast;
  const types = new Set(subject.typeIds);
  const boost = subject.weather;
  const shouldBeBoosted = boostedIn(gameData, types, current);
  const mayChange = (boost > 0 && next !== boost) || (current > 0 && next !== current) || (shouldBeBoosted && boost === 0);
  if (!mayChange) return null;
  const willBeBoosted = boostedIn(gameData, types, next);
  if (!((boost > 0 && !willBeBoosted) || (boost === 0 && willBeBoosted))) return null;
  const weatherCurrent = shouldBeBoosted && boost === 0 ? 0 : boost > 0 ? boost : current;
  return { weatherCurrent, weatherNext: next, changeHour: subject.endsAt - (subject.endsAt % HOUR_S) };
}

/** `[locale] time` without its seconds (`14:00:00` → `14:00`, `2:00:00 PM` → `2:00 PM`), as the notice shows it. */
export function changeTimeText(clock: EventClock, unixSeconds: number, zone: string, timeFormat: string): string {
  const text = clock.time(unixSeconds, zone);
  const showsSeconds = /LTS|s/.test(timeFormat.replace(/\[[^\]]*\]/g, ''));
  return showsSeconds ? text.replace(/:\d{2}(?=\D*$)/, '') : text;
}

/** The event view's part (English names, no emoji: the language layer adds them). */
export function forecastVariables(gameData: GameData, change: ForecastChange | null, changeTime: string): Record<string, unknown> {
  if (!change) return { ...NO_FORECAST_VARIABLES };
  return {
    ...NO_FORECAST_VARIABLES,
    weatherCurrent: change.weatherCurrent,
    weatherCurrentName: change.weatherCurrent ? gameData.weatherName(change.weatherCurrent) : 'unknown',
    weatherNext: change.weatherNext,
    weatherNextName: gameData.weatherName(change.weatherNext),
    weatherChangeTime: changeTime,
  };
}

/** The notice's own words, translated through the service's texts (fallbacks/locale has them in every bundled language). */
export const FORECAST_NOTICE_TEXTS = { changeAt: 'Possible weather change at', unknown: 'unknown' } as const;

/** The language layer's part: the names and emoji in the recipient's language and platform, and the notice. */
export function forecastLanguageVariables(gameData: GameData, texts: ServiceTexts, view: Readonly<Record<string, unknown>>, lang: string, platform: string): Record<string, string> {
  const next = typeof view['weatherNext'] === 'number' ? view['weatherNext'] : 0;
  if (next === 0) return {};
  const current = typeof view['weatherCurrent'] === 'number' ? view['weatherCurrent'] : 0;
  const time = typeof view['weatherChangeTime'] === 'string' ? view['weatherChangeTime'] : '';
  const prefix = `⚠️ ${texts.translate(FORECAST_NOTICE_TEXTS.changeAt, lang)} ${time} :`;
  const nextName = gameData.weatherName(next, lang);
  const nextEmoji = gameData.emoji(gameData.weather(next).emojiKey, platform);
  const currentName = current ? gameData.weatherName(current, lang) : texts.translate(FORECAST_NOTICE_TEXTS.unknown, lang);
  const currentEmoji = current ? gameData.emoji(gameData.weather(current).emojiKey, platform) : '❓';
  return {
    weatherChange: current ? `${prefix} ${currentName} ${currentEmoji} ➡️ ${nextName} ${nextEmoji}` : `${prefix} ➡️ ${nextName} ${nextEmoji}`,
    weatherCurrentName: currentName,
    weatherCurrentEmoji: currentEmoji,
    weatherNextName: nextName,
    weatherNextEmoji: nextEmoji,
  };
}
