/**
 * The validation hook against a real local HTTP server: what each call carries, one call per recipient (however many
 * of their rules matched) with at most validation_max_concurrent in flight, allowed and denied recipients (a denial
 * with a failure_message tells the recipient), and every kind of failure (deadline, server down, bad status,
 * malformed answer) under fail_mode open (let through, counted) and closed (dropped, counted with a reason).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { configFromObject } from '../../../core/config/index.ts';
import type { HookContext, Match } from '../../../core/contract.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { createMetrics, type Metrics } from '../../../core/metrics/metrics.ts';
import type { Human } from '../../../core/model.ts';
import { matchValidatorFrom, type MatchValidator, type ValidationSubject } from '../../../core/validation/index.ts';
import { human } from '../../helpers/humans.ts';
import { metricValue } from '../../helpers/metrics.ts';
import { startValidatorServer, type Answer, type ValidatorServer } from './validator-server.ts';

const ctx: HookContext = { meta: { eventId: 'ev-1', webhookType: 'raid', receivedAt: 0 }, log: silentLogger(), now: Date.now };
const webhook = { gym_id: 'g1', level: 5, latitude: 48.1, longitude: 11.5 };
const subject: ValidationSubject = { plugin: 'raid', webhookType: 'raid', webhook, areas: ['Old Town', 'Riverside'] };

function matchFor(h: Human, ruleUid: number): Match {
  return { human: h, table: 'raid', ruleUid, alertType: 'raid', templateId: null, ping: '', clean: 0 };
}

const alice = human('alice', { type: 'discord:user', name: 'Alice' });
const bob = human('bob', { type: 'telegram:user', name: 'Bob' });
const carol = human('carol', { type: 'webhook', name: 'Carol' });
const matches = [matchFor(alice, 1), matchFor(bob, 2), matchFor(alice, 3), matchFor(carol, 4)];

/**
 * a deadline the local server always meets, however busy the machine: a call that timed out would end on the client
 * while the server still counts it, and a test of answers or of the concurrency cap would depend on timing
 */
const ANSWERED_IN_TIME = { validation_timeout_ms: 30_000 };

interface Setup {
  readonly validator: MatchValidator;
  readonly metrics: Metrics;
  readonly told: { id: string; text: string }[];
}

function setup(url: string, failMode: 'open' | 'closed' = 'open', tuning: Record<string, number> = {}): Setup {
  const metrics = createMetrics({ collectProcess: false });
  const told: { id: string; text: string }[] = [];
  const { config } = configFromObject({ validation: { url, fail_mode: failMode }, tuning: { validation_timeout_ms: 200, ...tuning } }, 'test', []);
  const validator = matchValidatorFrom({
    config,
    metrics,
    log: silentLogger(),
    notify: async (h, text) => {
      told.push({ id: h.id, text });
    },
  });
  assert.ok(validator);
  return { validator, metrics, told };
}

const ids = (kept: readonly Match[]) => kept.map((m) => `${m.human.id}/${m.ruleUid}`);
const calls = (m: Metrics, result: string) => metricValue(m, 'lookout_validation_calls_total', { result });
const dropped = (m: Metrics, reason: string) => metricValue(m, 'lookout_matches_dropped_total', { plugin: 'raid', reason });
const failOpen = (m: Metrics) => metricValue(m, 'lookout_validation_fail_open_total', {});

describe('validation hook off', () => {
  test('no url: no validator at all', () => {
    assert.equal(matchValidatorFrom({ config: configFromObject({}, 'test', []).config, metrics: createMetrics({ collectProcess: false }), log: silentLogger() }), null);
  });
});

describe('validation hook answering', () => {
  let server: ValidatorServer;
  before(async () => {
    server = await startValidatorServer((body): Answer => {
      const id = (body.human as { id: string }).id;
      if (id === 'bob') return { json: { success: false, failure_message: 'Your subscription ended' } };
      if (id === 'carol') return { json: { success: false } };
      return { json: { success: true } };
    });
  });
  after(() => server.close());

  test('one call per recipient with the PoracleNG body; the allowed keep every match, the denied lose theirs', async () => {
    const { validator, metrics, told } = setup(server.url, 'open', ANSWERED_IN_TIME);
    const kept = await validator.filter(subject, matches, ctx);
    assert.deepEqual(ids(kept), ['alice/1', 'alice/3']);
    assert.equal(server.requests.length, 3);
    const byId = new Map(server.requests.map((r) => [(r.human as { id: string }).id, r]));
    assert.deepEqual(byId.get('alice'), { human: { id: 'alice', type: 'discord:user', name: 'Alice' }, areas: ['Old Town', 'Riverside'], webhook_type: 'raid', webhook });
    assert.deepEqual([...byId.keys()].sort(), ['alice', 'bob', 'carol']);
    assert.deepEqual(told, [{ id: 'bob', text: 'Your subscription ended' }], 'only a denial with a message tells the recipient');
    assert.equal(await calls(metrics, 'allowed'), 1);
    assert.equal(await calls(metrics, 'denied'), 2);
    assert.equal(await dropped(metrics, 'validation_denied'), 2);
    assert.equal(await failOpen(metrics), 0);
  });

  test('no more calls in flight than validation_max_concurrent', async () => {
    server.requests.length = 0;
    const many = Array.from({ length: 12 }, (_, i) => matchFor(human(`u${i}`), i));
    const { validator } = setup(server.url, 'open', { ...ANSWERED_IN_TIME, validation_max_concurrent: 3 });
    const kept = await validator.filter(subject, many, ctx);
    assert.equal(kept.length, 12);
    assert.equal(server.requests.length, 12);
    assert.ok(server.peak <= 3, `peak ${server.peak}`);
  });
});

describe('validation hook failing', () => {
  const failures: { name: string; result: string; answer: Answer | null }[] = [
    { name: 'no answer before the deadline', result: 'timeout', answer: 'hang' },
    { name: 'a 500', result: 'bad_status', answer: { status: 500, text: 'oops' } },
    { name: 'an answer that is not JSON', result: 'malformed', answer: { status: 200, text: '<html>' } },
    { name: 'an answer without "success"', result: 'malformed', answer: { json: { ok: true } } },
    { name: 'the server down', result: 'unreachable', answer: null },
  ];
  for (const { name, result, answer } of failures) {
    test(`${name}: fail_mode open lets every recipient through, closed drops them all`, async () => {
      const server = await startValidatorServer(() => answer ?? 'hang');
      const url = server.url;
      try {
        if (answer === null) await server.close();
        // only the hanging server is meant to meet the deadline; the others answer (or refuse) within any deadline
        const tuning = answer === 'hang' ? {} : ANSWERED_IN_TIME;
        const open = setup(url, 'open', tuning);
        assert.deepEqual(ids(await open.validator.filter(subject, matches, ctx)), ['alice/1', 'bob/2', 'alice/3', 'carol/4']);
        assert.equal(await calls(open.metrics, result), 3);
        assert.equal(await failOpen(open.metrics), 3);
        assert.equal(await dropped(open.metrics, 'validation_failed'), 0);

        const closed = setup(url, 'closed', tuning);
        assert.deepEqual(ids(await closed.validator.filter(subject, matches, ctx)), []);
        assert.equal(await calls(closed.metrics, result), 3);
        assert.equal(await failOpen(closed.metrics), 0);
        assert.equal(await dropped(closed.metrics, 'validation_failed'), 4, 'every match of the recipients is counted');
        assert.deepEqual(closed.told, [], 'a failed call tells nobody anything');
      } finally {
        if (answer !== null) await server.close();
      }
    });
  }
});
