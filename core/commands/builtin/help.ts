/**
 * `help [topic]`: the DTS `help` entries — id `index` without a topic, else the topic's id — rendered for the
 * platform and the user's language with the view `{ prefix, userIsAdmin }`. An unknown topic is said so and
 * the index follows; without an index the `greeting` entry stands in. Works for unregistered users too.
 */
import type { RenderedMessage } from '../../model.ts';
import { refused } from '../replies.ts';
import { TEXTS } from '../texts.ts';
import type { CommandDefinition, CommandInvocation, CommandReply } from '../types.ts';

export const HELP_INDEX = 'index';

function render(invocation: CommandInvocation, alertType: string, templateId: string | null): RenderedMessage | null {
  return invocation.services.renderTemplate({
    alertType,
    platform: invocation.incoming.platform,
    language: invocation.language,
    templateId,
    view: { prefix: invocation.prefix, userIsAdmin: invocation.isAdmin },
  });
}

function index(invocation: CommandInvocation): CommandReply[] {
  const message = render(invocation, 'help', HELP_INDEX) ?? render(invocation, 'greeting', null);
  return message ? [{ message }] : [{ text: invocation.t(TEXTS.helpMissing) }];
}

/** The topic as typed, without a command prefix in front (`help !track` = `help track`). */
function topicOf(invocation: CommandInvocation): string | null {
  const raw = invocation.args.join(' ').trim();
  if (raw === '') return null;
  const prefix = invocation.incoming.prefixes.find((p) => p !== '' && raw.startsWith(p));
  return prefix ? raw.slice(prefix.length) : raw;
}

export const helpCommand: CommandDefinition = {
  name: 'help',
  allowUnregistered: true,
  async run(invocation) {
    const topic = topicOf(invocation);
    if (topic === null || topic === HELP_INDEX) return index(invocation);
    const message = render(invocation, 'help', topic);
    if (message) return [{ message }];
    return [refused(invocation.t(TEXTS.helpUnknownTopic, { topic })), ...index(invocation)];
  },
};
