/**
 * The auto-create channel template (`config/channelTemplate.json`) in its normalised, typed form: what the
 * lint (lint.ts) hands to the auto-create run once an operator's entry has no errors. Defaults are filled in
 * (channelType `text`, controlType '', buttonStyle `secondary`, …), tri-state permission flags are split into
 * allow/deny lists (null or absent = inherit = in neither), and a voice channel carries no topic, commands,
 * threads or picker (they are ignored for voice; the lint warns). Placeholders (`{0}`, `{1}`…) are kept as
 * written: they are filled per run (placeholders.ts).
 *
 * The value lists below are the single source of the allowed values; the lint and the editor schema read them.
 */

export const BUTTON_STYLES = ['primary', 'secondary', 'success', 'danger'] as const;
export type ButtonStyle = (typeof BUTTON_STYLES)[number];

export const CHANNEL_TYPES = ['text', 'voice'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/** '' = created but not registered (separator, info, voice); `bot` = the channel; `webhook` = a webhook on it */
export const CONTROL_TYPES = ['', 'bot', 'webhook'] as const;
export type ControlType = (typeof CONTROL_TYPES)[number];

/** Role-overwrite flags by group, in the spec's order. */
export const PERMISSION_FLAG_GROUPS = {
  general: [
    'view',
    'viewHistory',
    'send',
    'react',
    'pingEveryone',
    'embedLinks',
    'attachFiles',
    'sendTTS',
    'externalEmoji',
    'externalStickers',
    'createPublicThreads',
    'createPrivateThreads',
    'sendThreads',
    'slashCommands',
    'createInvite',
  ],
  voice: ['connect', 'speak', 'autoMic', 'stream', 'vcActivities', 'prioritySpeaker', 'mute', 'deafen', 'move'],
  admin: ['channels', 'messages', 'roles', 'webhooks', 'threads', 'events'],
} as const;

export type PermissionFlagGroup = keyof typeof PERMISSION_FLAG_GROUPS;
export type PermissionFlag = (typeof PERMISSION_FLAG_GROUPS)[PermissionFlagGroup][number];

/** Every flag, general then voice then admin. */
export const PERMISSION_FLAGS: readonly PermissionFlag[] = [
  ...PERMISSION_FLAG_GROUPS.general,
  ...PERMISSION_FLAG_GROUPS.voice,
  ...PERMISSION_FLAG_GROUPS.admin,
];

/** One role's permission overwrite on a category or channel. */
export interface RoleOverwriteEntry {
  /** role name as written (placeholders unfilled); `@everyone` is the guild's default role */
  readonly name: string;
  readonly allow: readonly PermissionFlag[];
  readonly deny: readonly PermissionFlag[];
}

/** One private thread under a text channel. */
export interface ThreadEntry {
  readonly name: string;
  /** null: the button shows the (filled) thread name */
  readonly buttonLabel: string | null;
  readonly buttonStyle: ButtonStyle;
  readonly commands: readonly string[];
}

/** The click-to-join message for a channel's threads. */
export interface ThreadPickerSpec {
  /** '' when not given */
  readonly embedTitle: string;
  /** '' when not given */
  readonly embedDescription: string;
  readonly pinned: boolean;
}

export interface ChannelEntry {
  readonly channelName: string;
  readonly channelType: ChannelType;
  /** '' when not given, and always '' for voice */
  readonly topic: string;
  readonly controlType: ControlType;
  /** only for controlType `webhook`; null: the (filled) channel name */
  readonly webhookName: string | null;
  readonly roles: readonly RoleOverwriteEntry[];
  /** empty for voice */
  readonly commands: readonly string[];
  /** empty for voice */
  readonly threads: readonly ThreadEntry[];
  /** null when not given, and always null for voice */
  readonly threadPicker: ThreadPickerSpec | null;
}

export interface CategorySpec {
  readonly categoryName: string;
  readonly roles: readonly RoleOverwriteEntry[];
}

export interface ChannelTemplate {
  readonly name: string;
  /** null: the channels are created at the guild's top level */
  readonly category: CategorySpec | null;
  readonly channels: readonly ChannelEntry[];
}

/** `error`: the entry is not usable (left out by normalisation, refused on save); `warning`: informational */
export type ProblemSeverity = 'error' | 'warning';

export interface TemplateProblem {
  /** where, e.g. `[0].definition.channels[1].threads[0].buttonStyle` or `[2].name`; '' is the whole file */
  readonly path: string;
  readonly message: string;
  readonly severity: ProblemSeverity;
}
