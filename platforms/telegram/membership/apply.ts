/**
 * Hands the verdicts to the core's role-loss policy (`ctx.membership.enforce`: ignore / delete / disable-user,
 * re-enable on return, admins untouched) with `[reconciliation.telegram] remove_invalid_users` applied first —
 * when it is off, a user who lost access is only logged and kept, as in the previous generation — and, for
 * every registration deleted or disabled, sends `[telegram] bot_goodbye_message` to the user when one is set.
 * A dry run sends nothing.
 */
import type { Api } from 'grammy';
import type { MemberVerdict, MembershipReport } from '../../../core/membership/index.ts';
import type { PlatformMembership } from '../../../core/contract.ts';
import { describeError } from '../../../core/errors.ts';
import type { Logger } from '../../../core/log/logger.ts';

export interface AccessSettings {
  /** [telegram] channels: the groups a user must be in (one is enough) */
  readonly requiredGroups: readonly string[];
  /** [telegram] admins: never checked, removed or disabled */
  readonly admins: ReadonlySet<string>;
  /** [reconciliation.telegram] remove_invalid_users */
  readonly removeInvalidUsers: boolean;
  /** [reconciliation.telegram] update_user_names */
  readonly updateUserNames: boolean;
  /** [telegram] bot_goodbye_message ('' = none) */
  readonly goodbyeMessage: string;
  /**
   * [area_security] on: each community group → the communities it stands for; the pass asks a member with access
   * about each, and its communities follow the groups it is in
   */
  readonly communityGroups?: ReadonlyMap<string, readonly string[]>;
}

export interface ApplyDeps {
  readonly membership: PlatformMembership;
  readonly api: Pick<Api, 'sendMessage'>;
  readonly settings: AccessSettings;
  readonly log: Logger;
}

export interface ApplyResult {
  readonly report: MembershipReport;
  /** users who lost access and were kept because remove_invalid_users is off */
  readonly kept: readonly MemberVerdict[];
}

async function sendGoodbye(deps: ApplyDeps, humanId: string): Promise<void> {
  try {
    await deps.api.sendMessage(humanId, deps.settings.goodbyeMessage);
  } catch (err) {
    deps.log.warn({ humanId, reason: describeError(err) }, 'membership: the goodbye message could not be sent');
  }
}

export async function applyVerdicts(verdicts: readonly MemberVerdict[], deps: ApplyDeps, dryRun: boolean): Promise<ApplyResult> {
  const { removeInvalidUsers, admins, goodbyeMessage } = deps.settings;
  const kept = removeInvalidUsers ? [] : verdicts.filter((v) => !v.hasAccess && !admins.has(v.humanId));
  for (const verdict of kept) {
    deps.log.info({ humanId: verdict.humanId, reason: verdict.reason, dryRun }, 'membership: access lost, kept ([reconciliation.telegram] remove_invalid_users is off)');
  }
  const report = await deps.membership.enforce(removeInvalidUsers ? verdicts : verdicts.filter((v) => v.hasAccess), { dryRun, admins });
  if (!dryRun && goodbyeMessage !== '') {
    for (const change of report.changes) if (change.action === 'delete' || change.action === 'disable') await sendGoodbye(deps, change.humanId);
  }
  return { report, kept };
}
