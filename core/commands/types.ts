/**
 * The command contract: what a chat platform hands the core when a user types a command, what a command
 * receives and what it answers. Commands are written once, platform-agnostic; the core owns the generic ones
 * (register, start/stop, area, location, profile, language, help, tracked, service-test…), alert plugins
 * contribute their tracking commands (`AlertPlugin.commands`) and how their rules read in `tracked`
 * (`AlertPlugin.describeRule`).
 */
import type { Config } from '../config/index.ts';
import type { GameData } from '../gamedata/index.ts';
import type { GeofenceSet } from '../geo/index.ts';
import type { Logger } from '../log/logger.ts';
import type { Human, RenderedMessage, RuleStore, Snapshot, TrackingRow } from '../model.ts';

/** Where a command was typed. */
export interface CommandPlace {
  /** `dm` = a private chat with the bot; `channel` = a guild channel, thread, group or channel chat */
  readonly kind: 'dm' | 'channel';
  /** chat / channel id (the human id a registered channel has) */
  readonly id: string;
  readonly name: string;
  /**
   * the humans.type this place registers as: in a DM the sender's type (`discord:user`, `telegram:user`),
   * otherwise the channel's (`discord:channel`, `discord:thread`, `telegram:group`, `telegram:channel`)
   */
  readonly humanType: string;
  /**
   * users may register here (`service`): a registration channel ([discord] channels / [telegram] channels), or a
   * DM when the platform lets users register by DM
   */
  readonly isRegistrationChannel: boolean;
  readonly guildId?: string;
  /** the ids containing the place, innermost first (a thread's channel, a channel's category): delegated admins */
  readonly containerIds?: readonly string[];
  /**
   * a part of the place a platform registers on its own (a Telegram forum topic: id `<chatId>:<topicId>`, type
   * `telegram:topic`); commands act for the place, `channel add|remove` for this part when given
   */
  readonly part?: { readonly id: string; readonly name: string; readonly humanType: string };
}

/** One chat message that may hold commands, as a platform hands it over. */
export interface IncomingCommand {
  /** the platform plugin's name (`discord`, `telegram`) */
  readonly platform: string;
  /** the whole message text, prefix included; may hold several lines */
  readonly text: string;
  readonly sender: {
    readonly id: string;
    readonly name: string;
    /** the humans.type a registration by this sender creates (`discord:user`, `telegram:user`) */
    readonly humanType: string;
    /** listed in the platform's admins */
    readonly isAdmin: boolean;
    /** the role ids the sender holds where the command was typed (Discord guild channels), for command security */
    readonly roles?: readonly string[];
  };
  readonly place: CommandPlace;
  /** prefixes accepted on this platform, the first is the one shown in replies (e.g. ['!'] or ['/', '!']) */
  readonly prefixes: readonly string[];
}

/** One answer. A platform sends `text` (split to its size limit), adds `reaction` to the user's message, sends `message` as is. */
export interface CommandReply {
  readonly text?: string;
  /** ✅ done, 👌 nothing changed, 🙅 refused */
  readonly reaction?: string;
  /** an already rendered DTS body for the platform (help pages, greeting) */
  readonly message?: RenderedMessage;
  /** send to the sender's private chat instead of where the command was typed */
  readonly direct?: boolean;
}

/** What a command may use. */
export interface CommandServices {
  readonly config: Config;
  readonly log: Logger;
  readonly stores: import('../state/watched-stores.ts').Stores & { readonly rules: RuleStore };
  /** the current state snapshot (humans, profiles, locations, rules) */
  snapshot(): Snapshot;
  gameData(): GameData;
  geofences(): GeofenceSet;
  /** renders a DTS entry (help pages, greeting) for a platform and language */
  renderTemplate(request: { alertType: string; platform: string; language: string; templateId: string | null; view: Readonly<Record<string, unknown>> }): RenderedMessage | null;
  /**
   * whether the DTS has a template with this id (compared as the DTS compares ids) for the alert type on the
   * platform delivering to humans of `targetType`, in any language; a `default` entry counts for its own id only.
   * True when it cannot tell (no templates loaded, no platform for the target type).
   */
  templateExists?(alertType: string, targetType: string, templateId: string): boolean;
  /** feeds a webhook item through the pipeline as if a scanner had sent it, only to `onlyTo` (service-test) */
  injectWebhook(type: string, message: Readonly<Record<string, unknown>>, onlyTo: Human): Promise<void>;
  /** every alert plugin's declared test data, by kind */
  testData(): ReadonlyMap<string, readonly import('../contract.ts').TestWebhook[]>;
  /** tracking table → the plugin describing its rules, for `tracked` */
  describeRule(table: string, row: TrackingRow, language: string): string;
  /** the tracking tables of the registered alert plugins, in registration order */
  trackingTables(): readonly string[];
  /** a tracking table's heading in `tracked` (TrackingTableSpec.title, English); undefined = show the table name */
  tableTitle?(table: string): string | undefined;
  /** whether the alert type owning the table is switched off ([general] disable_*): `tracked` leaves it out */
  tableSwitchedOff?(table: string): boolean;
  /** the scanner database ([database.scanner]) for `gym:<id or name>`; null or absent when there is none */
  scannerDb?(): import('../scanner-db/index.ts').ScannerDbLookup | null;
  /** "why didn't I get this alert?" (core/explain); absent when the app has none */
  readonly explainer?: import('../explain/explainer.ts').Explainer;
}

/** What a command's `run` receives. */
export interface CommandInvocation {
  /** the canonical (English) command name */
  readonly name: string;
  /** arguments, lower-cased, `_` read as a space outside quotes, quotes removed */
  readonly args: readonly string[];
  /** the same arguments with their original case (labels, names) */
  readonly rawArgs: readonly string[];
  /** mentions (`<@id>`, `<@!id>`, `<@&role>`) taken out of the arguments, space-separated, for the rule's `ping` ('' when none) */
  readonly ping: string;
  readonly incoming: IncomingCommand;
  /** the human the command acts for; null only for commands that allow unregistered users */
  readonly target: Human | null;
  /** the language whose translated command word was typed ([general.available_languages]), if any */
  readonly wordLanguage?: string;
  /** the prefix to show in replies */
  readonly prefix: string;
  readonly language: string;
  readonly isAdmin: boolean;
  readonly services: CommandServices;
  /** translates a reply text (English, `{name}` placeholders) into the invocation's language */
  t(text: string, vars?: Readonly<Record<string, string | number>>): string;
}

export interface CommandDefinition {
  /** canonical English command word, e.g. `track` */
  readonly name: string;
  readonly aliases?: readonly string[];
  /** may run for someone not registered yet (registration itself) */
  readonly allowUnregistered?: boolean;
  readonly adminOnly?: boolean;
  /** the command reads `user:` / `name:` arguments itself (e.g. a webhook's name); the core does not take them as a target */
  readonly ownsTargetArgs?: boolean;
  run(invocation: CommandInvocation): Promise<readonly CommandReply[]>;
}
