/**
 * Member changes through the telegram platform (real grammy against the fake, check_role on): a registered user
 * kicked from or leaving a required group is judged across all required groups and handled by role_check_mode —
 * ignore logs, delete removes, disable-user disables and re-enables on return — admins are untouched, one
 * remaining group keeps access, and `chat_member` is asked for in allowed_updates only when the check is on.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forbidden } from '../../fakes/telegram/errors.ts';
import { metricValue } from '../../helpers/metrics.ts';
import { until } from '../../e2e/wait.ts';
import { ASH, GROUP_A, GROUP_B, MISTY, OAK, withMembership } from './membership-harness.ts';

const asked = (fake: { calls(method: string): { body: Readonly<Record<string, unknown>> }[] }, userId: number) =>
  fake.calls('getChatMember').filter((r) => Number(r.body.user_id) === userId).map((r) => Number(r.body.chat_id));

describe('telegram member changes', { timeout: 30_000 }, () => {
  test('delete: a user kicked from the only group they were in is deleted and told goodbye', async () => {
    await withMembership(
      async ({ fake, register, row, checked, services }) => {
        fake.setMember(GROUP_A, ASH, 'member');
        fake.setMember(GROUP_A, OAK, 'administrator');
        register(ASH);
        fake.changeMember(GROUP_A, ASH, { status: 'kicked', by: OAK });
        await checked(ASH);
        assert.equal(row(ASH), undefined, 'the registration is gone');
        assert.deepEqual(asked(fake, ASH), [GROUP_B], 'the other required group was asked');
        const goodbye = await fake.waitFor('sendMessage', (b) => Number(b.chat_id) === ASH);
        assert.equal(goodbye.body.text, 'You lost access: you are no longer in the group.');
        assert.equal(await metricValue(services.metrics, 'lookout_membership_changes_total', { platform: 'telegram', action: 'delete', dry_run: 'false' }), 1);
      },
      { mode: 'delete', platform: { goodbyeMessage: 'You lost access: you are no longer in the group.' } },
    );
  });

  test('ignore: the loss is logged and counted, the registration stays as it was', async () => {
    await withMembership(
      async ({ fake, register, row, checked, services, captured, parts }) => {
        fake.setMember(GROUP_A, ASH, 'member');
        const before = register(ASH);
        fake.changeMember(GROUP_A, ASH, { status: 'left' });
        await checked(ASH);
        assert.deepEqual(row(ASH), before);
        await parts.platform.stop!();
        assert.equal(await metricValue(services.metrics, 'lookout_membership_changes_total', { platform: 'telegram', action: 'log', dry_run: 'false' }), 1, 'one change, though told twice');
        const line = captured.find(/ignored/);
        assert.equal(line?.humanId, String(ASH));
        assert.match(String(line?.reason), /not a member of any required group \(left group -1001000000001, left group -1001000000002\)/);
        assert.equal(fake.calls('sendMessage').length, 0, 'no goodbye when nothing was done');
      },
      { mode: 'ignore', platform: { goodbyeMessage: 'bye' } },
    );
  });

  test('disable-user: disabled when kicked, re-enabled when back; a hand-made disable is not undone', async () => {
    await withMembership(
      async ({ fake, register, row, checked }) => {
        fake.setMember(GROUP_A, ASH, 'member');
        fake.setMember(GROUP_A, MISTY, 'member');
        register(ASH);
        register(MISTY, { adminDisable: true, disabledDate: null });
        fake.changeMember(GROUP_A, ASH, { status: 'kicked', by: OAK, serviceMessage: false });
        await checked(ASH);
        assert.equal(row(ASH)?.adminDisable, true);
        assert.ok(row(ASH)?.disabledDate instanceof Date, 'disabled by the check: dated');
        assert.equal((await fake.waitFor('sendMessage', (b) => Number(b.chat_id) === ASH)).body.text, 'bye');

        fake.changeMember(GROUP_A, ASH, { status: 'member', serviceMessage: false });
        await checked(ASH, 2);
        assert.equal(row(ASH)?.adminDisable, false);
        assert.equal(row(ASH)?.disabledDate, null);
        assert.deepEqual(asked(fake, ASH), [GROUP_B], 'a return needs no other group');
        assert.equal(fake.calls('sendMessage').length, 1, 'no goodbye on return');

        fake.changeMember(GROUP_A, MISTY, { status: 'left' });
        fake.changeMember(GROUP_A, MISTY, { status: 'member' });
        await checked(MISTY, 2);
        assert.equal(row(MISTY)?.adminDisable, true, 'an admin disabled Misty by hand');
      },
      { mode: 'disable-user', platform: { goodbyeMessage: 'bye' } },
    );
  });

  test('a user still in the other required group keeps access', async () => {
    await withMembership(
      async ({ fake, register, row, checked, parts }) => {
        fake.setMember(GROUP_A, ASH, 'member');
        fake.setMember(GROUP_B, ASH, 'restricted', true);
        const before = register(ASH);
        fake.changeMember(GROUP_A, ASH, { status: 'left' });
        await checked(ASH);
        await parts.platform.stop!();
        assert.deepEqual(row(ASH), before);
        assert.deepEqual(asked(fake, ASH), [GROUP_B], 'once: the service message repeats the update');
      },
      { mode: 'delete' },
    );
  });

  test('admins, unregistered users, bots and other groups are left alone', async () => {
    await withMembership(
      async ({ fake, register, row, checked, parts }) => {
        fake.addChat({ id: -1009, type: 'supergroup', title: 'Unrelated' });
        fake.addUser({ id: 6000, first_name: 'Stranger' });
        fake.addUser({ id: 7000, first_name: 'Helper', is_bot: true });
        fake.setMember(GROUP_A, OAK, 'administrator');
        fake.setMember(-1009, ASH, 'member');
        fake.setMember(GROUP_A, 7000, 'member');
        const oak = register(OAK);
        const ash = register(ASH);
        register(7000);
        fake.changeMember(GROUP_A, OAK, { status: 'left' });
        fake.changeMember(-1009, ASH, { status: 'left' });
        fake.changeMember(GROUP_A, 6000, { status: 'left' });
        fake.changeMember(GROUP_A, 7000, { status: 'left' });
        // a change of a registered user after them, to know the ones before were seen
        fake.addUser({ id: MISTY, first_name: 'Misty' });
        fake.setMember(GROUP_B, MISTY, 'member');
        register(MISTY);
        fake.changeMember(GROUP_A, MISTY, { status: 'left', serviceMessage: false });
        await checked(MISTY);
        await parts.platform.stop!();
        assert.deepEqual(row(OAK), oak);
        assert.deepEqual(row(ASH), ash);
        assert.ok(row(7000));
        for (const id of [OAK, ASH, 6000, 7000]) assert.deepEqual(asked(fake, id), [], `no request about ${id}`);
      },
      { mode: 'delete' },
    );
  });

  test('a group that cannot answer leaves the user undecided: nothing is done', async () => {
    await withMembership(
      async ({ fake, register, row, captured }) => {
        fake.setMember(GROUP_A, ASH, 'member');
        register(ASH);
        fake.fail('getChatMember', forbidden('bot was kicked from the supergroup chat'), { when: (b) => Number(b.user_id) === ASH });
        fake.changeMember(GROUP_A, ASH, { status: 'kicked', by: OAK });
        await until(() => captured.find('membership: undecided after a member change; the next full pass decides'), 'the change undecided');
        assert.ok(row(ASH), 'still registered');
        assert.match(String(captured.find(/undecided/)?.reason), /group -1001000000002: getChatMember: 403/);
      },
      { mode: 'delete' },
    );
  });

  test('remove_invalid_users off: a user who lost access is kept and logged', async () => {
    await withMembership(
      async ({ fake, register, row, checked, captured }) => {
        fake.setMember(GROUP_A, ASH, 'member');
        const before = register(ASH);
        fake.changeMember(GROUP_A, ASH, { status: 'left', serviceMessage: false });
        await checked(ASH);
        assert.deepEqual(row(ASH), before);
        assert.equal(captured.find(/remove_invalid_users is off/)?.humanId, String(ASH));
      },
      { mode: 'delete', platform: { reconciliation: { remove_invalid_users: false, update_user_names: false } } },
    );
  });

  test('allowed_updates: chat_member is asked for with check_role, and not without', async () => {
    await withMembership(
      async ({ fake, passes }) => {
        await fake.waitFor('getUpdates');
        const allowed = fake.calls('getUpdates')[0]!.body.allowed_updates as string[];
        assert.ok(allowed.includes('chat_member') && allowed.includes('message') && allowed.includes('channel_post'));
        assert.deepEqual(passes.map((p) => [p.name, p.intervalHours]), [['telegram', 3]]);
      },
      { platform: { checkRoleIntervalHours: 3 } },
    );
    await withMembership(
      async ({ fake, register, row, passes }) => {
        fake.setMember(GROUP_A, ASH, 'member');
        const before = register(ASH);
        await fake.waitFor('getUpdates');
        assert.deepEqual(fake.calls('getUpdates')[0]!.body.allowed_updates, [], "grammy's reset to Telegram's default");
        fake.changeMember(GROUP_A, ASH, { status: 'kicked', by: OAK });
        await fake.waitFor('getUpdates', (b) => Number(b.offset) === 3);
        assert.deepEqual(row(ASH), before);
        assert.equal(fake.calls('getChatMember').length, 0, 'no check at all');
        assert.deepEqual(passes, [], 'no periodic pass');
      },
      { platform: { checkRole: false } },
    );
  });

  test('at start, a required group that does not exist or that the bot does not administer is reported', async () => {
    await withMembership(
      async ({ captured }) => {
        const missing = await until(() => captured.find(/cannot be read/), 'the missing group reported');
        assert.equal(missing.group, '-1009999');
        const notAdmin = await until(() => captured.find(/not an administrator/), 'the group without admin rights reported');
        assert.deepEqual([notAdmin.group, notAdmin.status], [String(GROUP_B), 'member']);
        assert.equal(captured.lines.filter((l) => /cannot be read|not an administrator/.test(String(l.msg))).length, 2, 'group A is fine');
      },
      {
        platform: { registrationChats: [String(GROUP_A), String(GROUP_B), '-1009999'] },
        before: ({ fake }) => fake.setMember(GROUP_B, fake.bot.id, 'member'),
      },
    );
  });
});
