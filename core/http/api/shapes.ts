/**
 * Records as the API answers them: the column names and encodings existing clients read (PoracleWeb):
 * flags as 0/1, area lists as JSON text, dates as ISO strings.
 */
import type { Human, NamedLocation, Profile } from '../../model.ts';

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);
const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
const jsonOrNull = (list: readonly string[] | null): string | null => (list === null ? null : JSON.stringify(list));

export function humanShape(h: Human): Record<string, unknown> {
  return {
    id: h.id,
    type: h.type,
    name: h.name,
    enabled: flag(h.enabled),
    area: JSON.stringify(h.area),
    latitude: h.latitude,
    longitude: h.longitude,
    fails: h.fails,
    last_checked: iso(h.lastChecked),
    language: h.language,
    admin_disable: flag(h.adminDisable),
    disabled_date: iso(h.disabledDate),
    current_profile_no: h.currentProfileNo,
    community_membership: JSON.stringify(h.communityMembership),
    area_restriction: jsonOrNull(h.areaRestriction),
    notes: h.notes,
    blocked_alerts: jsonOrNull(h.blockedAlerts),
  };
}

export function profileShape(p: Profile): Record<string, unknown> {
  return {
    uid: p.uid,
    id: p.id,
    profile_no: p.profileNo,
    name: p.name,
    area: JSON.stringify(p.area),
    latitude: p.latitude,
    longitude: p.longitude,
    active_hours: p.activeHours,
  };
}

export function locationShape(l: NamedLocation): Record<string, unknown> {
  return { uid: l.uid, id: l.humanId, label: l.label, latitude: l.latitude, longitude: l.longitude };
}
