/**
 * The full membership pass over every registered `telegram:user` (Telegram has no member list to page through):
 * each user's required groups are asked with getChatMember until one has them in it, at most `requestsPerSecond`
 * requests a second, a 429 holding every later request back for its `retry_after`. A group that cannot answer
 * (the bot removed, the group gone) is not asked again in the pass, and its users are left undecided rather than
 * judged. Each decided user goes through the role-loss policy at once (apply.ts), so a pass cut short by a stop
 * keeps what it did; with `[reconciliation.telegram] update_user_names` a member's registration takes their
 * current name; a member's `blocked_alerts` follows `[telegram.command_security]` and (area security on) its
 * communities follow the community groups it is in. Admins are skipped. A dry run asks the same and reports what it would do, writing and sending
 * nothing.
 */
import type { MemberVerdict, MembershipChange } from '../../../core/membership/index.ts';
import type { PlatformHumans } from '../../../core/contract.ts';
import { USER_TYPE } from '../incoming.ts';
import { telegramUserName } from '../user-name.ts';
import { applyVerdicts, type ApplyDeps } from './apply.ts';
import { askGroup } from './ask-group.ts';
import { checkUser } from './check-user.ts';
import { createPacer } from './pacer.ts';
import { memberVerdict, type GroupAnswer } from './verdict.ts';

export interface PassDeps extends ApplyDeps {
  readonly humans: Pick<PlatformHumans, 'list' | 'rename'>;
  readonly api: ApplyDeps['api'] & Parameters<typeof askGroup>[0];
  /** the most getChatMember requests a second */
  readonly requestsPerSecond: number;
  /** aborts the pass between requests (the platform stops) */
  readonly signal?: AbortSignal;
}

export interface PassOptions {
  readonly dryRun?: boolean;
}

type Entry<K extends keyof TelegramPassReport> = TelegramPassReport[K] extends readonly (infer E)[] ? E : never;

export interface TelegramPassReport {
  readonly dryRun: boolean;
  /** registered users checked (admins are not) */
  readonly checked: number;
  /** getChatMember requests made */
  readonly requests: number;
  /** what the role-loss policy did (or would do) */
  readonly changes: readonly MembershipChange[];
  readonly failed: readonly { readonly humanId: string; readonly reason: string }[];
  /** users who lost access and were kept (remove_invalid_users off) */
  readonly kept: readonly MemberVerdict[];
  /** names taken from Telegram (update_user_names) */
  readonly renamed: readonly { readonly humanId: string; readonly from: string; readonly to: string }[];
  /** users no verdict could be reached for, and why */
  readonly undecided: readonly { readonly humanId: string; readonly reason: string }[];
  /** required groups that could not answer, and why */
  readonly unavailableGroups: readonly { readonly group: string; readonly reason: string }[];
}

/**
 * A member's communities from the community groups it is in (area security): every group is asked; when one cannot
 * answer, the membership is left as it is rather than shrunk on a guess.
 */
async function syncCommunities(humanId: string, groups: ReadonlyMap<string, readonly string[]>, ask: (group: string) => Promise<GroupAnswer>, deps: PassDeps): Promise<void> {
  const joined: string[] = [];
  for (const [group, communities] of groups) {
    const answer = await ask(group);
    if (answer.kind === 'unknown') return;
    if (answer.kind === 'in') joined.push(...communities);
  }
  await deps.membership.syncCommunities(humanId, joined);
}

/** How often one request is retried after a 429 that outlasted the client's own retries. */
const RATE_LIMIT_RETRIES = 5;

export async function runMembershipPass(deps: PassDeps, options: PassOptions = {}): Promise<TelegramPassReport> {
  const dryRun = options.dryRun ?? false;
  const { settings, log, signal } = deps;
  const pacer = createPacer(deps.requestsPerSecond, signal);
  const unavailable = new Map<string, string>();
  let requests = 0;

  const ask = async (group: string, userId: number): Promise<GroupAnswer> => {
    for (let attempt = 0; ; attempt++) {
      const known = unavailable.get(group);
      if (known !== undefined) return { kind: 'unknown', reason: known };
      await pacer.next();
      requests++;
      const outcome = await askGroup(deps.api, group, userId, signal);
      if (outcome.kind === 'answer') {
        if (outcome.groupProblem && outcome.answer.kind === 'unknown') {
          unavailable.set(group, outcome.answer.reason);
          log.warn({ group, reason: outcome.answer.reason }, 'membership: a required group cannot be read; its members are not judged in this pass');
        }
        return outcome.answer;
      }
      if (attempt >= RATE_LIMIT_RETRIES) return { kind: 'unknown', reason: outcome.reason };
      log.info({ group, retryAfterMs: outcome.retryAfterMs }, 'membership: rate limited by Telegram; the pass waits');
      pacer.pause(outcome.retryAfterMs);
    }
  };

  let checked = 0;
  const changes: MembershipChange[] = [];
  const failed: Entry<'failed'>[] = [];
  const kept: MemberVerdict[] = [];
  const renamed: Entry<'renamed'>[] = [];
  const undecided: Entry<'undecided'>[] = [];
  const users = (await deps.humans.list([USER_TYPE])).filter((h) => !settings.admins.has(h.id));
  for (const human of users) {
    signal?.throwIfAborted();
    const userId = Number(human.id);
    if (!/^\d+$/.test(human.id) || !Number.isSafeInteger(userId)) {
      undecided.push({ humanId: human.id, reason: 'not a Telegram user id' });
      continue;
    }
    checked++;
    const verdict = await checkUser(settings.requiredGroups, [], (group) => ask(group, userId));
    const decided = memberVerdict(human.id, verdict);
    if (!decided) {
      undecided.push({ humanId: human.id, reason: verdict.kind === 'undecided' ? verdict.reason : '' });
      continue;
    }
    if (verdict.kind === 'access' && settings.updateUserNames) {
      const name = telegramUserName(verdict.user);
      if (name !== human.name) {
        if (!dryRun) await deps.humans.rename(human.id, { name });
        renamed.push({ humanId: human.id, from: human.name, to: name });
        log.info({ humanId: human.id, from: human.name, to: name, dryRun }, `membership: registration ${dryRun ? 'would be ' : ''}renamed`);
      }
    }
    if (verdict.kind === 'access' && !dryRun) await deps.membership.syncBlockedAlerts({ id: human.id, isAdmin: false });
    if (verdict.kind === 'access' && !dryRun && settings.communityGroups && settings.communityGroups.size > 0) {
      await syncCommunities(human.id, settings.communityGroups, (group) => ask(group, userId), deps);
    }
    const applied = await applyVerdicts([decided], deps, dryRun);
    changes.push(...applied.report.changes);
    failed.push(...applied.report.failed);
    kept.push(...applied.kept);
  }
  const unavailableGroups = [...unavailable].map(([group, reason]) => ({ group, reason }));
  log.info(
    { dryRun, checked, requests, changes: changes.length, kept: kept.length, renamed: renamed.length, undecided: undecided.length, failed: failed.length, unavailableGroups: unavailableGroups.length },
    'membership: telegram pass summary',
  );
  return { dryRun, checked, requests, changes, failed, kept, renamed, undecided, unavailableGroups };
}
