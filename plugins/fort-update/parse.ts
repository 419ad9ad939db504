/**
 * The parse hook: a Golbat `fort_update` webhook (change_type, edit_types and the nested `old`/`new` forts) →
 * FortEvent, or the reason it cannot be used.
 */
import type { ParseOutcome } from '../../core/contract.ts';
import { asPayload, PayloadFields } from '../../core/payload/index.ts';
import type { FortChangeKind, FortChangeType, FortEvent, FortSnapshot, FortType } from './event.ts';

const CHANGE_TYPES: readonly FortChangeType[] = ['new', 'edit', 'removal'];
const FORT_TYPES: readonly FortType[] = ['pokestop', 'gym', 'station'];
const EDIT_TYPES: readonly FortChangeKind[] = ['name', 'description', 'image_url', 'location'];

function nullableText(f: PayloadFields, key: string): string | null {
  const text = f.optionalString(key).trim();
  return text === '' ? null : text;
}

/** One side of the update, or a problem naming the field (prefixed with `side.`). */
function readSnapshot(value: unknown, side: string): FortSnapshot | string | null {
  if (value === undefined || value === null) return null;
  const payload = asPayload(value);
  if (!payload) return `${side} must be an object`;
  const f = new PayloadFields(payload);
  const id = f.requiredString('id');
  const type = f.requiredString('type');
  if (type !== '' && !FORT_TYPES.includes(type as FortType)) f.report(`type must be one of ${FORT_TYPES.join(', ')} (found ${JSON.stringify(type)})`);
  const location = asPayload(f.value('location'));
  let position = { latitude: 0, longitude: 0 };
  if (!location) f.report('location must be an object with lat and lon');
  else {
    const at = new PayloadFields(location);
    position = at.coordinates('lat', 'lon');
    if (at.problem) f.report(`location.${at.problem}`);
  }
  const snapshot: FortSnapshot = {
    id,
    type: type as FortType,
    name: nullableText(f, 'name'),
    description: nullableText(f, 'description'),
    imageUrl: nullableText(f, 'image_url'),
    ...position,
  };
  return f.problem ? `${side}.${f.problem}` : snapshot;
}

function readEditTypes(f: PayloadFields): FortChangeKind[] {
  const raw = f.value('edit_types');
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || !raw.every((t) => typeof t === 'string')) {
    f.report('edit_types must be an array of strings');
    return [];
  }
  return (raw as string[]).filter((t): t is FortChangeKind => EDIT_TYPES.includes(t as FortChangeKind));
}

export function parseFortUpdate(raw: unknown): ParseOutcome<FortEvent> {
  const payload = asPayload(raw);
  if (!payload) return { ok: false, reason: 'fort_update message must be an object' };
  const f = new PayloadFields(payload);
  const changeType = f.requiredString('change_type');
  if (changeType !== '' && !CHANGE_TYPES.includes(changeType as FortChangeType)) {
    f.report(`change_type must be one of ${CHANGE_TYPES.join(', ')} (found ${JSON.stringify(changeType)})`);
  }
  const editTypes = readEditTypes(f);
  if (f.problem) return { ok: false, reason: f.problem };
  const old = readSnapshot(f.value('old'), 'old');
  if (typeof old === 'string') return { ok: false, reason: old };
  const now = readSnapshot(f.value('new'), 'new');
  if (typeof now === 'string') return { ok: false, reason: now };
  const current = now ?? old;
  if (!current) return { ok: false, reason: 'fort_update must carry old or new' };
  return {
    ok: true,
    event: {
      changeType: changeType as FortChangeType,
      editTypes,
      old,
      new: now,
      fortId: current.id,
      fortType: current.type,
      latitude: current.latitude,
      longitude: current.longitude,
    },
  };
}
