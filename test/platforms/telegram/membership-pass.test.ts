/**
 * The telegram full membership pass (real grammy against the fake): every registered telegram:user is asked
 * about in the required groups until one has them, paced (no request storm, a 429 waited out), with
 * [reconciliation.telegram] remove_invalid_users and update_user_names, a dry run that only reports, groups that
 * cannot answer leaving their users undecided, and the periodic pass started with the platform and cut short by
 * its stop.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forbidden, tooManyRequests } from '../../fakes/telegram/errors.ts';
import type { RecordedRequest } from '../../fakes/telegram/types.ts';
import { metricValue } from '../../helpers/metrics.ts';
import { until } from '../../e2e/wait.ts';
import { ASH, GROUP_A, GROUP_B, MISTY, OAK, withMembership, type MembershipHarness } from './membership-harness.ts';

const FIRST_USER = 100_000;

/** getChatMember requests about users (the start-up report's requests about the bot itself left out). */
function userLookups(requests: readonly RecordedRequest[], botId: number): RecordedRequest[] {
  return requests.filter((r) => r.method === 'getChatMember' && Number(r.body.user_id) !== botId);
}

/** The most requests that arrived within any `windowMs`. */
function busiestWindow(requests: readonly RecordedRequest[], windowMs: number): number {
  let most = 0;
  for (const [i, first] of requests.entries()) {
    most = Math.max(most, requests.slice(i).filter((r) => r.receivedAt - first.receivedAt < windowMs).length);
  }
  return most;
}

describe('telegram membership pass', { timeout: 60_000 }, () => {
  test('many users: one request for a member of the first group, two otherwise, spread at the set pace', async () => {
    const users = 80;
    await withMembership(
      async ({ fake, register, row, parts }) => {
        for (let i = 0; i < users; i++) {
          const id = FIRST_USER + i;
          fake.addUser({ id, first_name: `Trainer ${i}` });
          register(id);
          // a quarter in group A, a quarter in B only, the rest in neither
          if (i % 4 === 0) fake.setMember(GROUP_A, id, 'member');
          if (i % 4 === 1) fake.setMember(GROUP_B, id, 'member');
        }
        const started = Date.now();
        const report = await parts.runMembershipPass();
        const took = Date.now() - started;
        const lookups = userLookups(fake.requests, fake.bot.id);
        assert.equal(report.checked, users);
        assert.equal(report.requests, users / 4 + (users * 3) / 4 * 2);
        assert.equal(lookups.length, report.requests);
        // 100 a second: 10 ms apart, so never more than ~10 in 100 ms (a little slack for network jitter)
        assert.ok(busiestWindow(lookups, 100) <= 12, `at most 12 requests in any 100 ms, saw ${busiestWindow(lookups, 100)}`);
        assert.ok(took >= (report.requests - 1) * 10 - 5, `the pass took ${took} ms for ${report.requests} requests`);
        assert.equal(report.changes.length, users / 2);
        assert.ok(report.changes.every((c) => c.action === 'delete' && Number(c.humanId) % 4 >= 2));
        assert.ok(row(FIRST_USER) && row(FIRST_USER + 1) && !row(FIRST_USER + 2) && !row(FIRST_USER + 3));
      },
      { mode: 'delete', platform: { membershipRequestsPerSecond: 100 } },
    );
  });

  test('a 429 that outlasts the client retries holds the pass back for retry_after, then it goes on', async () => {
    await withMembership(
      async ({ fake, register, row, parts, captured }) => {
        fake.setMember(GROUP_A, ASH, 'member');
        register(ASH);
        register(MISTY);
        fake.fail('getChatMember', tooManyRequests(1), { when: (b) => Number(b.user_id) === MISTY });
        const report = await parts.runMembershipPass();
        const misty = userLookups(fake.requests, fake.bot.id).filter((r) => Number(r.body.user_id) === MISTY);
        assert.deepEqual(misty.map((r) => Number(r.body.chat_id)), [GROUP_A, GROUP_A, GROUP_B]);
        assert.ok(misty[1]!.receivedAt - misty[0]!.receivedAt >= 990, 'retried after retry_after');
        assert.equal(captured.find(/rate limited by Telegram/)?.retryAfterMs, 1000, 'the pass itself waited');
        assert.deepEqual(report.changes.map((c) => [c.humanId, c.action]), [[String(MISTY), 'delete']]);
        assert.ok(row(ASH) && !row(MISTY));
      },
      { mode: 'delete', platform: { maxRetryDelaySeconds: 0 } },
    );
  });

  test('remove_invalid_users on: users out of every group and accounts Telegram does not know lose access', async () => {
    await withMembership(
      async ({ fake, register, row, parts }) => {
        fake.setMember(GROUP_B, ASH, 'member');
        fake.setMember(GROUP_A, MISTY, 'kicked');
        register(ASH);
        register(MISTY);
        register(424242);
        const report = await parts.runMembershipPass();
        assert.deepEqual(
          report.changes.map((c) => [c.humanId, c.action, c.reason]),
          [
            [String(MISTY), 'disable', 'not a member of any required group (kicked from group -1001000000001, left group -1001000000002)'],
            ['424242', 'disable', 'not a member of any required group (unknown to Telegram in group -1001000000001, unknown to Telegram in group -1001000000002)'],
          ],
        );
        assert.equal(row(ASH)?.adminDisable, false);
        assert.equal(row(MISTY)?.adminDisable, true);
        assert.equal(row(424242)?.adminDisable, true);
        assert.deepEqual(report.kept, []);
      },
      { mode: 'disable-user' },
    );
  });

  test('remove_invalid_users off: they are reported as kept and nothing changes; a return is still re-enabled', async () => {
    await withMembership(
      async ({ fake, register, row, parts }) => {
        fake.setMember(GROUP_A, ASH, 'member');
        register(ASH, { adminDisable: true, disabledDate: new Date('2024-01-01T00:00:00Z') });
        const misty = register(MISTY);
        const report = await parts.runMembershipPass();
        assert.deepEqual(report.kept.map((k) => k.humanId), [String(MISTY)]);
        assert.deepEqual(row(MISTY), misty);
        assert.deepEqual(report.changes.map((c) => [c.humanId, c.action]), [[String(ASH), 'enable']]);
        assert.equal(row(ASH)?.adminDisable, false);
        assert.equal(fake.calls('sendMessage').length, 0);
      },
      { mode: 'disable-user', platform: { goodbyeMessage: 'bye', reconciliation: { remove_invalid_users: false, update_user_names: false } } },
    );
  });

  test('area security: a member\'s communities follow the community groups it is in; blocked_alerts is kept current', async () => {
    await withMembership(
      async (h) => {
        h.fake.setMember(GROUP_A, ASH, 'member');
        h.fake.setMember(GROUP_B, ASH, 'member');
        h.fake.setMember(GROUP_B, MISTY, 'member');
        h.register(ASH, { blockedAlerts: ['raid'] });
        h.register(MISTY, { communityMembership: ['north'] });
        await h.parts.runMembershipPass();
        assert.deepEqual(h.row(ASH)?.communityMembership, ['north', 'south']);
        assert.equal(h.row(ASH)?.blockedAlerts, null, 'blocked_alerts follows command security (none here)');
        assert.deepEqual(h.row(MISTY)?.communityMembership, ['south'], 'north left with its group');
      },
      { mode: 'ignore', platform: { communityGroups: new Map([[String(GROUP_A), ['north']], [String(GROUP_B), ['south']]]) } },
    );
  });

  test('update_user_names: members take their Telegram name as registration names it; off: names stay', async () => {
    const seed = (h: MembershipHarness) => {
      h.fake.setMember(GROUP_A, ASH, 'member');
      h.fake.setMember(GROUP_B, MISTY, 'member');
      h.fake.addUser({ id: 777, first_name: 'Gone', username: 'gone' });
      h.register(ASH, { name: 'ashy' });
      h.register(MISTY, { name: 'misty' });
      h.register(777, { name: 'old' });
    };
    await withMembership(
      async (h) => {
        seed(h);
        const report = await h.parts.runMembershipPass();
        assert.deepEqual(report.renamed, [
          { humanId: String(ASH), from: 'ashy', to: 'ash' },
          { humanId: String(MISTY), from: 'misty', to: 'Misty' },
        ]);
        assert.equal(h.row(ASH)?.name, 'ash', 'the username');
        assert.equal(h.row(MISTY)?.name, 'Misty', 'no username: first and last name');
        assert.equal(h.row(777)?.name, 'old', 'only members are renamed');
      },
      { mode: 'ignore', platform: { reconciliation: { remove_invalid_users: true, update_user_names: true } } },
    );
    await withMembership(
      async (h) => {
        seed(h);
        const report = await h.parts.runMembershipPass();
        assert.deepEqual(report.renamed, []);
        assert.equal(h.row(ASH)?.name, 'ashy');
      },
      { mode: 'ignore' },
    );
  });

  test('a dry run asks the same and reports deletions and renames without writing or sending anything', async () => {
    await withMembership(
      async ({ fake, register, services, parts }) => {
        fake.setMember(GROUP_A, ASH, 'member');
        register(ASH, { name: 'ashy' });
        register(MISTY);
        const before = new Map(services.rows);
        const report = await parts.runMembershipPass({ dryRun: true });
        assert.equal(report.dryRun, true);
        assert.deepEqual(report.changes.map((c) => [c.humanId, c.action]), [[String(MISTY), 'delete']]);
        assert.deepEqual(report.renamed, [{ humanId: String(ASH), from: 'ashy', to: 'ash' }]);
        assert.deepEqual(services.rows, before, 'nothing written');
        assert.equal(fake.calls('sendMessage').length, 0, 'no goodbye');
        assert.equal(await metricValue(services.metrics, 'lookout_membership_changes_total', { platform: 'telegram', action: 'delete', dry_run: 'true' }), 1);
        assert.equal(await metricValue(services.metrics, 'lookout_membership_changes_total', { platform: 'telegram', action: 'delete', dry_run: 'false' }), 0);

        const real = await parts.runMembershipPass();
        assert.deepEqual(real.changes.map((c) => [c.humanId, c.action]), [[String(MISTY), 'delete']]);
        assert.equal(services.rows.has(String(MISTY)), false);
        assert.equal((await fake.waitFor('sendMessage')).body.text, 'bye');
      },
      { mode: 'delete', platform: { goodbyeMessage: 'bye', reconciliation: { remove_invalid_users: true, update_user_names: true } } },
    );
  });

  test('a group that cannot answer is asked once; users it would decide are left undecided; admins are skipped', async () => {
    await withMembership(
      async ({ fake, register, row, parts }) => {
        fake.setMember(GROUP_A, ASH, 'member');
        register(ASH);
        register(MISTY);
        register(777);
        register(OAK);
        fake.addUser({ id: 777, first_name: 'Gary' });
        fake.fail('getChatMember', forbidden('bot was kicked from the supergroup chat'), { times: 10, when: (b) => Number(b.chat_id) === GROUP_B && Number(b.user_id) !== fake.bot.id });
        const report = await parts.runMembershipPass();
        assert.deepEqual(report.changes, []);
        assert.deepEqual(report.undecided.map((u) => u.humanId).sort(), [String(MISTY), '777']);
        assert.deepEqual(report.unavailableGroups.map((g) => g.group), [String(GROUP_B)]);
        const toB = userLookups(fake.requests, fake.bot.id).filter((r) => Number(r.body.chat_id) === GROUP_B);
        assert.equal(toB.length, 1, 'the group is not asked again in the pass');
        assert.ok(row(MISTY) && row(777));
        assert.equal(report.checked, 3, 'the admin is not checked');
        assert.equal(userLookups(fake.requests, fake.bot.id).filter((r) => Number(r.body.user_id) === OAK).length, 0);
      },
      { mode: 'delete' },
    );
  });

  test('the periodic pass runs at start when none ran before, is remembered, and a stop cuts a pass short', async () => {
    await withMembership(
      async ({ row, captured }) => {
        await until(() => captured.find('membership: full pass done'), 'the first pass, due at once');
        assert.equal(captured.find('membership: telegram pass summary')?.checked, 2);
        assert.ok(row(ASH), 'a member stays');
        assert.equal(row(MISTY), undefined, 'the one in no group is deleted');
      },
      {
        mode: 'delete',
        realPeriodicPass: true,
        before({ fake, register }) {
          fake.setMember(GROUP_A, ASH, 'member');
          register(ASH);
          register(MISTY);
        },
      },
    );

    const users = 50;
    await withMembership(
      async ({ fake, register, parts }) => {
        for (let i = 0; i < users; i++) {
          fake.addUser({ id: FIRST_USER + i, first_name: `T${i}` });
          register(FIRST_USER + i);
        }
        const pass = parts.runMembershipPass();
        await until(() => userLookups(fake.requests, fake.bot.id).length >= 3, 'the pass under way');
        await parts.platform.stop!();
        await assert.rejects(pass, /stopping/);
        const made = userLookups(fake.requests, fake.bot.id).length;
        assert.ok(made < users, `stopped after ${made} requests`);
      },
      { mode: 'ignore', platform: { membershipRequestsPerSecond: 20 } },
    );
  });
});
