/**
 * Nearby stops and gyms on tile server maps ([geocoding] include_stops): the common enricher posts the forts of the
 * map's frame as `nearbyStops` (with gym icons and `uiconPokestopUrl`) when the scanner database is open, nothing
 * when the key is off, and the map still goes out when the scanner database cannot answer.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ScannerDatabaseConfig } from '../../../core/config/index.ts';
import type { CoreServices } from '../../../core/contract.ts';
import { createCommonEnricher } from '../../../core/enrich/index.ts';
import { createIconSet } from '../../../core/icons/index.ts';
import type { Icons } from '../../../core/icons/index.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { createScannerKnex } from '../../../core/scanner-db/connect.ts';
import { ScannerDb, type LatLonBox, type NearbyFort, type NearbyKind, type ScannerDbLookup } from '../../../core/scanner-db/index.ts';
import { createScannerDatabase, scannerDatabaseAvailable } from '../../helpers/scanner-database.ts';
import { configWith } from './fixtures.ts';
import { fakeServer } from './fake-server.ts';

const WHERE = { latitude: 51.5, longitude: -0.12 };
const ICONS: Icons = { image: () => createIconSet('https://icons.example/set', 'png', () => null), alt: () => null, sticker: () => null };

class FakeLookup implements ScannerDbLookup {
  readonly scannerType = 'golbat';
  readonly asked: { kind: NearbyKind; box: LatLonBox; limit: number }[] = [];
  constructor(private readonly forts: readonly NearbyFort[]) {}
  async stopName(): Promise<string | null> {
    return null;
  }
  async gymName(): Promise<string | null> {
    return null;
  }
  async stationName(): Promise<string | null> {
    return null;
  }
  async nearby(kind: NearbyKind, box: LatLonBox, limit: number): Promise<readonly NearbyFort[]> {
    this.asked.push({ kind, box, limit });
    return this.forts.filter((f) => f.kind === kind);
  }
}

async function postedBody(geocoding: Record<string, unknown>, scannerDb: ScannerDbLookup | null): Promise<Record<string, unknown>> {
  const tiles = await fakeServer(() => ({ body: 'tile-1' }));
  try {
    const config = configWith({ geocoding: { static_provider: 'tileservercache', static_provider_url: tiles.url, ...geocoding } });
    const services: Pick<CoreServices, 'icons' | 'scannerDb'> = { icons: () => ICONS, scannerDb: () => scannerDb };
    const enricher = createCommonEnricher({ config, log: silentLogger(), rootDir: process.cwd(), services });
    const view = await enricher.eventView({ location: WHERE, expiresAt: null, fences: [], alertType: 'raid', pluginView: { gymName: 'X' }, eventId: 'e1' });
    assert.equal(view.staticMap, `${tiles.url}/staticmap/pregenerated/tile-1`);
    assert.equal(tiles.requests.length, 1);
    return JSON.parse(tiles.requests[0]!.body) as Record<string, unknown>;
  } finally {
    await tiles.close();
  }
}

describe('nearby stops on tile server maps', () => {
  test('include_stops: the frame’s stops and gyms are posted as nearbyStops, gyms with their team, slots and icon', async () => {
    const lookup = new FakeLookup([
      { kind: 'pokestop', id: 's1', name: 'Stop', latitude: 51.5001, longitude: -0.1201 },
      { kind: 'gym', id: 'g1', name: 'Gym', latitude: 51.4999, longitude: -0.1199, teamId: 2, slots: 4 },
    ]);
    const body = await postedBody({ include_stops: true, width: 500, height: 250, zoom: 15 }, lookup);
    assert.equal(body.gymName, 'X', 'the event variables are still there');
    assert.deepEqual(body.nearbyStops, [
      { latitude: 51.5001, longitude: -0.1201, type: 'stop' },
      { latitude: 51.4999, longitude: -0.1199, type: 'gym', teamId: 2, slots: 4, imgUrl: ICONS.image().gym(2, { trainerCount: 2 }) },
    ]);
    assert.equal(body.uiconPokestopUrl, ICONS.image().pokestop());
    assert.deepEqual(lookup.asked.map((a) => a.kind).sort(), ['gym', 'pokestop']);
    const box = lookup.asked[0]!.box;
    assert.ok(box.minLat < WHERE.latitude && WHERE.latitude < box.maxLat && box.minLon < WHERE.longitude && WHERE.longitude < box.maxLon);
    assert.ok(box.maxLon - box.minLon > box.maxLat - box.minLat, 'a 500 × 250 frame is wider than high');
  });

  test('include_stops off (the default): no nearby lookup, no nearbyStops', async () => {
    const lookup = new FakeLookup([{ kind: 'pokestop', id: 's1', name: 'Stop', latitude: 51.5001, longitude: -0.1201 }]);
    const body = await postedBody({}, lookup);
    assert.equal(body.nearbyStops, undefined);
    assert.equal(lookup.asked.length, 0);
  });

  test('a real scanner database: its forts in the frame are sent; an unreachable one leaves the list empty and the map goes out', async (t) => {
    if (!(await scannerDatabaseAvailable(t))) return;
    const scanner = await createScannerDatabase('rdm');
    const db = new ScannerDb({ knex: createScannerKnex(scanner.section() as unknown as ScannerDatabaseConfig, silentLogger()), type: 'rdm', log: silentLogger() });
    const down = new ScannerDb({
      knex: createScannerKnex({ host: '127.0.0.1', port: 1, user: 'root', password: '', database: 'x', type: 'golbat' }, silentLogger()),
      type: 'golbat',
      log: silentLogger(),
    });
    try {
      await scanner.addStop({ id: 'in-frame', name: 'In', lat: 51.5003, lon: -0.1203 });
      await scanner.addStop({ id: 'outside', name: 'Out', lat: 51.6, lon: -0.12 });
      await scanner.addGym({ id: 'gym-in', name: 'Gym', lat: 51.4998, lon: -0.1196, team_id: 1, available_slots: 0 });
      const body = await postedBody({ include_stops: true, width: 500, height: 250, zoom: 15 }, db);
      assert.deepEqual(
        (body.nearbyStops as { type: string; teamId?: number }[]).map((s) => `${s.type}:${s.teamId ?? ''}`),
        ['stop:', 'gym:1'],
      );
      const downBody = await postedBody({ include_stops: true }, down);
      assert.deepEqual(downBody.nearbyStops, []);
    } finally {
      await db.stop();
      await down.stop();
      await scanner.cleanup();
    }
  });
});
