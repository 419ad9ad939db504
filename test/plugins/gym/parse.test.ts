/**
 * Gym webhooks → GymEvent: Golbat `gym_details`, RDM `gym` with its other spellings, our test data and every
 * gym sample of the reference set; malformed payloads are rejected with the field's name.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, test } from 'node:test';
import type { TestWebhook } from '../../../core/contract.ts';
import { buildGym, gymHook, hookContext } from './support.ts';

const gym = await buildGym();
after(() => gym.cleanup());

function parse(hook: unknown) {
  return gym.plugin.parse(hook, hookContext());
}

test('a Golbat gym_details webhook reads into an event', () => {
  const outcome = parse(gymHook());
  assert.ok(outcome.ok);
  assert.deepEqual(
    { ...outcome.event },
    {
      gymId: 'gym-1.16',
      name: 'Fountain Square',
      url: 'https://example.invalid/fountain.png',
      latitude: 48.1365,
      longitude: 11.572,
      state: { team: 2, slotsAvailable: 3, inBattle: false },
      guardPokemonId: 143,
      exEligible: true,
      change: null,
    },
  );
});

test('RDM spellings: gym_id, team_id, is_in_battle, is_ex_raid_eligible; slots default to 6', () => {
  const outcome = parse({ gym_id: 'rdm-1', name: 'Mill', latitude: 1, longitude: 2, team_id: 1, is_in_battle: 1, is_ex_raid_eligible: true });
  assert.ok(outcome.ok);
  assert.equal(outcome.event.gymId, 'rdm-1');
  assert.deepEqual(outcome.event.state, { team: 1, slotsAvailable: 6, inBattle: true });
  assert.equal(outcome.event.exEligible, true);
});

test('malformed payloads are rejected with the field', () => {
  const reasons = [
    parse('nope'),
    parse(gymHook({ id: undefined })),
    parse(gymHook({ team: 7 })),
    parse(gymHook({ slots_available: 9 })),
    parse(gymHook({ latitude: 'x' })),
    parse(gymHook({ in_battle: 'maybe' })),
  ].map((o) => (o.ok ? 'ok' : o.reason));
  assert.equal(reasons[0], 'gym message must be an object');
  assert.match(reasons[1]!, /^id must be/);
  assert.match(reasons[2]!, /^team must be an integer from 0 to 3/);
  assert.match(reasons[3]!, /^slots_available must be/);
  assert.match(reasons[4]!, /^latitude must be/);
  assert.match(reasons[5]!, /^in_battle must be a boolean/);
});

test('our test data parses', () => {
  const samples = JSON.parse(readFileSync(new URL('../../../plugins/gym/testdata.json', import.meta.url), 'utf8')) as TestWebhook[];
  assert.ok(samples.length >= 2);
  for (const sample of samples) {
    assert.ok(gym.plugin.webhookTypes.includes(sample.type), sample.test);
    assert.ok(parse(sample.webhook).ok, sample.test);
  }
});

const SAMPLE_FILES = ['testdata-js.json', 'testdata-ng.json'].map((name) => new URL(`../../../../shared/reference/samples/${name}`, import.meta.url));

test('every gym sample of the reference set parses', (t) => {
  const present = SAMPLE_FILES.filter((url) => existsSync(url));
  if (present.length === 0) return t.skip('reference samples not present');
  let count = 0;
  for (const url of present) {
    for (const sample of JSON.parse(readFileSync(url, 'utf8')) as TestWebhook[]) {
      if (sample.type !== 'gym' && sample.type !== 'gym_details') continue;
      const outcome = parse(sample.webhook);
      assert.ok(outcome.ok, `${sample.test}: ${outcome.ok ? '' : outcome.reason}`);
      count++;
    }
  }
  assert.ok(count > 0);
});
