/**
 * The `invasion` table in the HTTP API (type `invasion`): `grunt_type` is required ("Grunt type mandatory") and
 * stored as the lower-case word the matcher compares — `everything`, `boss`, a word the `incident` command
 * knows (pokemon types in English or the server's locale, `metal` = steel, `mixed`, leaders, stop events…), a
 * grunt type of the game data, `event-<n>` — or a grunt id the game data knows, stored as its grunt type's word.
 * Anything else is refused: no invasion would ever match it. `gender` 0 (any), 1 male, 2 female.
 */
import type { ApiItem } from '../../core/tracking/api-item.ts';
import type { TrackingApiContext, TrackingApiSpec } from '../../core/tracking/api-spec.ts';
import { readGruntType } from './commands/parse.ts';
import { gruntsOf } from './gamedata/grunts.ts';
import { gruntTypeKey } from './grunt-type.ts';
import { ANY_BOSS, ANY_GRUNT } from './rule.ts';

const MANDATORY = 'Grunt type mandatory';
/** the word of a stop event the game data does not name (see gruntTypeKey) */
const UNNAMED_EVENT = /^event-\d+$/;
const GRUNT_ID = /^\d+$/;
/** a display type that is no stop event: a grunt id means the character itself */
const GRUNT_DISPLAY = 1;

/** `grunt_type` as sent → the word stored, or null when no invasion would match it. */
function gruntWord(text: string, ctx: TrackingApiContext): string | null {
  const word = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (word === ANY_GRUNT || word === ANY_BOSS || UNNAMED_EVENT.test(word)) return word;
  const { gameData } = ctx;
  if (GRUNT_ID.test(word)) {
    const grunt = gruntsOf(gameData).grunt(Number(word));
    return grunt.known ? gruntTypeKey(grunt, GRUNT_DISPLAY) : null;
  }
  const named = readGruntType(word, gameData, ctx.config.general.locale);
  if (named !== null) return named;
  return gruntsOf(gameData).all().some((g) => g.type.toLowerCase() === word) ? word : null;
}

function gruntTypeOf(item: ApiItem, ctx: TrackingApiContext): string {
  const raw = item.raw('grunt_type');
  if (typeof raw !== 'string' && typeof raw !== 'number') {
    if (raw === undefined || raw === null) item.refuse('grunt_type', MANDATORY);
    item.fail('grunt_type', 'a grunt type (text) or a grunt id');
  }
  const text = String(raw);
  if (text.trim() === '') item.refuse('grunt_type', MANDATORY);
  const word = gruntWord(text, ctx);
  if (word === null) {
    item.refuse('grunt_type', `Unrecognised grunt_type value "${text.trim()}": everything, boss, a pokemon type, mixed, darkness, gruntb, decoy, a leader, gold-stop, kecleon, showcase or a grunt id`);
  }
  return word;
}

export const invasionApi: TrackingApiSpec = {
  type: 'invasion',
  draft: (item, ctx) => [{ grunt_type: gruntTypeOf(item, ctx), gender: item.int('gender', 0, { min: 0, max: 2 }) }],
};
