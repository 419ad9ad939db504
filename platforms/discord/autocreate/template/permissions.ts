/**
 * Role-overwrite flags of channel templates → Discord permission bits, and one role entry → the allow/deny
 * pair of a permission overwrite. The mapping matches the previous generation's flag for flag, except
 * `events`: it used bit 37 there (Use External Stickers, the same bit as `externalStickers`); here it is Manage
 * Events as the flag's name and the spec's Admin group say.
 */
import { PermissionFlagsBits } from 'discord.js';
import type { PermissionFlag, RoleOverwriteEntry } from './types.ts';

export const PERMISSION_BITS: Readonly<Record<PermissionFlag, bigint>> = {
  view: PermissionFlagsBits.ViewChannel,
  viewHistory: PermissionFlagsBits.ReadMessageHistory,
  send: PermissionFlagsBits.SendMessages,
  react: PermissionFlagsBits.AddReactions,
  pingEveryone: PermissionFlagsBits.MentionEveryone,
  embedLinks: PermissionFlagsBits.EmbedLinks,
  attachFiles: PermissionFlagsBits.AttachFiles,
  sendTTS: PermissionFlagsBits.SendTTSMessages,
  externalEmoji: PermissionFlagsBits.UseExternalEmojis,
  externalStickers: PermissionFlagsBits.UseExternalStickers,
  createPublicThreads: PermissionFlagsBits.CreatePublicThreads,
  createPrivateThreads: PermissionFlagsBits.CreatePrivateThreads,
  sendThreads: PermissionFlagsBits.SendMessagesInThreads,
  slashCommands: PermissionFlagsBits.UseApplicationCommands,
  createInvite: PermissionFlagsBits.CreateInstantInvite,
  connect: PermissionFlagsBits.Connect,
  speak: PermissionFlagsBits.Speak,
  autoMic: PermissionFlagsBits.UseVAD,
  stream: PermissionFlagsBits.Stream,
  vcActivities: PermissionFlagsBits.UseEmbeddedActivities,
  prioritySpeaker: PermissionFlagsBits.PrioritySpeaker,
  mute: PermissionFlagsBits.MuteMembers,
  deafen: PermissionFlagsBits.DeafenMembers,
  move: PermissionFlagsBits.MoveMembers,
  channels: PermissionFlagsBits.ManageChannels,
  messages: PermissionFlagsBits.ManageMessages,
  roles: PermissionFlagsBits.ManageRoles,
  webhooks: PermissionFlagsBits.ManageWebhooks,
  threads: PermissionFlagsBits.ManageThreads,
  events: PermissionFlagsBits.ManageEvents,
};

function bitsOf(flags: readonly PermissionFlag[]): bigint {
  return flags.reduce((bits, flag) => bits | PERMISSION_BITS[flag], 0n);
}

/** The overwrite's bit fields; a flag in neither list (null or absent in the file) is inherited. */
export function overwriteBits(entry: Pick<RoleOverwriteEntry, 'allow' | 'deny'>): { allow: bigint; deny: bigint } {
  return { allow: bitsOf(entry.allow), deny: bitsOf(entry.deny) };
}
