/**
 * Every reply text of the core commands, in English, in one place so it can be translated: `t()` looks each
 * text up as it is written here (game-data translations, then fallbacks/locale/<lang>.json) and fills the
 * `{name}` placeholders afterwards.
 */
export const TEXTS = {
  // the framework
  unknownCommand: 'Unknown command `{command}`, try {prefix}help',
  commandFailed: 'Sorry, `{command}` failed. The problem has been logged.',
  notRegistered: 'You are not registered yet. Register with {prefix}{service}.',
  channelNotRegistered: 'This channel is not registered. An admin can register it with {prefix}channel add.',
  channelAdminsOnly: 'Only admins can run commands in this channel. Send me your command in a direct message instead.',
  adminOnly: 'Only admins may use {prefix}{command}.',
  adminDisabled: 'An admin has disabled your alerts; commands are not available.',
  targetOnlyAdmins: 'Only admins may act for someone else.',
  targetNotFound: 'Nobody registered is known as `{who}`.',
  targetAmbiguous: 'Several registrations are called `{who}`; name one by its id with user:<id>.',
  actingAs: 'Acting as {name} ({id}).',
  alertTypeDisabled: 'This alert type is disabled',
  commandDenied: 'You do not have permission to use {prefix}{command}.',

  // service / start / stop / unregister
  registrationNotHere: 'You cannot register here. Use a registration channel.',
  registered: 'You are registered. Welcome!',
  alreadyRegistered: 'You are already registered.',
  reRegistered: 'Welcome back, your alerts are on again.',
  started: 'Alert messages resumed.',
  stopped: 'All alert messages have been stopped; resume them with {prefix}start.',
  stopTakesNoArguments: '{prefix}stop takes no arguments; nothing was changed. Did you mean {prefix}untrack?',
  unregistered: 'Unregistered {name}. All rules, profiles and saved locations are gone.',

  // why
  whyUsage: 'Usage: {prefix}why <id> (an alert\'s event, encounter, gym or pokestop id) or {prefix}why <type> [count] (the latest events of that type near you, e.g. {prefix}why monster)',
  whyUnavailable: 'Explanations are not available on this service.',
  whyNothingKept: 'No recent events are kept on this service, so nothing can be explained.',
  whyEventNotKept: 'I do not know event {event}: events are kept for {minutes} minutes, and the busiest types for less.',
  whyNoneNear: 'No {type} event near you in the last {minutes} minutes.',
  whyNothingNear: 'No event near you in the last {minutes} minutes.',
  whyUnknownType: 'Unknown alert type {type}; one of: {types}.',
  whyEvent: '**{plugin}** {ids} at {time}: {outcome}',
  whyRule: '• {rule}: {verdict}',
  whyMoreRules: '… and {count} more rules',

  // channel
  channelUsage: 'Usage: {prefix}channel add|remove — here, or for a webhook: {prefix}channel add name:<name> <url> [language:<code>] [area:<name>]',
  channelNotHere: 'Type {prefix}channel add in the channel, group or topic to register, or name a webhook with name:<name> <url>.',
  channelAdded: 'Registered {name}. Add alerts here, e.g. {prefix}track everything iv100.',
  channelKnown: '{name} is already registered.',
  channelNotKnown: '{name} is not registered.',
  channelWebhookUnknown: 'No webhook is registered as {name}; add one with name:{name} <url>.',
  channelUnknownAreas: 'Unknown areas: {areas}. Nothing was registered.',

  // tracked
  alertsEnabled: 'Your alerts are currently **enabled**.',
  alertsDisabled: 'Your alerts are currently **disabled**.',
  locationIs: 'Your location is {latitude},{longitude}: {link}',
  noLocation: 'You have not set a location yet.',
  areasAre: 'You receive alerts in: {areas}',
  noAreas: 'You have not selected any area yet.',
  profileIs: 'Your profile is: {name} (#{number})',
  blockedAlerts: 'Blocked alert types: {kinds}',
  tableHeading: '**{table}:**',
  nothingTracked: 'You are not tracking anything yet.',
  removeHint: 'To remove one rule, give its id to the command that made it, e.g. id:{uid} (see {prefix}help remove).',
  ruleUndescribable: 'rule #{uid}',

  // area
  areasAdded: 'Added: {areas}',
  areasRemoved: 'Removed: {areas}',
  areasUnchanged: 'No change; you already had exactly these areas.',
  areasUnknown: 'Unknown areas: {areas}. See {prefix}area list.',
  areasNoneGiven: 'Name at least one area, e.g. {prefix}area add <name>. See {prefix}area list.',
  areaListHeading: 'Areas you can choose (✅ = you receive alerts there):',
  areaListEmpty: 'There are no areas to choose from.',
  areaUsage: 'Use {prefix}area list, {prefix}area add <name…> or {prefix}area remove <name…>.',

  // location
  locationSet: 'Location set to {latitude},{longitude}: {link}',
  locationCleared: 'Your location has been removed.',
  locationInvalid: 'That is not a location; write it as <latitude>,<longitude>, e.g. 51.5072,-0.1276.',
  locationAdded: 'Saved location "{label}" at {latitude},{longitude}.',
  locationExists: 'You already have a location called "{label}".',
  locationLabelInvalid: 'A location label needs 1 to {max} characters.',
  locationNotFound: 'You have no location called "{label}".',
  locationShown: '"{label}": {latitude},{longitude}: {link}',
  locationListHeading: 'Your saved locations:',
  locationListEmpty: 'You have no saved locations. Save one with {prefix}location add <label> <latitude>,<longitude>.',
  locationRemoved: 'Removed location "{label}".',
  locationInUse: 'Location "{label}" is still used by these rules; remove or change them first:',
  locationUsage: 'Use {prefix}location <latitude>,<longitude>, {prefix}location add <label> <latitude>,<longitude>, {prefix}location list, {prefix}location show <label> or {prefix}location remove <label>.',

  // profile
  profileListHeading: 'Your profiles (➡️ = current):',
  profileAdded: 'Added profile {name} (#{number}). Switch to it with {prefix}profile switch {number}.',
  profileNameTaken: 'You already have a profile called "{name}".',
  profileNotFound: 'You have no profile "{profile}".',
  profileSwitched: 'Switched to profile {name} (#{number}).',
  profileAlreadyCurrent: 'Profile {name} (#{number}) is already the current one.',
  profileDeleted: 'Deleted profile {name} (#{number}) and its {count} rules.',
  profileOneStays: 'Profile 1 cannot be deleted.',
  profileUsage: 'Use {prefix}profile list, {prefix}profile add <name>, {prefix}profile switch <name|number> or {prefix}profile delete <name|number>.',
  profileNameMissing: 'Give the new profile a name, e.g. {prefix}profile add work.',

  // language
  languageIs: 'Your language is {language}. Available: {languages}',
  languageSet: 'I have changed your language to {language}.',
  languageUnknown: 'Unknown language "{language}". Available: {languages}',

  // help
  helpUnknownTopic: 'There is no help on "{topic}".',
  helpMissing: 'No help is available.',

  // service-test
  testKinds: 'Test alerts: {kinds}. Send {prefix}service-test <kind> [test].',
  testNoData: 'There are no test alerts.',
  testUnknownKind: 'Unknown test kind "{kind}". Available: {kinds}',
  testUnknownName: 'Kind {kind} has no test "{test}". Available: {tests}',
  testSent: 'Sending test alert {kind} {test}.',
} as const;

export type TextKey = keyof typeof TEXTS;
