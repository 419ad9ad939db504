/**
 * Who may use the service: the role-loss policy both chat platforms use (policy.ts), the enforcer that applies it
 * to registrations (enforcer.ts) and the periodic full pass that survives restarts (periodic-pass.ts).
 */
export { decideMembership, disabledByRoleCheck, type AccessVerdict, type MembershipAction, type MemberVerdict } from './policy.ts';
export { MembershipEnforcer, type EnforceOptions, type MembershipChange, type MembershipReport, type MembershipStore } from './enforcer.ts';
export { createPeriodicPass, nextPassDelay, PASS_FILE, type PeriodicPass, type PeriodicPassOptions } from './periodic-pass.ts';
export { addCommunity, allowedAreas, areaChoiceLimit, communitiesByRoles, communitiesOfChannel, communityRoles, communityNamed, locationRestriction, removeCommunity, validCommunities } from './communities.ts';
export { blockedAlertsFor, commandSecurityOf, mayUseCommand, SECURED_ALERT_KINDS, type CommandSecurity, type SecuritySender } from './command-security.ts';
export { administersChannel, administersUsers, administersWebhook, delegatedFor } from './delegation.ts';
export { communityChannels, isAnyPlatformAdmin, namesPrincipal, platformSection, type PlatformSection, type Principal } from './platform-section.ts';
