/**
 * The role-loss state machine (spec: "Role loss of a registered user"), pure: given a registered human, whether
 * the platform says it still has access (the gating role, the required group) and `[general] role_check_mode`,
 * what to do. `ignore` only logs a loss; `delete` removes the human with every rule, profile and location;
 * `disable-user` disables it (admin_disable with a disabled_date, the previous generation's mark of a role-loss
 * disable) and re-enables it when access returns. Admins are never touched, and a disable an admin made by hand
 * (no disabled_date) is not undone by a returning role.
 */
import type { RoleCheckMode } from '../config/enums.ts';
import type { Human } from '../model.ts';

export type MembershipAction = 'none' | 'log' | 'delete' | 'disable' | 'enable';

export interface AccessVerdict {
  readonly hasAccess: boolean;
  /** why, in words, for the log (`left guild 123`, `lost role Supporter`, `kicked from group -100…`) */
  readonly reason: string;
}

/** What a platform says about one registered human. */
export interface MemberVerdict extends AccessVerdict {
  readonly humanId: string;
}

/** A disable made by the role check carries its date; an admin's manual disable has none. */
export function disabledByRoleCheck(human: Pick<Human, 'adminDisable' | 'disabledDate'>): boolean {
  return human.adminDisable && human.disabledDate !== null;
}

export function decideMembership(human: Pick<Human, 'adminDisable' | 'disabledDate'>, verdict: AccessVerdict, mode: RoleCheckMode, isAdmin: boolean): MembershipAction {
  if (isAdmin) return 'none';
  if (verdict.hasAccess) return mode === 'disable-user' && disabledByRoleCheck(human) ? 'enable' : 'none';
  if (mode === 'ignore') return 'log';
  if (mode === 'delete') return 'delete';
  return human.adminDisable ? 'none' : 'disable';
}
