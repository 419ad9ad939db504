/**
 * Small builders for domain records in tests.
 */
import type { Human, TrackingRow } from '../../core/model.ts';

export function human(id: string, overrides: Partial<Human> = {}): Human {
  return {
    id,
    type: 'test:user',
    name: `user ${id}`,
    enabled: true,
    area: [],
    latitude: 0,
    longitude: 0,
    fails: 0,
    lastChecked: null,
    language: null,
    adminDisable: false,
    disabledDate: null,
    currentProfileNo: 1,
    communityMembership: [],
    areaRestriction: null,
    notes: '',
    blockedAlerts: null,
    ...overrides,
  };
}

let uid = 0;
export function sightingRule(id: string, species: number, extra: Record<string, unknown> = {}): TrackingRow {
  return { uid: ++uid, id, profile_no: 1, species, template: null, ping: '', clean: 0, ...extra };
}
