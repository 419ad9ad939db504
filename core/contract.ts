/**
 * The public plugin contract. Everything an alert type or a chat platform contributes goes through these
 * types; core/ never names a specific plugin. See docs/hooks.md for the hook table. It is the contract only: the
 * types its members use are imported from their own modules (core/model.ts, core/commands/types.ts,
 * core/tracking/api-spec.ts, core/db/plugin-migrations/types.ts…), never through here.
 */
import type { Config, DisableSwitchSpec } from './config/index.ts';
import type { GameData } from './gamedata/index.ts';
import type { GameDataSource } from './gamedata/source.ts';
import type { Fence, GeofenceSet, WeatherCells } from './geo/index.ts';
import type { ShinyRates } from './enrich/shiny-rates.ts';
import type { IconKind, Icons } from './icons/index.ts';
import type { ApiRoute } from './http/api/plugin-routes.ts';
import type { ClientConfigContribution } from './http/api/client-config-parts.ts';
import type { Logger } from './log/logger.ts';
import type { ForecastBoard } from './weather-forecast/index.ts';
import type { ServiceTexts } from './service-texts.ts';
import type { ExternalCallTimer } from './metrics/external-call.ts';
import type { IndexInSteps } from './match/index-steps.ts';
import type { RuleVerdict } from './explain/verdict.ts';
import type { Human, NamedLocation, Profile, RenderedMessage, Snapshot, TrackingRow } from './model.ts';
import type { CommandDefinition, CommandReply, IncomingCommand } from './commands/types.ts';
import type { TrackingApiSpec } from './tracking/api-spec.ts';
import type { PluginMigration } from './db/plugin-migrations/types.ts';
import type { NewHuman } from './db/stores/humans.ts';
import type { RoleCheckMode } from './config/enums.ts';
import type { EnforceOptions, MemberVerdict, MembershipReport, PeriodicPass } from './membership/index.ts';
import type { ScannerDbLookup } from './scanner-db/types.ts';
import type { Knex } from 'knex';
import type { Registry } from 'prom-client';

/** Identity of one webhook item travelling through the pipeline; every log line about it carries `eventId`. */
export interface EventMeta {
  readonly eventId: string;
  readonly webhookType: string;
  readonly receivedAt: number;
  /** replayed from the journal after a restart: an alert whose event has expired meanwhile is dropped, not sent late */
  readonly recovered?: boolean;
}

/** What a hook receives besides its arguments. */
export interface HookContext {
  readonly meta: EventMeta;
  readonly log: Logger;
  readonly now: () => number;
  /**
   * true when the event is only previewed (the template studio, POST /api/dts/render): nothing is sent, and a hook
   * should not spend a paid or rate-limited call on it (a forecast fetch); what is already known may be used
   */
  readonly preview?: boolean;
}

/** parse: an event, a rejection with a reason (counted), or `skip` when the payload is not this plugin's business. */
export type ParseOutcome<E> =
  | { readonly ok: true; readonly event: E }
  | { readonly ok: false; readonly reason: string; readonly skip?: boolean };

/** Where an event happened; the core computes its geofences once from this. */
export interface EventLocation {
  readonly latitude: number;
  readonly longitude: number;
}

/** What `match` receives besides the event: the hook context plus the event's geofences (computed once). */
export interface MatchContext extends HookContext {
  /** fences containing the event location (empty when the plugin declares no location) */
  readonly fences: readonly Fence[];
  /** lower-cased names of `fences` */
  readonly areaNames: ReadonlySet<string>;
}

/** A tracking table owned by a plugin; its rows are loaded into every snapshot. */
export interface TrackingTableSpec {
  readonly table: string;
  /** the kind checked against humans.blocked_alerts (e.g. `monster`, `raid`) */
  readonly blockKind?: string;
  /** the heading of its rules in `tracked` (English, translated for the reader); default: the table name */
  readonly title?: string;
  /** where its section stands in `tracked`, lower first; tables without one follow, in plugin order */
  readonly order?: number;
  /**
   * Turns a row into the plugin's typed rule, so the snapshot keeps only typed rules (see Snapshot.activeRules):
   * as the state loads, or, for an indexed table, when its index reads the rule (Snapshot.pendingRules). Pure;
   * called at least once per active row per reload (an index may read a rule twice).
   */
  readonly read?: (row: TrackingRow) => unknown;
  /** how the HTTP API serves the table (`/api/tracking…`); a table without one is not served there */
  readonly api?: TrackingApiSpec;
}

/** One rule put to AlertPlugin.explainRule: as its table's `read` made it, with its human and saved locations. */
export interface ExplainedRule {
  readonly table: string;
  /** the table's typed rule (`read` applied to its row; the row itself for a table without `read`) */
  readonly rule: unknown;
  readonly human: Human;
  /** the human's saved locations by lower-cased label */
  readonly locations: ReadonlyMap<string, NamedLocation> | undefined;
}

/** One target that an event matched: who receives it and with which rule settings. */
export interface Match {
  readonly human: Human;
  readonly table: string;
  readonly ruleUid: number;
  /** DTS alert type to render, e.g. `monster` or `monsterNoIv` */
  readonly alertType: string;
  /** the rule's template id, or null for [general] default_template_name */
  readonly templateId: string | null;
  readonly ping: string;
  readonly clean: number;
  /** metres from the human's (or named) location when the rule matched by distance */
  readonly distanceM?: number;
  /** the point the distance was measured from (the human's location or a named location) */
  readonly origin?: EventLocation;
  /** blocked_alerts kind, when it differs from the table's */
  readonly blockKind?: string;
}

/**
 * What an alert is about, for edit in place and reply chains (`AlertPlugin.editKey`): later alerts with the same
 * key reach a recipient as an edit of its earlier message (rules with the `edit` bit, `clean & 2`) or as a reply to
 * it (`[tracking] reply_chains`). The key names the thing (e.g. `raid:<gym>:<end>`, the same for the egg and its
 * boss); the recipient is added by the core.
 */
export interface EditKey {
  readonly key: string;
  /** unix ms until which the sent message is remembered (e.g. the raid's end, also for its egg) */
  readonly until: number;
  /**
   * the alert type a recipient gets instead when this alert follows up its earlier message as a reply (reply chains;
   * not an edit, which shows the whole alert), e.g. a compact RSVP update; must be one of the plugin's `alertTypes`
   */
  readonly followUpAlertType?: string;
  /**
   * a new message about this key goes as a reply to the recipient's earlier one whatever `[tracking] reply_chains`
   * says; the core sets it on the keys of a plugin with `repliesToEarlier`
   */
  readonly reply?: boolean;
}

/** What a language layer of the view is computed for: the recipient's language and the DTS platform rendered. */
export interface ViewScope {
  readonly language: string;
  readonly platform: string;
}

/** Template variables. Layers are stacked (event → language → target) instead of copied. */
export type View = Readonly<Record<string, unknown>>;

export interface RenderRequest {
  readonly alertType: string;
  readonly platform: string;
  readonly language: string;
  readonly templateId: string | null;
  readonly view: View;
  readonly meta: EventMeta;
  /**
   * the recipient's humans.type (`discord:user`, `webhook`…): link buttons limited to some destinations
   * (`applies_to`) are kept or left out by it. Absent: every button is kept.
   */
  readonly targetType?: string;
}

/** One recipient's copy of a shared render: its shared values (in `shared` order) and its humans.type (as RenderRequest.targetType). */
export type SharedFill = (values: readonly string[], targetType?: string) => RenderedMessage;

/** The render hook. The DTS engine implements it; a test may supply its own. */
export interface Renderer {
  render(request: RenderRequest): RenderedMessage;
  /**
   * The template ids an alert type has on a DTS platform, in any language; an entry marked `default` counts for
   * its own id only (commands check `template<N>` against it). A renderer that cannot list its ids leaves it out.
   */
  templateIds?(alertType: string, platform: string): readonly string[];
  /**
   * Renders once for a group of recipients: the request's view holds, for each name of `shared`, a token in
   * place of that recipient's value; the answer fills each recipient's values (in `shared` order) into a copy,
   * keeping the link buttons meant for that recipient's target type. The request's own `targetType` is not used.
   * Null when the template uses one of them other than as printed text or an if/unless condition (the caller
   * renders per recipient then). A renderer without it always renders per recipient.
   */
  renderShared?(request: RenderRequest, shared: readonly string[]): SharedFill | null;
  /**
   * Which view variables the loaded templates can read (a name test), so a view may leave the others out; null
   * when any might be read (a template that looks names up dynamically). A renderer without it: every variable.
   */
  variableFilter?(): ((name: string) => boolean) | null;
}

/** One message for one destination. */
export interface DeliveryJob {
  readonly target: { readonly id: string; readonly type: string; readonly name: string; readonly language: string | null };
  readonly message: RenderedMessage;
  readonly meta: EventMeta;
  readonly alertType: string;
  /** the template id the alert was rendered with as the rule names it (null: the default template); absent for a message that is not an alert */
  readonly templateId?: string | null;
  readonly ping: string;
  readonly clean: number;
  /**
   * unix ms the alert's event ends (clean-up; the delivery queue drops an alert whose turn comes after it, or with less
   * than `[general] alert_minimum_time` left, as stale); null when unknown
   */
  readonly expiresAt: number | null;
  /** where the event is, when the alert plugin locates it (a platform may send a location pin) */
  readonly location?: EventLocation;
  /**
   * the sender counted it against a limit of its own (a plugin's scheduled digest, AlertPluginRuntime.sendAlert):
   * [alert_limits] do not apply to it
   */
  readonly ownLimit?: boolean;
  /** what the alert is about, when its plugin gives one and the recipient may get an edit or a reply (see EditKey) */
  readonly editKey?: EditKey;
  /**
   * set by the delivery core: the ids of the recipient's earlier message about the same thing (what `deliver`
   * answered then); a platform able to reply sends this message as a reply to it, others ignore it
   */
  readonly replyTo?: readonly string[];
}

export type DeliveryOutcome =
  | {
      readonly ok: true;
      readonly messageIds?: readonly string[];
      /**
       * why parts of the message went out in a lesser form than asked (e.g. `image_upload`: an image to upload
       * could not be downloaded and went as its URL); counted in lookout_deliveries_degraded_total by reason
       */
      readonly degraded?: readonly string[];
    }
  | {
      readonly ok: false;
      readonly permanent: boolean;
      readonly reason: string;
      /**
       * a rate limit (429): how long the platform asked us to wait before trying again (RATE_LIMIT_WAIT_MS when it
       * named no wait). The queue waits it out without counting a failed attempt, for as long as the alert lasts.
       */
      readonly retryAfterMs?: number;
    };

/** The wait after a rate limit (429) that named none. */
export const RATE_LIMIT_WAIT_MS = 1000;

/** One sample webhook for `service-test <kind>` (the shape of the previous generation's testdata.json). */
export interface TestWebhook {
  /** the name a user picks it by, e.g. `hundo` */
  readonly test: string;
  /** the webhook `type` it is posted as, e.g. `pokemon` */
  readonly type: string;
  /** `keep` = send at the webhook's own position; otherwise it is moved to the user's location */
  readonly location?: string;
  readonly webhook: Readonly<Record<string, unknown>>;
}

/** The sample webhooks a plugin offers to `service-test`, under one test kind (e.g. `creature`). */
export interface TestData {
  readonly kind: string;
  readonly webhooks: readonly TestWebhook[];
}

/** What `describeRule` may use. */
export interface DescribeContext {
  readonly language: string;
  readonly gameData: GameData;
  /** translates an English reply text into `language` */
  t(text: string, vars?: Readonly<Record<string, string | number>>): string;
}

/** Everything an alert plugin may contribute. Only `name`, `webhookTypes`, `alertTypes`, `parse` and `match` are required. */
export interface AlertPlugin<E = unknown, I = unknown> {
  readonly kind: 'alert';
  readonly name: string;
  /** webhook `type` strings this plugin parses (several plugins may share one, e.g. `pokestop`) */
  readonly webhookTypes: readonly string[];
  /** DTS alert types it renders */
  readonly alertTypes: readonly string[];
  readonly dependencies?: readonly string[];
  readonly trackingTables?: readonly TrackingTableSpec[];
  /** sample webhooks for `service-test <kind>` */
  readonly testData?: TestData;
  /** the template variables it provides, per alert type (documentation and template editors) */
  readonly templateVariables?: Readonly<Record<string, readonly string[]>>;
  /** its chat commands (e.g. `track`/`untrack` for monsters) */
  readonly commands?: readonly CommandDefinition[];
  /** one line describing a rule of one of its tables, for `tracked` (e.g. "**Pikachu** | iv: 90%-100%") */
  describeRule?(table: string, row: TrackingRow, ctx: DescribeContext): string;
  /**
   * builds the plugin's rule index from a new snapshot (called once per reload, never on the hot path); a large
   * index is better returned as `indexInSteps(generator)` (core/match/index-steps.ts) so matching goes on meanwhile
   */
  buildIndex?(snapshot: Snapshot): I | IndexInSteps<I>;
  parse(raw: unknown, ctx: HookContext): ParseOutcome<E>;
  /** a key identifying repeats of the same event; null = never a duplicate */
  dedupeKey?(event: E): string | null;
  /** sees every new (not duplicate) event before matching, for statistics the plugin keeps (rarity, shiny rates) */
  observe?(event: E, ctx: HookContext): void;
  /** pure and synchronous: the rules this event satisfies */
  match(event: E, snapshot: Snapshot, index: I, ctx: MatchContext): readonly Match[];
  /**
   * "why didn't I get this alert?" (core/explain, docs/explain.md): its verdict on one of its rules for an event, made
   * by the very checks `match` runs (never a second copy that can drift), reach included: the first check the rule
   * fails, else FIRES. `ctx.now()` is when the event was matched. The core checks the human (stopped, profile,
   * blocked kinds, area restriction) itself. Without it, the core can say only what it checks.
   */
  explainRule?(event: E, rule: ExplainedRule, ctx: MatchContext): RuleVerdict;
  /** ids users quote for the event (encounter, gym, pokestop id): the explain API and `why` find the event by them */
  eventIds?(event: E): readonly string[];
  /**
   * what the explain history keeps of an event: the event without what `explainRule`, `eventIds` and `locate` never
   * read (e.g. the raw webhook), so a busy scanner's recent events hold less memory; default the event itself. Called
   * once per matched event while the history is on: keep it a shallow copy.
   */
  historyCopy?(event: E): E;
  /** the alert type an event renders as when it reaches someone without a rule (service-test) */
  alertTypeOf?(event: E): string;
  /** the `webhook_type` the validation hook ([validation]) is told for this event, in PoracleNG's names; default: the scanner's webhook type */
  validationType?(event: E): string;
  /** unix ms at which the event expires (dedupe lifetime and clean-up) */
  expiresAt?(event: E): number | null;
  /**
   * what the event is about, so a later event about the same thing edits the recipient's earlier message or replies
   * to it (EditKey); null when it has no such identity. Called once per event, only when a matched rule has the
   * `edit` bit or `[tracking] reply_chains` is on.
   */
  editKey?(event: E): EditKey | null;
  /**
   * its alerts about something a recipient already got a message about always follow it up (e.g. monster change
   * events): `editKey` is asked for every recipient, not only `edit` rules, and a new message goes as a reply to the
   * earlier one (rendered as the key's `followUpAlertType` when it names one) whatever `[tracking] reply_chains` says.
   * Needs the sent-message memory (`[tuning] sent_message_memory` above 0).
   */
  readonly repliesToEarlier?: boolean;
  /**
   * with `repliesToEarlier`: whether the event is news for everyone who got a message about its thing, even those
   * whose rules no longer match it (e.g. a monster that changed species): the EditKey whose remembered recipients
   * not among the matches also get the event, as its `followUpAlertType` with their default template; null for most
   * events. Called for every event that passes dedupe, after `match`: keep it O(1).
   */
  followUpKey?(event: E): EditKey | null;
  /**
   * Previews only (the template studio, POST /api/dts/render): for one of its alert types whose variables exist only
   * in context — a change's `original.*`, a digest's list of quests — those variables made from the previewed event
   * as an example, laid over its view; null for its other alert types. Never called on the alert path.
   */
  previewVariables?(alertType: string, event: E, view: Readonly<Record<string, unknown>>, scope: ViewScope): View | null;
  /** where the event is: lets the core compute its geofences once and the common location variables */
  locate?(event: E): EventLocation | null;
  /** variables computed once per event */
  enrich?(event: E, ctx: HookContext): View | Promise<View>;
  /** variables that depend on the recipient's language and the platform the message is rendered for (emoji) */
  enrichLanguage?(event: E, view: View, scope: ViewScope, ctx: HookContext): View;
  /** variables that depend on the recipient (distance, bearing…) */
  enrichTarget?(event: E, view: View, match: Match, ctx: HookContext): View;
  /**
   * after matching (not for `service-test`): the plugin keeps the matches it delivers later itself (a scheduled
   * digest, see `start`) and returns those delivered now. Synchronous; the plugin counts and persists what it keeps.
   */
  hold?(event: E, matches: readonly Match[], ctx: HookContext): readonly Match[];
  /** its background work (timers, scheduled digests), started once the pipeline and the delivery queue run */
  start?(runtime: AlertPluginRuntime): Promise<void>;
  /** ends what `start` began (timers, files to write), before the delivery queue drains */
  stop?(): Promise<void>;
  /**
   * its disable switches ([general] keys, default false, enforced by the core in core/switches.ts): the same list
   * its module's config spec declares (`definePluginConfig({ disableSwitches })`), so the keys are validated
   */
  readonly disableSwitches?: readonly DisableSwitchSpec[];
  /**
   * its own numbered schema changes, versions 1, 2, 3… of its own: they create and change its tables (those of
   * `trackingTables` and `humanTables`). Run at start after the core's migrations, each once per database, recorded
   * in `plugin_migrations`; see docs/database.md ("Plugin migrations").
   */
  readonly migrations?: readonly PluginMigration[];
  /**
   * its tables, other than its rule tables (`trackingTables`, always the human's), that hold rows of one human in
   * an `id` column (= humans.id): the human's rows go when the human is deleted (unregister, DELETE /api/humans)
   */
  readonly humanTables?: readonly string[];
  /**
   * game-data files it reads besides the core's (e.g. the invasion lineups): downloaded and cached with the rest
   * at start (`resources/<name>.json`), parsed once per GameData, read with `gameData.source(source)`
   */
  readonly gameDataSources?: readonly GameDataSource[];
  /** the icon kinds (UICONS folders) its alerts picture, e.g. raid eggs; resolved by `IconSet.icon(kind, id, options)` */
  readonly iconKinds?: readonly IconKind[];
  /** HTTP routes it adds below /api, mounted with the core's auth, IP lists and error shape */
  readonly apiRoutes?: readonly ApiRoute[];
  /**
   * the absolute path of its folder of bundled fallbacks, e.g. `fileURLToPath(new URL('./fallbacks/', import.meta.url))`:
   * `dts.json` (its templates and help topics, the format of fallbacks/dts.json) and `locale/<lang>.json` (its reply
   * translations); both optional. Loaded after the core's bundled files and before config/, so an operator's file wins.
   */
  readonly fallbacks?: string;
  /**
   * its fields of GET /api/config/webClient and /api/config/poracleWeb (each `{before?, fields(config)}`, read with
   * its own config spec's `read(config)`; objects merge into the answer's, a field is given once) and the secret
   * values of its config no answer may contain (`secrets(config)`)
   */
  readonly clientConfig?: ClientConfigContribution;
}

/** Everything a chat platform contributes. */
export interface PlatformPlugin {
  readonly kind: 'platform';
  readonly name: string;
  /** humans.type values it delivers to, e.g. `discord:user`, `webhook` */
  readonly targetTypes: readonly string[];
  /** the DTS `platform` its messages are rendered for (a Discord webhook renders `discord` templates) */
  readonly templatePlatform: string;
  /** how many destinations of this platform are delivered to in parallel ([tuning] concurrent_*); default 10 */
  readonly concurrency?: number;
  /** the command prefix users of this platform type (the `prefix` template variable); default none */
  readonly commandPrefix?: string;
  readonly dependencies?: readonly string[];
  start?(ctx: PlatformContext): Promise<void>;
  stop?(): Promise<void>;
  deliver(job: DeliveryJob): Promise<DeliveryOutcome>;
  /** deletes messages it delivered earlier (`clean` rules, at the alert's expiry) */
  remove?(target: DeliveryJob['target'], messageIds: readonly string[]): Promise<DeliveryOutcome>;
  /**
   * replaces a message it delivered earlier (`messageIds`, as `deliver` answered them) with the job's message (`edit`
   * rules); answers the ids the message now has (usually the same). A failure makes the core send the job as a new
   * message instead.
   */
  edit?(job: DeliveryJob, messageIds: readonly string[]): Promise<DeliveryOutcome>;
  /** its own chat commands (e.g. Discord's `channel`) */
  readonly commands?: readonly CommandDefinition[];
  /** other names DTS files may write for its `templatePlatform` (e.g. the spec's neutral `chat_a`); compared case-insensitively */
  readonly templatePlatformAliases?: readonly string[];
  /** the target type a human registered through the API without a `type` gets (the first registered platform's that names one) */
  readonly defaultTargetType?: string;
  /** its folder of bundled fallbacks (templates, help topics, reply translations), as AlertPlugin.fallbacks */
  readonly fallbacks?: string;
  /** HTTP routes it adds below /api (e.g. Discord's auto-create routes), as AlertPlugin.apiRoutes */
  readonly apiRoutes?: readonly ApiRoute[];
  /**
   * what a user administers on this platform by delegation (channels, webhooks, other users), in the previous
   * generation's shape: its part of GET /api/humans/{id}/getAdministrationRoles
   */
  administrationOf?(userId: string): Promise<Readonly<Record<string, unknown>>>;
  /**
   * runs its role check's full pass now (`dryRun`: report what it would do, change nothing); present when a check is
   * configured (POST /api/membership/check). Resolves to its report.
   */
  membershipPass?(options: { readonly dryRun: boolean }): Promise<object>;
}

/** The registrations a platform may make and remove itself (channels it creates, their webhooks and threads). */
export interface PlatformHumans {
  get(id: string): Promise<Human | null>;
  /** registers a human with its first profile (CONFLICT when the id exists); the tracking state is rebuilt soon after */
  register(human: NewHuman): Promise<Human>;
  /** removes the human and every row keyed by its id (rules, profiles, locations); false when there was none */
  delete(id: string): Promise<boolean>;
  /** every registration of these types (reconciliation passes) */
  list(types: readonly string[]): Promise<Human[]>;
  /** changes a registration's name or notes (reconciliation: names and channel notes kept current) */
  rename(id: string, patch: { readonly name?: string; readonly notes?: string }): Promise<Human>;
}

/**
 * Role and membership checks (core/membership): the platform says which registered humans still have access; the
 * core applies `[general] role_check_mode` (ignore / delete / disable-user, re-enable on return), logs and counts.
 */
export interface PlatformMembership {
  readonly mode: RoleCheckMode;
  enforce(verdicts: readonly MemberVerdict[], options: EnforceOptions): Promise<MembershipReport>;
  /** a periodic full pass whose last run is remembered across restarts (`name` keys it) */
  periodicPass(name: string, intervalHours: number, run: () => Promise<void>): PeriodicPass;
  /**
   * rewrites a registered user's `blocked_alerts` from the platform's command security and the roles it holds now
   * (role checks keep it current); resolves to the new list, or undefined when the user is not registered
   */
  syncBlockedAlerts(user: { readonly id: string; readonly roles?: readonly string[]; readonly isAdmin: boolean }): Promise<readonly string[] | null | undefined>;
  /**
   * with [area_security] on, sets a registered user's communities to those it belongs to now (by its roles or
   * groups) and its area_restriction to their location fences; nothing changes when they are the same
   */
  syncCommunities(humanId: string, communities: readonly string[]): Promise<void>;
}

export interface PlatformContext {
  readonly log: Logger;
  /** hands a chat message to the core's command framework; resolves to the replies to send */
  handleCommand(incoming: IncomingCommand): Promise<readonly CommandReply[]>;
  readonly humans: PlatformHumans;
  /** rebuilds the tracking state from the database now (new targets receive alerts); false when the rebuild failed */
  reloadState(): Promise<boolean>;
  readonly membership: PlatformMembership;
}

/** Core services a plugin may read. Getters return the current value (game data and fences reload). */
export interface CoreServices {
  gameData(): GameData;
  geofences(): GeofenceSet;
  /** icon URLs from the operator's UICONS repositories (imgUrl, imgUrlAlt, stickerUrl) */
  icons(): Icons;
  /** the current weather per weather cell, in memory: plugins that learn a condition publish it, any plugin reads it */
  weatherCells?(): WeatherCells;
  /** how often each species was seen shiny, in memory: the plugin counting sightings publishes, any plugin reads */
  shinyRates?(): ShinyRates;
  /**
   * the scanner database ([database.scanner]) when a feature reads it, else null: fort names and nearby forts,
   * cached and bounded in time (null or [] when it cannot answer). Plugins filling names a webhook lacks use
   * `missingFortName` (core/scanner-db/fort-name.ts), which also honours [general] populate_stop_name.
   */
  scannerDb?(): ScannerDbLookup | null;
  /** the hourly weather forecast per weather cell: installed by the plugin owning `[weather] enable_forecast`, read by any */
  weatherForecast?(): ForecastBoard;
  /** the service's own words inside alerts (notices) in a recipient's language, translated like the replies */
  texts?(): ServiceTexts;
  /**
   * times a call to a service outside (an HTTP API the plugin asks) into lookout_external_call_seconds{service,
   * outcome}: `externalCalls()('forecast', () => fetchIt())`; the plugin names the service
   */
  externalCalls?(): ExternalCallTimer;
}

/** A clock with timers: the real one, or a test's (AppOptions.clock). */
export interface PluginClock {
  now(): number;
  /**
   * runs `fn` once after `delayMs`; the answer cancels it. `fn` may return the promise of the work it starts (a test
   * clock waits for it before moving on; the real one does not)
   */
  after(delayMs: number, fn: () => unknown): () => void;
}

/** One alert a plugin composes and sends itself (AlertPluginRuntime.sendAlert), e.g. a scheduled digest. */
export interface PluginAlert {
  readonly human: Human;
  /** one of the plugin's DTS alert types */
  readonly alertType: string;
  readonly templateId: string | null;
  /** its variables in the recipient's language for the template platform rendered (made once per message) */
  view(scope: ViewScope): View;
  readonly ping?: string;
  readonly clean: number;
  /** unix ms after which it is stale (clean-up, dropped when still queued); null when unknown */
  readonly expiresAt: number | null;
  readonly location?: EventLocation;
  /** starts the event id of its log lines, e.g. `quest-summary` */
  readonly reference: string;
  /** already counted against a limit of the plugin's own: [alert_limits] do not apply (DeliveryJob.ownLimit) */
  readonly ownLimit?: boolean;
}

/** A static map for a tile server template other than an alert type's, e.g. a multi-pin digest map. */
export interface PluginStaticMap {
  /** where a provider without templates (google, osm, mapbox) centres its map */
  readonly location: EventLocation;
  /** the tile server template `poracle-<template>` */
  readonly template: string;
  /** what the tile server template is rendered with */
  readonly variables: Readonly<Record<string, unknown>>;
  readonly reference: string;
}

/** What an alert plugin's background work may use (AlertPlugin.start). */
export interface AlertPluginRuntime {
  readonly log: Logger;
  readonly clock: PluginClock;
  /** the database: the plugin's own tables (those its migrations create, or the core's it declares in `humanTables`) */
  readonly db: Knex;
  /** the metrics registry: the plugin registers its own (named `lookout_<plugin>_…`) */
  readonly metrics: Registry;
  /** the current tracking state (humans, profiles, rules) */
  snapshot(): Snapshot;
  /** rebuilds the tracking state from the database now; false when the rebuild failed */
  reloadState(): Promise<boolean>;
  /**
   * renders the alert for the human's platform and language ([general] locale when it has none) and queues it;
   * false when it was not queued (no platform serves the human, or the template failed, counted as for alerts)
   */
  sendAlert(alert: PluginAlert): Promise<boolean>;
  /** the map's URL from [geocoding] static_provider ('' with none, the [fallbacks] static_map when the tile server fails) */
  staticMap(request: PluginStaticMap): Promise<string>;
  /** reply texts in a language (null: [general] locale), from the reply translations (its fallbacks/locale included) */
  translator(language: string | null): (text: string, vars?: Readonly<Record<string, string | number>>) => string;
  /** queues a plain text message (a notice, not an alert) to the human; false when no platform serves it */
  sendText(human: Human, text: string, reference: string): Promise<boolean>;
}

/** What a plugin module's factory receives when the service starts. */
export interface PluginSetup {
  readonly config: Config;
  readonly rootDir: string;
  readonly log: Logger;
  readonly services: CoreServices;
}

/** An alert plugin with its event and index types erased (hooks are methods, so any concrete plugin fits). */
export type AnyAlertPlugin = AlertPlugin<unknown, unknown>;

export type Plugin = AnyAlertPlugin | PlatformPlugin;

/** Identity helpers: they only fix the types, so a plugin module reads as a manifest. */
export function defineAlertPlugin<E, I = undefined>(plugin: AlertPlugin<E, I>): AlertPlugin<E, I> {
  return plugin;
}

export function definePlatformPlugin(plugin: PlatformPlugin): PlatformPlugin {
  return plugin;
}
