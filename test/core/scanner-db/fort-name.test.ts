/**
 * `fortName`, the call alert plugins make to fill in a fort name: the webhook's name is kept unless blank or
 * "Unknown"; then the scanner database's is used when [general] populate_stop_name is on and it has one.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CoreServices } from '../../../core/contract.ts';
import { fortName, lacksName, type FortKind, type NearbyFort, type ScannerDbLookup } from '../../../core/scanner-db/index.ts';
import { configWith } from '../enrich/fixtures.ts';

class Names implements ScannerDbLookup {
  readonly scannerType = 'golbat';
  readonly asked: string[] = [];
  constructor(private readonly known: Readonly<Record<string, string>>) {}
  private answer(kind: FortKind, id: string): Promise<string | null> {
    this.asked.push(`${kind}:${id}`);
    return Promise.resolve(this.known[`${kind}:${id}`] ?? null);
  }
  stopName(id: string) {
    return this.answer('pokestop', id);
  }
  gymName(id: string) {
    return this.answer('gym', id);
  }
  stationName(id: string) {
    return this.answer('station', id);
  }
  async nearby(): Promise<readonly NearbyFort[]> {
    return [];
  }
}

function setupWith(populate: boolean, db: ScannerDbLookup | null) {
  const services = { scannerDb: () => db } as unknown as CoreServices;
  return { config: configWith({ general: { populate_stop_name: populate } }), services };
}

test('lacksName: blank and the scanners\' "Unknown" lack a name', () => {
  assert.deepEqual(['', '  ', 'Unknown', null, undefined, 'Fountain'].map(lacksName), [true, true, true, true, true, false]);
});

test('a missing name comes from the scanner database, by the kind of fort', async () => {
  const names = new Names({ 'pokestop:s1': 'Old Fountain', 'gym:g1': 'Town Hall', 'station:m1': 'Farm Park' });
  const setup = setupWith(true, names);
  assert.equal(await fortName(setup, 'pokestop', 's1', 'Unknown'), 'Old Fountain');
  assert.equal(await fortName(setup, 'gym', 'g1', ''), 'Town Hall');
  assert.equal(await fortName(setup, 'station', 'm1', ''), 'Farm Park');
  assert.deepEqual(names.asked, ['pokestop:s1', 'gym:g1', 'station:m1']);
});

test('a name the webhook gave is kept without a lookup; an unknown fort keeps what was given', async () => {
  const names = new Names({ 'pokestop:s1': 'From The Database' });
  const setup = setupWith(true, names);
  assert.equal(await fortName(setup, 'pokestop', 's1', 'From The Webhook'), 'From The Webhook');
  assert.deepEqual(names.asked, []);
  assert.equal(await fortName(setup, 'pokestop', 'nope', 'Unknown'), 'Unknown');
});

test('populate_stop_name off, or no scanner database: the given name at once', async () => {
  const names = new Names({ 'pokestop:s1': 'Old Fountain' });
  assert.equal(await fortName(setupWith(false, names), 'pokestop', 's1', ''), '');
  assert.deepEqual(names.asked, []);
  assert.equal(await fortName(setupWith(true, null), 'pokestop', 's1', 'Unknown'), 'Unknown');
});
