/**
 * Raid webhook parsing: our Golbat-shaped fixtures, RDM and older spellings, malformed items rejected with the
 * field's name, the plugin's own test data, and every raid sample of ../shared/reference/samples (skipped
 * when that folder is absent).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { prepareTestWebhook } from '../../../core/commands/test-webhook.ts';
import { REPO_ROOT } from '../../core/gamedata/support.ts';
import { buildPlugin, eggHook, hookContext, raidHook, type RaidPlugin } from './support.ts';

const SAMPLES_DIR = join(REPO_ROOT, '..', 'shared', 'reference', 'samples');
const SAMPLE_FILES = ['testdata-js.json', 'testdata-ng.json'];

interface Sample {
  readonly type: string;
  readonly test: string;
  readonly webhook: Record<string, unknown>;
}

function raidSamples(): Sample[] {
  return SAMPLE_FILES.filter((f) => existsSync(join(SAMPLES_DIR, f))).flatMap((f) =>
    (JSON.parse(readFileSync(join(SAMPLES_DIR, f), 'utf8')) as Sample[]).filter((s) => s.type === 'raid'),
  );
}

describe('raid parse', () => {
  let plugin: RaidPlugin;
  before(async () => (plugin = await buildPlugin()));

  test('a Golbat raid becomes an event with its boss, gym and times', () => {
    const outcome = plugin.parse(raidHook({ rsvps: [{ timeslot: 1800000900000, going_count: 2, maybe_count: 1 }, { timeslot: 1800000000000, going_count: 5, maybe_count: 0 }] }), hookContext());
    assert.ok(outcome.ok);
    const e = outcome.event;
    assert.deepEqual(
      [e.gymId, e.gymName, e.gymUrl, e.teamId, e.level, e.pokemonId, e.cp, e.move1, e.move2, e.exEligible, e.isExclusive],
      ['a1b2c3d4.16', 'Town Hall Fountain', 'https://images.invalid/gym.png', 2, 5, 150, 54148, 221, 14, true, false],
    );
    assert.deepEqual(
      e.rsvps.map((r) => r.goingCount),
      [5, 2],
      'RSVPs sorted by time slot',
    );
    assert.equal(plugin.alertTypeOf!(e), 'raid');
    assert.equal(plugin.expiresAt!(e), e.end * 1000);
  });

  test('pokemon_id 0 is an egg, counting down to its hatch', () => {
    const outcome = plugin.parse(eggHook(), hookContext());
    assert.ok(outcome.ok);
    assert.equal(plugin.alertTypeOf!(outcome.event), 'egg');
    assert.equal(plugin.expiresAt!(outcome.event), outcome.event.start * 1000);
  });

  test('RDM / MAD spellings: name, url, is_ex_raid_eligible, boolean flags, numeric partner_id', () => {
    const hook = raidHook({ gym_name: undefined, gym_url: undefined, ex_raid_eligible: undefined, name: 'Old Mill', url: 'https://x.invalid/p.png', is_ex_raid_eligible: true, is_exclusive: true, partner_id: 0 });
    const outcome = plugin.parse(hook, hookContext());
    assert.ok(outcome.ok);
    assert.deepEqual([outcome.event.gymName, outcome.event.gymUrl, outcome.event.exEligible, outcome.event.isExclusive], ['Old Mill', 'https://x.invalid/p.png', true, true]);
  });

  test('the dedupe key changes with the RSVPs but not with other repeats', () => {
    const key = (hook: Record<string, unknown>): string => {
      const o = plugin.parse(hook, hookContext());
      assert.ok(o.ok);
      return plugin.dedupeKey!(o.event) as string;
    };
    assert.equal(key(raidHook()), key(raidHook({ cp: 1 })));
    assert.notEqual(key(raidHook()), key(raidHook({ rsvps: [{ timeslot: 1, going_count: 1, maybe_count: 0 }] })));
    assert.notEqual(key(raidHook()), key(eggHook()));
  });

  test('malformed items are rejected with the field that is wrong', () => {
    const cases: [Record<string, unknown> | unknown, RegExp][] = [
      [[1, 2], /must be an object/],
      [raidHook({ gym_id: undefined }), /^gym_id must be a non-empty string/],
      [raidHook({ latitude: 'north' }), /^latitude must be a number/],
      [raidHook({ level: 0 }), /^level must be an integer from 1/],
      [raidHook({ end: undefined }), /^end must be an integer/],
      [raidHook({ team_id: 7 }), /^team_id must be an integer from 0 to 3/],
      [raidHook({ rsvps: 'lots' }), /^rsvps must be an array or null/],
      [raidHook({ rsvps: [{ going_count: 1 }] }), /^rsvps\[0\]\.timeslot must be an integer/],
      [raidHook({ start: 2000000000 }), /^end must not be before start/],
    ];
    for (const [hook, reason] of cases) {
      const outcome = plugin.parse(hook, hookContext());
      assert.equal(outcome.ok, false, JSON.stringify(hook).slice(0, 80));
      if (!outcome.ok) assert.match(outcome.reason, reason);
    }
  });

  test('every test-data webhook of the plugin parses', () => {
    assert.equal(plugin.testData?.kind, 'raid');
    const tests = plugin.testData!.webhooks;
    assert.ok(tests.length >= 3);
    for (const sample of tests) {
      assert.equal(sample.type, 'raid');
      const outcome = plugin.parse(sample.webhook, hookContext());
      assert.ok(outcome.ok, `${sample.test}: ${outcome.ok ? '' : outcome.reason}`);
    }
  });

  test('service-test makes every test-data raid and egg current: hatch and end in the future', () => {
    const now = 1_900_000_000_000;
    for (const sample of plugin.testData!.webhooks) {
      const outcome = plugin.parse(prepareTestWebhook(sample, { latitude: 1, longitude: 2 }, now, 'fresh'), hookContext());
      assert.ok(outcome.ok, sample.test);
      assert.ok(plugin.expiresAt!(outcome.event)! > now, `${sample.test} counts down to the future`);
    }
  });

  const samples = raidSamples();
  test('every raid sample of the previous generations parses', { skip: samples.length === 0 ? 'no ../shared samples' : false }, () => {
    for (const sample of samples) {
      const outcome = plugin.parse(sample.webhook, hookContext());
      assert.ok(outcome.ok, `${sample.test}: ${outcome.ok ? '' : outcome.reason}`);
      assert.equal(plugin.alertTypeOf!(outcome.event), sample.webhook['pokemon_id'] ? 'raid' : 'egg', sample.test);
      assert.equal(outcome.event.level, sample.webhook['level']);
    }
  });
});
