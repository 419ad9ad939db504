/**
 * The thread picker's click handler (spec: "Thread picker interaction"), stateless: the button's custom id names
 * the master channel and the thread. A member who cannot view the master channel is refused; one already in the
 * thread is told so; anyone else is added to the private thread. Every answer is ephemeral; failures are logged
 * and answered, never thrown. Buttons that are not picker buttons are left to others.
 */
import { Events, MessageFlags, PermissionFlagsBits, type ButtonInteraction, type Client, type GuildMember } from 'discord.js';
import { describeError } from '../../../core/errors.ts';
import type { Logger } from '../../../core/log/logger.ts';
import { isUnknown, UNKNOWN_CHANNEL, UNKNOWN_MEMBER } from '../error-outcome.ts';
import { parsePickerCustomId } from './picker.ts';

export const CLICK_TEXTS = {
  denied: "🙅 You don't have access to this channel, so you can't join its threads.",
  already: '👌 You are already in {thread}.',
  added: '✅ You have been added to {thread}.',
  gone: '🙅 That thread no longer exists.',
  failed: '🙅 Something went wrong adding you to the thread; please try again later.',
} as const;


function text(template: string, thread: string): string {
  return template.replace('{thread}', thread);
}

async function reply(interaction: ButtonInteraction, content: string): Promise<void> {
  await interaction.reply({ content, flags: MessageFlags.Ephemeral });
}


/** Whether the member may view the channel: the member's permissions there, computed by discord.js. */
async function canView(interaction: ButtonInteraction, masterChannelId: string): Promise<boolean> {
  const guild = interaction.guild;
  if (!guild) return false;
  const channel = await guild.channels.fetch(masterChannelId).catch(() => null);
  if (!channel) return false;
  const member: GuildMember = await guild.members.fetch(interaction.user.id);
  return channel.permissionsFor(member).has(PermissionFlagsBits.ViewChannel);
}

/** Handles a picker click; false when the button is not a picker button. */
export async function handleThreadPickerClick(interaction: ButtonInteraction, log: Logger): Promise<boolean> {
  const ids = parsePickerCustomId(interaction.customId);
  if (!ids) return false;
  const context = { userId: interaction.user.id, masterChannelId: ids.masterChannelId, threadId: ids.threadId };
  try {
    if (!(await canView(interaction, ids.masterChannelId))) {
      await reply(interaction, CLICK_TEXTS.denied);
      return true;
    }
    const thread = await interaction.client.channels.fetch(ids.threadId, { force: true }).catch((err: unknown) => (isUnknown(err, UNKNOWN_CHANNEL) ? null : Promise.reject(err)));
    if (!thread || !thread.isThread()) {
      await reply(interaction, CLICK_TEXTS.gone);
      return true;
    }
    const member = await thread.members.fetch({ member: interaction.user.id, force: true }).catch((err: unknown) => (isUnknown(err, UNKNOWN_MEMBER) ? null : Promise.reject(err)));
    if (member) {
      await reply(interaction, text(CLICK_TEXTS.already, thread.name));
      return true;
    }
    await thread.members.add(interaction.user.id);
    log.info({ ...context, thread: thread.name }, 'autocreate: member added to a thread from the picker');
    await reply(interaction, text(CLICK_TEXTS.added, thread.name));
  } catch (err) {
    log.warn({ ...context, reason: describeError(err) }, 'autocreate: a thread picker click failed');
    if (!interaction.replied) await reply(interaction, CLICK_TEXTS.failed).catch(() => undefined);
  }
  return true;
}

/** Hands every button click to the picker handler. */
export function listenForThreadPicker(client: Client, log: Logger): void {
  client.on(Events.InteractionCreate, (interaction) => {
    if (interaction.isButton()) void handleThreadPickerClick(interaction, log);
  });
}
