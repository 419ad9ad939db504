/**
 * What a raid alert is about, for edits in place and reply chains (AlertPlugin.editKey): the gym and the raid's end,
 * the same for the egg and the boss hatching from it and for every RSVP update, remembered until the raid ends (not
 * the hatch, so the boss can still edit or reply to the egg's message). An RSVP update that follows up a recipient's
 * earlier message as a reply renders the compact `raidRsvp` template.
 */
import type { EditKey } from '../../core/contract.ts';
import type { RaidEvent } from './event.ts';

/** the alert type of an RSVP update sent as a reply to the recipient's earlier raid or egg message */
export const RSVP_UPDATE_TYPE = 'raidRsvp';

export function raidEditKey(event: RaidEvent, rsvpUpdate: boolean): EditKey {
  const key = `raid:${event.gymId}:${event.end}`;
  const until = event.end * 1000;
  return rsvpUpdate ? { key, until, followUpAlertType: RSVP_UPDATE_TYPE } : { key, until };
}
