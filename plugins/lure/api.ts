/**
 * The `lures` table in the HTTP API (type `lure`): `lure_id` 0 (any lure) or one of the lure items 501–506;
 * the previous generation refuses anything else with "Unrecognised lure_id value".
 */
import type { TrackingApiSpec } from '../../core/tracking/api-spec.ts';
import { LURE_IDS } from './lures.ts';
import { ANY_LURE } from './match.ts';

export const lureApi: TrackingApiSpec = {
  type: 'lure',
  draft: (item) => [{ lure_id: item.oneOf('lure_id', [ANY_LURE, ...LURE_IDS], ANY_LURE, `${ANY_LURE} (any) or ${LURE_IDS.join(', ')} (Unrecognised lure_id value)`) }],
};
