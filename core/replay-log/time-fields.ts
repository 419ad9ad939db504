/**
 * The time fields of scanner payloads (Golbat, RDM and the older spellings the alert plugins read), by webhook
 * type: every field that marks a start, an end, an expiry or a last sighting, as the replay moves them to the
 * present. A path names a field of the message, `list[].field` the field of every element of a list. Types not
 * listed use OTHER_TYPES (the top-level names of every list).
 */

/** the fields a pokestop's incident (invasion) carries, also in `invasion` webhooks */
const INCIDENT = ['incident_expiration', 'incident_expire_timestamp', 'expiration', 'start', 'incident_start', 'updated'] as const;
/** a gym's own times (gym and gym_details), the raid times some scanners put on it, its defenders' deploy time */
const GYM = ['last_modified', 'updated', 'power_up_end_timestamp', 'raid_spawn_timestamp', 'raid_battle_timestamp', 'raid_end_timestamp', 'defenders[].deployed_time'] as const;

export const TIME_FIELDS: Readonly<Record<string, readonly string[]>> = {
  pokemon: ['disappear_time', 'first_seen', 'last_modified_time', 'expire_timestamp', 'updated'],
  raid: ['spawn', 'start', 'end', 'raid_end', 'battle_end', 'updated', 'rsvps[].timeslot'],
  pokestop: ['lure_expiration', 'last_modified', 'power_up_end_timestamp', 'showcase_expiry', ...INCIDENT],
  invasion: [...INCIDENT],
  gym: GYM,
  gym_details: GYM,
  max_battle: ['start_time', 'end_time', 'battle_start', 'battle_end', 'updated'],
  quest: ['updated'],
  weather: ['updated', 'time_changed'],
  nest: ['reset_time', 'updated'],
  // fort_update carries no time of its own
  fort_update: [],
};

/** for a webhook type the table does not know: every top-level time field name above */
export const OTHER_TYPES: readonly string[] = [...new Set(Object.values(TIME_FIELDS).flat().filter((path) => !path.includes('[]')))].sort();

export function timeFieldsOf(type: string): readonly string[] {
  return TIME_FIELDS[type] ?? OTHER_TYPES;
}
