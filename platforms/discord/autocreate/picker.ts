/**
 * The thread picker's messages (pure): one button per thread, custom id
 * `service:thread:<master_channel_id>:<thread_id>:join`, five buttons a row, five rows a message, so 25 per
 * message and as many messages as needed; only the first carries the embed. Also reads a button's custom id back
 * (the previous generation's `poracle:thread:…:join` too, so its pickers keep working).
 */
import { ButtonStyle as DiscordButtonStyle, ComponentType } from 'discord.js';
import type { ButtonStyle } from './template/index.ts';

export const BUTTONS_PER_ROW = 5;
export const ROWS_PER_MESSAGE = 5;
export const BUTTONS_PER_MESSAGE = BUTTONS_PER_ROW * ROWS_PER_MESSAGE;
/** Discord's limit on a button label */
export const LABEL_MAX = 80;

const STYLE_NUMBERS: Readonly<Record<ButtonStyle, number>> = {
  primary: DiscordButtonStyle.Primary,
  secondary: DiscordButtonStyle.Secondary,
  success: DiscordButtonStyle.Success,
  danger: DiscordButtonStyle.Danger,
};

const CUSTOM_ID = /^(?:service|poracle):thread:(\d+):(\d+):join$/;

export interface PickerButton {
  readonly threadId: string;
  readonly label: string;
  readonly style: ButtonStyle;
}

export interface PickerInput {
  readonly masterChannelId: string;
  readonly embedTitle: string;
  readonly embedDescription: string;
  readonly buttons: readonly PickerButton[];
}

/** A message body as Discord's REST API takes it (`POST/PATCH /channels/:id/messages`). */
export interface DiscordMessageBody {
  readonly content?: string;
  readonly embeds: readonly { readonly title?: string; readonly description?: string }[];
  readonly components: readonly {
    readonly type: number;
    readonly components: readonly { readonly type: number; readonly style: number; readonly label: string; readonly custom_id: string }[];
  }[];
}

export function pickerCustomId(masterChannelId: string, threadId: string): string {
  return `service:thread:${masterChannelId}:${threadId}:join`;
}

export function parsePickerCustomId(customId: string): { readonly masterChannelId: string; readonly threadId: string } | null {
  const match = CUSTOM_ID.exec(customId);
  return match ? { masterChannelId: match[1]!, threadId: match[2]! } : null;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function label(text: string): string {
  const trimmed = text.trim() === '' ? '…' : text;
  return [...trimmed].length > LABEL_MAX ? `${[...trimmed].slice(0, LABEL_MAX - 1).join('')}…` : trimmed;
}

/** The picker's messages, in order; none without buttons. */
export function pickerMessages(input: PickerInput): DiscordMessageBody[] {
  const embed = input.embedTitle.trim() === '' && input.embedDescription.trim() === '' ? null : { ...(input.embedTitle ? { title: input.embedTitle } : {}), ...(input.embedDescription ? { description: input.embedDescription } : {}) };
  return chunk(input.buttons, BUTTONS_PER_MESSAGE).map((buttons, index) => ({
    embeds: index === 0 && embed ? [embed] : [],
    components: chunk(buttons, BUTTONS_PER_ROW).map((row) => ({
      type: ComponentType.ActionRow,
      components: row.map((b) => ({ type: ComponentType.Button, style: STYLE_NUMBERS[b.style], label: label(b.label), custom_id: pickerCustomId(input.masterChannelId, b.threadId) })),
    })),
  }));
}
