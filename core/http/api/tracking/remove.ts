/**
 * Removes a human's rules of one served table by uid (any profile). Unknown uids refuse the whole request
 * with a 404 before anything is deleted; the removed rows come back for the confirmation.
 */
import type { Human, TrackingRow } from '../../../model.ts';
import { LookoutError } from '../../../errors.ts';
import type { ServedTable, TrackingApiDeps } from './deps.ts';

export async function removeRules(deps: TrackingApiDeps, human: Human, served: ServedTable, uids: readonly number[]): Promise<TrackingRow[]> {
  const rows = await deps.stores.rules.list(served.table, human.id);
  const wanted = new Set(uids);
  const doomed = rows.filter((r) => wanted.has(r.uid));
  const missing = [...wanted].filter((uid) => !doomed.some((r) => r.uid === uid));
  if (missing.length > 0) {
    throw new LookoutError('NOT_FOUND', `no ${served.api.type} rule with uid ${missing.join(', ')} for this user`, { uids: missing });
  }
  await deps.stores.rules.deleteByUid(served.table, human.id, doomed.map((r) => r.uid));
  return doomed;
}
