/**
 * The name a Telegram user is registered under: the username, else first and last name, else the id. Commands
 * name their sender by it (the `service` registration stores it) and the membership pass keeps it current.
 * Pure.
 */

export interface TelegramUserNames {
  readonly id: number;
  readonly first_name: string;
  readonly last_name?: string;
  readonly username?: string;
}

export function telegramUserName(user: TelegramUserNames): string {
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return user.username || fullName || String(user.id);
}
