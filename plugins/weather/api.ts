/**
 * The `weather` table in the HTTP API (type `weather`; the previous generations had no such route):
 * `condition` 0 (any change) or 1–7 (a number, or a name the `weather` command knows: `rain`, `partlycloudy`…),
 * `cell` '' (any cell in the human's areas; `0` and '' both mean it, as the matcher reads them) or a level-10
 * S2 cell id as decimal text, stored in its canonical decimal form. A cell id beyond JSON's exact integers must
 * come as text (as a number it has already lost digits). The table has no distance or per-rule override columns
 * (a rule follows the human's areas, or its cell) and an integer template, which the spec declares to the core.
 */
import type { ApiItem } from '../../core/tracking/api-item.ts';
import type { TrackingApiContext, TrackingApiSpec } from '../../core/tracking/api-spec.ts';
import { WEATHER_CELL_LEVEL } from '../../core/geo/index.ts';
import { CONDITION_IDS, conditionOf } from './commands/parse.ts';
import { isAnyCell } from './rule.ts';

/** condition 0: any change */
const ANY_CONDITION = 0;
const CONDITIONS: readonly number[] = [ANY_CONDITION, ...CONDITION_IDS];
const CONDITION_EXPECTED = `one of ${CONDITIONS.join(', ')} (${ANY_CONDITION} = any change) or a weather name`;

/** S2: the deepest level, and the six cube faces in the top three bits of a 64-bit id */
const S2_MAX_LEVEL = 30;
const S2_FACES = 6n;
const UINT64_MAX = (1n << 64n) - 1n;
/** the lowest set bit of every level-10 cell id; the bits below it are clear */
const WEATHER_CELL_SENTINEL = 1n << BigInt(2 * (S2_MAX_LEVEL - WEATHER_CELL_LEVEL));
const CELL_EXPECTED = 'a level-10 S2 cell id as decimal text (e.g. "5170709059331571712"), or "" / 0 for any cell in your areas';

/** whether `id` is a level-10 S2 cell id */
function isWeatherCell(id: bigint): boolean {
  return id <= UINT64_MAX && id >> 61n < S2_FACES && id % (WEATHER_CELL_SENTINEL << 1n) === WEATHER_CELL_SENTINEL;
}

function conditionOfItem(item: ApiItem, ctx: TrackingApiContext): number {
  const raw = item.raw('condition');
  if (typeof raw === 'string' && /[^\d\s]/.test(raw)) {
    const named = conditionOf(raw, ctx.gameData, ctx.config.general.locale);
    return named ?? item.fail('condition', CONDITION_EXPECTED);
  }
  return item.oneOf('condition', CONDITIONS, ANY_CONDITION, CONDITION_EXPECTED);
}

function cellOf(item: ApiItem): string {
  const raw = item.raw('cell');
  if (raw === undefined || raw === null) return '';
  if (typeof raw === 'number' && Number.isInteger(raw) && !Number.isSafeInteger(raw)) return item.fail('cell', `${CELL_EXPECTED}; a number this large has lost digits, send it as text`);
  const text = typeof raw === 'number' || typeof raw === 'string' ? String(raw).trim() : item.fail('cell', CELL_EXPECTED);
  if (isAnyCell(text)) return '';
  if (!/^\d{1,20}$/.test(text)) return item.fail('cell', CELL_EXPECTED);
  const id = BigInt(text);
  if (id === 0n) return '';
  return isWeatherCell(id) ? id.toString() : item.fail('cell', CELL_EXPECTED);
}

export const weatherApi: TrackingApiSpec = {
  type: 'weather',
  noReach: true,
  numericTemplate: true,
  draft: (item, ctx) => [{ condition: conditionOfItem(item, ctx), cell: cellOf(item) }],
};
