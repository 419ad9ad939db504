/**
 * The member tables are checked by the compiler (`npm run typecheck` compiles this file): each `@ts-expect-error`
 * below is a table the compiler must refuse, so a member added to AlertPlugin or PlatformPlugin without a table
 * entry, or an entry for a member the interface does not have, fails the typecheck. The runtime part checks
 * that the hook names a hook call takes are exactly the function members of the alert plugin contract.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AnyAlertPlugin, PlatformPlugin } from '../../core/contract.ts';
import type { HookNames, MemberTable } from '../../core/member-table.ts';
import type { AlertHookName } from '../../core/pipeline/hook-call.ts';
import { ALERT_MEMBERS, PLATFORM_MEMBERS } from '../../core/registry.ts';

interface Sample {
  readonly label: string;
  readonly extra?: number;
  run(): void;
  stop?(): Promise<void>;
}

type Rule = 'text' | 'function';
const label = { rule: 'text', kind: 'data', required: 'always', called: 'registration', must: 'a label' } as const;
const extra = { rule: 'text', kind: 'data', called: 'registration', must: 'a number' } as const;
const run = { rule: 'function', kind: 'sync', required: 'always', called: 'every item', must: 'run' } as const;
const stop = { rule: 'function', kind: 'async', called: 'shutdown', must: 'stop' } as const;

/** `A` and `B` are the same type (not merely assignable one way). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(proof: Same<A, B>): boolean => proof;

describe('member tables', () => {
  test('a complete table compiles', () => {
    const table: MemberTable<Sample, Rule> = { label, extra, run, stop };
    assert.deepEqual(Object.keys(table), ['label', 'extra', 'run', 'stop']);
  });

  test('the compiler refuses a table that misses a member, has one too many, or misdescribes one', () => {
    // @ts-expect-error a member of the interface without an entry
    const missing: MemberTable<Sample, Rule> = { label, extra, run };
    // @ts-expect-error an entry the interface does not have
    const unknown: MemberTable<Sample, Rule> = { label, extra, run, stop, render: stop };
    // @ts-expect-error a hook called data
    const hookAsData: MemberTable<Sample, Rule> = { label, extra, run: { ...run, kind: 'data' }, stop };
    // @ts-expect-error an optional member marked required
    const optionalRequired: MemberTable<Sample, Rule> = { label, extra: { ...extra, required: 'always' }, run, stop };
    // @ts-expect-error a required member not marked
    const requiredUnmarked: MemberTable<Sample, Rule> = { label: extra, extra, run, stop };
    // @ts-expect-error a rule the registry does not know
    const badRule: MemberTable<Sample, Rule> = { label: { ...label, rule: 'colour' }, extra, run, stop };
    assert.equal([missing, unknown, hookAsData, optionalRequired, requiredUnmarked, badRule].length, 6);
  });

  test('hook names are the function members of the contract, and the hook entries of its table', () => {
    assert.ok(same<HookNames<Sample>, 'run' | 'stop'>(true));
    assert.ok(same<AlertHookName, HookNames<AnyAlertPlugin>>(true));
    const parse: AlertHookName = 'parse';
    // @ts-expect-error data is not a hook
    const name: AlertHookName = 'name';
    const hooks: readonly string[] = Object.entries(ALERT_MEMBERS).filter(([, spec]) => spec.kind !== 'data').map(([member]) => member);
    assert.ok(hooks.includes(parse) && !hooks.includes(name));
  });

  test("the tables' entries are what the registry and the docs read", () => {
    const deliver: HookNames<PlatformPlugin> = 'deliver';
    assert.equal(PLATFORM_MEMBERS[deliver].kind, 'async');
    for (const spec of [...Object.values(ALERT_MEMBERS), ...Object.values(PLATFORM_MEMBERS)]) {
      assert.ok(spec.called.length > 0 && spec.must.length > 0, 'every entry is documented');
    }
  });
});
