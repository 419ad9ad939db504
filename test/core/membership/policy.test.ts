/**
 * The role-loss state machine, row by row (spec: "Role loss of a registered user"), and the enforcer applying it to
 * the humans table on each database engine: the rows deleted or flagged, the metric, the dry run, admins.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HumanStore } from '../../../core/db/stores/humans.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { decideMembership, MembershipEnforcer } from '../../../core/membership/index.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { forEachDatabase } from '../../helpers/databases.ts';

const active = { adminDisable: false, disabledDate: null };
const roleDisabled = { adminDisable: true, disabledDate: new Date('2026-01-01T00:00:00Z') };
const handDisabled = { adminDisable: true, disabledDate: null };
const lost = { hasAccess: false, reason: 'lost role Supporter' };
const kept = { hasAccess: true, reason: 'holds Supporter' };

describe('role-loss policy', () => {
  test('active, loses access: ignore logs, delete removes, disable-user disables', () => {
    assert.equal(decideMembership(active, lost, 'ignore', false), 'log');
    assert.equal(decideMembership(active, lost, 'delete', false), 'delete');
    assert.equal(decideMembership(active, lost, 'disable-user', false), 'disable');
  });

  test('disabled by the role check, access restored: disable-user re-enables; other modes leave it', () => {
    assert.equal(decideMembership(roleDisabled, kept, 'disable-user', false), 'enable');
    assert.equal(decideMembership(roleDisabled, kept, 'ignore', false), 'none');
    assert.equal(decideMembership(roleDisabled, kept, 'delete', false), 'none');
  });

  test('a disable an admin made by hand is not undone by a returning role, nor disabled twice', () => {
    assert.equal(decideMembership(handDisabled, kept, 'disable-user', false), 'none');
    assert.equal(decideMembership(handDisabled, lost, 'disable-user', false), 'none');
    assert.equal(decideMembership(roleDisabled, lost, 'disable-user', false), 'none');
  });

  test('admins are never touched; access kept changes nothing', () => {
    for (const mode of ['ignore', 'delete', 'disable-user'] as const) {
      assert.equal(decideMembership(active, lost, mode, true), 'none');
      assert.equal(decideMembership(active, kept, mode, false), 'none');
    }
  });
});

forEachDatabase('membership enforcer applies the decisions to the humans table', (fixture) => {
  test('delete, disable, re-enable, admins, dry run, metrics', async () => {
    const store = new HumanStore(fixture.knex);
    for (const id of ['1', '2', '3', '4']) await store.create({ id, type: 'discord:user', name: `user ${id}` });
    const metrics = createMetrics({ collectProcess: false });
    const at = new Date('2026-11-26T12:00:00Z');
    const deleting = new MembershipEnforcer({ store, mode: 'delete', metrics, log: silentLogger(), now: () => at });
    const admins = new Set(['4']);

    const dry = await deleting.enforce('discord', [{ humanId: '1', hasAccess: false, reason: 'left' }], { admins, dryRun: true });
    assert.deepEqual(dry.changes.map((c) => c.action), ['delete']);
    assert.ok(await store.get('1'), 'a dry run deletes nothing');

    const report = await deleting.enforce('discord', [{ humanId: '1', hasAccess: false, reason: 'left' }, { humanId: '4', hasAccess: false, reason: 'left' }, { humanId: 'nobody', hasAccess: false, reason: 'left' }], { admins });
    assert.deepEqual(report.changes.map((c) => [c.humanId, c.action]), [['1', 'delete']]);
    assert.equal(await store.get('1'), null);
    assert.ok(await store.get('4'), 'an admin stays');

    const disabling = new MembershipEnforcer({ store, mode: 'disable-user', metrics, log: silentLogger(), now: () => at });
    await disabling.enforce('discord', [{ humanId: '2', hasAccess: false, reason: 'lost role' }], { admins });
    const disabled = await store.get('2');
    assert.equal(disabled?.adminDisable, true);
    assert.equal(disabled?.disabledDate?.toISOString(), at.toISOString());
    await disabling.enforce('discord', [{ humanId: '2', hasAccess: true, reason: 'role back' }], { admins });
    const enabled = await store.get('2');
    assert.equal(enabled?.adminDisable, false);
    assert.equal(enabled?.disabledDate, null);

    const text = await metrics.registry.metrics();
    assert.match(text, /lookout_membership_changes_total\{platform="discord",action="delete",dry_run="true"\} 1/);
    assert.match(text, /lookout_membership_changes_total\{platform="discord",action="delete",dry_run="false"\} 1/);
    assert.match(text, /lookout_membership_changes_total\{platform="discord",action="disable",dry_run="false"\} 1/);
    assert.match(text, /lookout_membership_changes_total\{platform="discord",action="enable",dry_run="false"\} 1/);
  });
}, { migrate: true });

forEachDatabase('membership enforcer: decisions about one human arriving together', (fixture) => {
  test('a full pass and a member event disabling the same user at once: one change, counted once', async () => {
    const store = new HumanStore(fixture.knex);
    await store.create({ id: '7', type: 'discord:user', name: 'user 7' });
    const metrics = createMetrics({ collectProcess: false });
    const enforcer = new MembershipEnforcer({ store, mode: 'disable-user', metrics, log: silentLogger() });
    const lostRole = [{ humanId: '7', hasAccess: false, reason: 'lost role' }];
    const reports = await Promise.all([enforcer.enforce('discord', lostRole, { admins: new Set() }), enforcer.enforce('discord', lostRole, { admins: new Set() }), enforcer.enforce('discord', lostRole, { admins: new Set() })]);
    assert.deepEqual(reports.map((r) => r.changes.length).sort(), [0, 0, 1]);
    assert.equal((await store.get('7'))?.adminDisable, true);
    assert.match(await metrics.registry.metrics(), /lookout_membership_changes_total\{platform="discord",action="disable",dry_run="false"\} 1\n/);
  });
}, { migrate: true });
