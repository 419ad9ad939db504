/**
 * Small builders for the enricher tests: a configuration with overrides, fences, matches, and a located
 * alert plugin (webhook type `spot`: {id, lat, lon, expires, title?}).
 */
import { type Config } from '../../../core/config/index.ts';
import { configFromObject } from '../../helpers/config.ts';
import { defineAlertPlugin, type Match } from '../../../core/contract.ts';
import { human } from '../../helpers/humans.ts';
import type { Human } from '../../../core/model.ts';
import { fence } from '../../helpers/fences.ts';

export function configWith(sections: Record<string, Record<string, unknown>>): Config {
  return configFromObject(sections, 'test').config;
}

export { fence };

export function matchFor(who: Partial<Human> & { id?: string } = {}, extra: Partial<Match> = {}): Match {
  return { human: human(who.id ?? 'alice', who), table: 't', ruleUid: 1, alertType: 'spot', templateId: null, ping: '', clean: 0, ...extra };
}

export interface Spot {
  readonly id: string;
  readonly lat: number;
  readonly lon: number;
  readonly expires: number;
  readonly title: string;
}

export const SPOT_TABLE = 'test_spots';

/** Every active rule of `test_spots` matches; the plugin's view sets `title` and overrides `areas`. */
export function spotPlugin() {
  return defineAlertPlugin<Spot, undefined>({
    kind: 'alert',
    name: 'spot',
    webhookTypes: ['spot'],
    alertTypes: ['spot'],
    trackingTables: [{ table: SPOT_TABLE }],
    parse(raw) {
      const m = raw as Record<string, unknown>;
      if (typeof m.id !== 'string' || typeof m.lat !== 'number' || typeof m.lon !== 'number') return { ok: false, reason: 'id, lat and lon are required' };
      return { ok: true, event: { id: m.id, lat: m.lat, lon: m.lon, expires: typeof m.expires === 'number' ? m.expires : 0, title: typeof m.title === 'string' ? m.title : '' } };
    },
    expiresAt: (event) => (event.expires ? event.expires * 1000 : null),
    locate: (event) => ({ latitude: event.lat, longitude: event.lon }),
    match(_event, snapshot) {
      return snapshot.activeRules(SPOT_TABLE).flatMap((row): Match[] => {
        const who = snapshot.humans.get(row.id);
        return who ? [{ human: who, table: SPOT_TABLE, ruleUid: row.uid, alertType: 'spot', templateId: null, ping: '', clean: 0 }] : [];
      });
    },
    enrich: (event) => ({ title: event.title, areas: 'plugin areas' }),
  });
}
