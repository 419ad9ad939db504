/**
 * `service` (alias `poracle`): registration. Allowed where the platform says users may register (a
 * registration channel, or a DM when the platform allows it) and for admins. A new sender gets a humans row
 * (their platform's user type, enabled, profile 1) and a profile 1 row; an existing one is switched back on;
 * an admin-disabled one is refused. A registration is followed by the `greeting` template in a direct message.
 */
import { DEFAULT_PROFILE_NAME } from '../../model.ts';
import type { Human } from '../../model.ts';
import { done, refused, unchanged } from '../replies.ts';
import { TEXTS } from '../texts.ts';
import type { CommandDefinition, CommandInvocation, CommandReply } from '../types.ts';


function greeting(invocation: CommandInvocation, language: string): CommandReply[] {
  const message = invocation.services.renderTemplate({
    alertType: 'greeting',
    platform: invocation.incoming.platform,
    language,
    templateId: null,
    view: { prefix: invocation.prefix, userIsAdmin: invocation.isAdmin },
  });
  return message ? [{ message, direct: true }] : [];
}

async function register(invocation: CommandInvocation): Promise<Human> {
  const { sender } = invocation.incoming;
  const { humans, profiles } = invocation.services.stores;
  const human = await humans.create({
    id: sender.id,
    type: sender.humanType,
    name: sender.name,
    enabled: true,
    currentProfileNo: 1,
    language: invocation.wordLanguage ?? null,
  });
  if (!(await profiles.get(human.id, 1))) await profiles.create({ id: human.id, name: DEFAULT_PROFILE_NAME, profileNo: 1 });
  return human;
}

export const serviceCommand: CommandDefinition = {
  name: 'service',
  aliases: ['poracle'],
  allowUnregistered: true,
  async run(invocation) {
    const { t, incoming } = invocation;
    if (!incoming.place.isRegistrationChannel && !invocation.isAdmin) return [refused(t(TEXTS.registrationNotHere))];
    const { humans } = invocation.services.stores;
    const existing = await humans.get(incoming.sender.id);
    if (!existing) {
      const human = await register(invocation);
      return [done(t(TEXTS.registered)), ...greeting(invocation, human.language ?? invocation.language)];
    }
    if (existing.adminDisable) return [refused(t(TEXTS.adminDisabled))];
    if (existing.enabled && existing.fails === 0) return [unchanged(t(TEXTS.alreadyRegistered))];
    await humans.update(existing.id, { enabled: true, fails: 0 });
    // the greeting is for new registrations only: switching a stopped registration back on does not repeat it
    return [done(t(TEXTS.reRegistered))];
  },
};
