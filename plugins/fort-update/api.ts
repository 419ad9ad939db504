/**
 * The `forts` table in the HTTP API (type `fort`): `fort_type` pokestop, gym or everything (the default; `stop`
 * reads as pokestop, `station` is refused as PoracleNG's API refuses it), `include_empty` 0, `change_types` a
 * list (or its JSON text) of the change kinds the matcher knows (`photo` is stored as `image_url`), stored as
 * the `fort` command stores it: sorted JSON text, `[]` = every change. The table has no clean column; a `clean`
 * sent is read and not stored, as the command does. A POST may change distance or template in place.
 */
import type { ApiItem } from '../../core/tracking/api-item.ts';
import type { TrackingApiSpec } from '../../core/tracking/api-spec.ts';
import { looseStringList } from '../../core/http/api/loose-json.ts';
import { CHANGE_WORDS, FORT_TYPE_WORDS } from './commands/parse.ts';
import { ANY_FORT } from './rule.ts';

/** the fort type the API does not write */
const STATION = 'station';

/** every word of `fort_type` → the stored value */
const FORT_TYPES: ReadonlyMap<string, string> = new Map([...[...FORT_TYPE_WORDS].filter(([, type]) => type !== STATION), [ANY_FORT, ANY_FORT]]);
const STORED_FORT_TYPES = [...new Set(FORT_TYPES.values())];

/** every word of `change_types` → the stored kind: the command's words and the stored kinds themselves */
const CHANGE_KINDS: ReadonlyMap<string, string> = new Map([...CHANGE_WORDS, ...[...CHANGE_WORDS.values()].map((kind): [string, string] => [kind, kind])]);
const STORED_KINDS = [...new Set(CHANGE_KINDS.values())];

function fortTypeOf(item: ApiItem): string {
  const raw = item.raw('fort_type');
  if (raw === undefined || raw === null) return ANY_FORT;
  const expected = `one of ${STORED_FORT_TYPES.join(', ')}`;
  if (typeof raw !== 'string') return item.fail('fort_type', expected);
  const word = raw.trim().toLowerCase();
  if (word === '') return ANY_FORT;
  const type = FORT_TYPES.get(word);
  if (type !== undefined) return type;
  if (word === STATION) item.refuse('fort_type', 'station rules cannot be set through the API (pokestop, gym or everything)');
  return item.fail('fort_type', expected);
}

function changeTypesOf(item: ApiItem): string {
  const listed = looseStringList(item.raw('change_types'), item.label('change_types')) ?? [];
  const kinds = listed.map((entry, i) => {
    const kind = CHANGE_KINDS.get(entry.trim().toLowerCase());
    return kind ?? item.fail(`change_types[${i}]`, `one of ${STORED_KINDS.join(', ')}`);
  });
  return JSON.stringify([...new Set(kinds)].sort());
}

export const fortApi: TrackingApiSpec = {
  type: 'fort',
  noClean: true,
  updatable: ['distance', 'template'],
  draft(item) {
    item.ignore('clean');
    return [{ fort_type: fortTypeOf(item), include_empty: item.flag('include_empty'), change_types: changeTypesOf(item) }];
  },
};
