/**
 * What a Telegram user administers by delegation, in PoracleWeb's `getAdministrationRoles` shape, pure: the groups
 * and channels of `[[telegram.delegated_admins]]` naming its id, and whether `[telegram] user_tracking_admins` does.
 */
import type { TelegramConfig } from '../../../core/config/index.ts';

export type TelegramDelegation = Pick<TelegramConfig, 'delegated_admins' | 'user_tracking_admins'>;

export function telegramAdministration(delegation: TelegramDelegation, userId: string): { readonly channels: readonly string[]; readonly users: boolean } {
  return {
    channels: delegation.delegated_admins.filter((d) => d.admins.includes(userId)).map((d) => d.target),
    users: delegation.user_tracking_admins.includes(userId),
  };
}
