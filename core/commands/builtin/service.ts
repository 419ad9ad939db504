/**
 * `service` (alias `poracle`): registration. Allowed where the platform says users may register (a
 * registration channel, or a DM when the platform allows it), in a community's channel when [area_security] is on,
 * and for admins. A new sender gets a humans row (their platform's user type, enabled, profile 1; in a community's
 * channel that community and its location fences as area_restriction) and a profile 1 row; an existing one is
 * switched back on (and joins the community of the channel); a registration an admin disabled is refused, one the
 * role check disabled is re-enabled under `disable-user`. Both write the alert kinds command security denies the
 * sender (`blocked_alerts`). A registration is followed by the `greeting` template in a
 * direct message.
 */
import { addCommunity, blockedAlertsFor, commandSecurityOf, communitiesOfChannel, disabledByRoleCheck, locationRestriction } from '../../membership/index.ts';
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

/** The communities a registration here joins ([area_security] on and the place is a community's channel). */
function placeCommunities(invocation: CommandInvocation): string[] {
  const { incoming } = invocation;
  return communitiesOfChannel(invocation.services.config.area_security, incoming.platform, incoming.place.id);
}

async function register(invocation: CommandInvocation, communities: readonly string[]): Promise<Human> {
  const { sender } = invocation.incoming;
  const { humans, profiles } = invocation.services.stores;
  const security = invocation.services.config.area_security;
  const human = await humans.create({
    id: sender.id,
    type: sender.humanType,
    name: sender.name,
    enabled: true,
    currentProfileNo: 1,
    language: invocation.wordLanguage ?? null,
    ...(security.enabled ? { communityMembership: [...communities], areaRestriction: locationRestriction(security, communities) } : {}),
    blockedAlerts: blockedAlertsFor(commandSecurityOf(invocation.services.config, invocation.incoming.platform), sender),
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
    const communities = placeCommunities(invocation);
    if (!incoming.place.isRegistrationChannel && communities.length === 0 && !invocation.isAdmin) return [refused(t(TEXTS.registrationNotHere))];
    const { humans } = invocation.services.stores;
    const existing = await humans.get(incoming.sender.id);
    if (!existing) {
      const human = await register(invocation, communities);
      return [done(t(TEXTS.registered)), ...greeting(invocation, human.language ?? invocation.language)];
    }
    // a disable an admin made (no date) stands; one the role check made is lifted under disable-user, as before
    const roleCheckDisable = existing.adminDisable && disabledByRoleCheck(existing) && invocation.services.config.general.role_check_mode === 'disable-user';
    if (existing.adminDisable && !roleCheckDisable) return [refused(t(TEXTS.adminDisabled))];
    const security = invocation.services.config.area_security;
    const joined = communities.reduce((list, name) => addCommunity(security, list, name), existing.communityMembership);
    const joinsCommunity = joined.length !== existing.communityMembership.length;
    if (existing.enabled && existing.fails === 0 && !roleCheckDisable && !joinsCommunity) return [unchanged(t(TEXTS.alreadyRegistered))];
    await humans.update(existing.id, {
      enabled: true,
      fails: 0,
      blockedAlerts: blockedAlertsFor(commandSecurityOf(invocation.services.config, incoming.platform), incoming.sender),
      ...(roleCheckDisable ? { adminDisable: false, disabledDate: null } : {}),
      ...(joinsCommunity ? { communityMembership: joined, areaRestriction: locationRestriction(security, joined) } : {}),
    });
    // the greeting is for new registrations only: switching a stopped registration back on does not repeat it
    return [done(t(TEXTS.reRegistered))];
  },
};
