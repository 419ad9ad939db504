/**
 * Registers alert and platform plugins. Everything is validated before any plugin runs: names, the closed
 * set of hook names and their shapes, disable switches, tracking tables, target types and dependencies.
 * A problem stops the start with one error listing every problem, each naming the plugin. The member tables
 * below are the one list of what a plugin may hold, checked by the compiler against core/contract.ts, and the
 * source of docs/hooks.md's member tables. Plugins are kept in dependency order (core/plugin-order.ts).
 */
import { SWITCH_KEY } from './config/plugin-config.ts';
import type { AnyAlertPlugin, PlatformPlugin, Plugin, TrackingTableSpec } from './contract.ts';
import { migrationListProblem } from './db/plugin-migrations/validate.ts';
import { LookoutError } from './errors.ts';
import type { MemberTable } from './member-table.ts';
import { orderByDependencies } from './plugin-order.ts';
import type { GameDataSource } from './gamedata/source.ts';
import type { ApiRoute } from './http/api/plugin-routes.ts';
import type { IconKind } from './icons/index.ts';
import { checkContribution, contributionClashes, type ContributionRule } from './registry-contributions.ts';
import { clientConfigProblem } from './http/api/client-config-parts.ts';

const NAME = /^[a-z][a-z0-9-]*$/;

type FieldRule = 'commands' | 'testData' | 'variables' | 'string' | 'text' | 'positiveInt' | 'boolean' | 'strings' | 'function' | 'tables' | 'kind' | 'switches' | 'migrations' | ContributionRule | 'clientConfig';


/** When a required alert plugin member must be there: always, or when the plugin reads webhooks. */
type AlertRequirement = 'always' | 'withWebhooks';

/** Members both plugin kinds have, documented alike. */
const NAME_MEMBER = { rule: 'string', kind: 'data', required: 'always', called: 'registration', must: 'unique among all plugins, `^[a-z][a-z0-9-]*$`; labels its metrics and log lines' } as const;
const FALLBACKS_MEMBER = { rule: 'string', kind: 'data', called: 'template and translation loading', must: "the absolute path of its folder of bundled fallbacks (`fileURLToPath(new URL('./fallbacks/', import.meta.url))`): `dts.json` (its templates and help topics) and `locale/<lang>.json` (its reply translations), loaded after the core's and before config/" } as const;
const DEPENDENCIES_MEMBER = { rule: 'strings', kind: 'data', called: 'registration', must: 'names of plugins it runs after (see Order); each must be registered, and no cycle is allowed' } as const;

/** The two longest entries' documentation. */
const TRACKING_TABLES_MUST =
  "each table's active rows are loaded page by page and turned into typed rules by its `read` (row → rule) as they arrive; raw rows are never kept. `read` runs half a million times at the largest population: read columns by name (`intValue(row.min_iv, -1)`) rather than through a computed key (`intColumn(row, 'min_iv', -1)`), which cost the monster reader ~0.2 s per reload there. `blockKind` is checked against `humans.blocked_alerts`; `title` and `order` place its section in `tracked`. `api` (`TrackingApiSpec`) serves the table at `/api/tracking…`: the type name, `draft(item, ctx)` (pure: one body item read through `ApiItem` → the table's own columns, several rows when the item asks for several), the `updatable` columns of the diff, `noClean` for a table without `clean`, `noReach` for one without distance/override columns and `numericTemplate` for an integer `template` (docs/api.md)";
const BUILD_INDEX_MUST =
  "build the rule index matching reads from `snapshot.activeRules(table)` (off the hot path); afterwards the snapshot lets go of those lists, so the index keeps what matching needs. Copy a large bucket's rules side by side with `core/match/compact-copy.ts`. A table with hundreds of thousands of rules is better read with `snapshot.pendingRules(table)`: its rows are still packed, `column(name)` groups them without reading them, and `read(i)` reads one rule (a new object each time), so the index reads each list's rules straight into the copies it keeps and never holds a second set (the monster index does; see docs/performance.md for why a rule read and kept between two passes costs a full collection). A large index returns `indexInSteps(generator)` (`core/match/index-steps.ts`): the generator `yield`s between pieces of work (a bucket) and returns the index; the state manager runs it in ~20 ms slices with the event loop turning in between, a snapshot built from data in hand (tests) runs it whole";

/**
 * The closed list of an alert plugin's members, in the order docs/hooks.md lists them; anything else is refused at
 * registration. Each entry: `rule` (the check), `kind` (data/sync/async), `required` (only on the interface's
 * required members), `shape` (how the docs write a hook), `called` and `must` (its documentation).
 * docs/hooks.md's alert table is generated from it (`npm run docs:hooks`).
 */
export const ALERT_MEMBERS: MemberTable<AnyAlertPlugin, FieldRule, AlertRequirement> = {
  kind: { rule: 'kind', kind: 'data', required: 'always', called: 'registration', must: '`"alert"`' },
  name: NAME_MEMBER,
  webhookTypes: { rule: 'strings', kind: 'data', required: 'always', called: 'registration', must: 'the webhook `type` strings it parses; may be shared between plugins (e.g. `pokestop`) and may be empty (greeting)' },
  alertTypes: { rule: 'strings', kind: 'data', required: 'always', called: 'registration', must: 'the DTS alert types it renders; each is rendered by one plugin only' },
  dependencies: DEPENDENCIES_MEMBER,
  trackingTables: { rule: 'tables', kind: 'data', called: 'every state build', must: TRACKING_TABLES_MUST },
  testData: { rule: 'testData', kind: 'data', called: '`service-test <kind>`', must: '`{kind, webhooks: [{test, type, location?, webhook}]}` — sample webhooks under one test kind' },
  templateVariables: { rule: 'variables', kind: 'data', called: 'docs, editors', must: 'the variable names it provides per alert type' },
  commands: { rule: 'commands', kind: 'data', called: 'registration; when a user types one', must: 'its chat commands (`CommandDefinition`: `name`, `run`, …; docs/commands.md); a word claimed twice stops the start, a command that throws is counted (see Errors)' },
  describeRule: { rule: 'function', kind: 'sync', shape: 'describeRule(table, row, ctx)', called: '`tracked`, once per rule of its tables', must: 'one line describing the rule (e.g. "**Pikachu** | iv: 90%-100%"), translated with `ctx.t`' },
  buildIndex: { rule: 'function', kind: 'sync', shape: 'buildIndex(snapshot)', called: 'once per state build', must: BUILD_INDEX_MUST },
  parse: { rule: 'function', kind: 'sync', required: 'withWebhooks', shape: 'parse(raw, ctx)', called: 'first, every item of its types', must: 'return `{ok:true,event}`, `{ok:false,reason}` (counted as malformed) or `{ok:false,skip:true}` (not mine)' },
  dedupeKey: { rule: 'function', kind: 'sync', shape: 'dedupeKey(event)', called: 'after parse', must: 'repeats within `[tuning] encounter_cache_ttl` are dropped; null = never a duplicate' },
  observe: { rule: 'function', kind: 'sync', shape: 'observe(event, ctx)', called: 'every new (not duplicate) event', must: 'statistics the plugin keeps (rarity, shiny rates); no matching here' },
  match: { rule: 'function', kind: 'sync', required: 'withWebhooks', shape: 'match(event, snapshot, index, ctx)', called: 'after dedupe', must: 'pure: return `Match[]`; never touch the database. `core/match/` has the shared rule modes (`ruleReaches`) and `oncePerHuman`' },
  expiresAt: { rule: 'function', kind: 'sync', shape: 'expiresAt(event)', called: 'after parse', must: 'unix ms the event ends (dedupe lifetime, clean-up; an alert whose turn to be delivered comes later, or with less than `[general] alert_minimum_time` left, is dropped as stale), or null' },
  editKey: { rule: 'function', kind: 'sync', shape: 'editKey(event)', called: 'once per event with matches, only when a matched rule has the `edit` bit, `[tracking] reply_chains` is on or the plugin sets `repliesToEarlier`', must: 'what the event is about: `{key, until, followUpAlertType?}` (e.g. `raid:<gym>:<end>`; unix ms the message is remembered; the alert type a reply to the earlier message renders instead, e.g. a compact RSVP update), so a later event with the same key edits the recipient\'s earlier message (`edit` rules) or replies to it (docs/delivery.md); null when none' },
  repliesToEarlier: { rule: 'boolean', kind: 'data', called: 'once per event with matches', must: 'true: its `editKey` is asked for every recipient (not only `edit` rules), and a new message about a key the recipient already got one about goes as a reply to it (as the key\'s `followUpAlertType` when it names one) whatever `[tracking] reply_chains` says — e.g. monster change events (`[tracking] pokemon_change_tracking`); needs `[tuning] sent_message_memory` above 0' },
  followUpKey: { rule: 'function', kind: 'sync', shape: 'followUpKey(event)', called: 'with `repliesToEarlier`, every event that passes dedupe, after `match`', must: 'O(1): the `EditKey` (with `followUpAlertType`) of an event that is news for everyone who got a message about its thing (e.g. a monster that changed species): its remembered recipients whose rules no longer match get it too, as that alert type with their default template (enabled, not admin-disabled, not blocking the kind); null for most events' },
  explainRule: { rule: 'function', kind: 'sync', shape: 'explainRule(event, rule, ctx)', called: '"why didn\'t I get this alert?" (`GET /api/explain`, `why`), once per rule of the asking human', must: 'the rule\'s verdict (`core/explain/verdict.ts`: `FIRES` or `missed(code, words, values)`) from the very checks `match` runs, reach included (`reachVerdict`), evaluated at `ctx.now()` (when the event was matched); a test asserts it says FIRES exactly when `match` matches' },
  historyCopy: { rule: 'function', kind: 'sync', shape: 'historyCopy(event)', called: 'once per matched event while `[explain] events_per_type` is above 0', must: 'a shallow copy of the event without what the explanation never reads (its raw webhook): what the history keeps; the default keeps the event itself' },
  eventIds: { rule: 'function', kind: 'sync', shape: 'eventIds(event)', called: 'when an explanation looks an event up', must: 'the ids users quote for the event (encounter, gym, pokestop id)' },
  previewVariables: { rule: 'function', kind: 'sync', shape: 'previewVariables(alertType, event, view, scope)', called: 'by previews only (the studio, POST /api/dts/render), once per previewed recipient', must: 'for an alert type whose variables exist only in context (a change\'s `original.*`, a digest\'s `quests`), those variables made from the previewed event as an example, or null' },
  alertTypeOf: { rule: 'function', kind: 'sync', shape: 'alertTypeOf(event)', called: '`service-test`, when the event reaches someone without a rule', must: 'the alert type the event renders as' },
  validationType: {
    rule: 'function',
    kind: 'sync',
    shape: 'validationType(event)',
    called: 'after match, only with `[validation] url` set',
    must: "the `webhook_type` the validation hook is told, in PoracleNG's names (`egg` for a raid without a boss, `gym` for `gym_details`…); default: the webhook's `type`",
  },
  locate: { rule: 'function', kind: 'sync', shape: 'locate(event)', called: 'before match', must: 'where the event is; the core computes its geofences once (`ctx.fences`, `ctx.areaNames`) and the common variables' },
  enrich: { rule: 'function', kind: 'async', shape: 'enrich(event, ctx)', called: 'once per event with matches', must: 'variables shared by every recipient' },
  enrichLanguage: { rule: 'function', kind: 'sync', shape: 'enrichLanguage(event, view, {language, platform}, ctx)', called: 'once per language and template platform', must: 'translated names, platform emoji' },
  enrichTarget: { rule: 'function', kind: 'sync', shape: 'enrichTarget(event, view, match, ctx)', called: 'once per recipient', must: 'distance, bearing…' },
  hold: { rule: 'function', kind: 'sync', shape: 'hold(event, matches, ctx)', called: 'after matching, every event with matches (not `service-test`)', must: 'keep the matches it delivers later itself (a scheduled digest: count and persist them) and return those delivered now' },
  start: { rule: 'function', kind: 'async', shape: 'start(runtime)', called: 'start, once the pipeline and the delivery queue run, before the platforms, in plugin order', must: 'begin its background work with `AlertPluginRuntime` (clock and timers, its tables, its metrics, the snapshot, `sendAlert` rendering and queueing one alert of its own, `staticMap` for a tile server template of its own, `translator` and `sendText` for plain notices); a throw stops the start' },
  stop: { rule: 'function', kind: 'async', shape: 'stop()', called: 'shutdown, after the intake drained and before the delivery queue does, in reverse plugin order', must: 'end its timers and write what it keeps' },
  disableSwitches: { rule: 'switches', kind: 'data', called: 'every item, every command, the API, client config', must: '`DisableSwitchSpec[]`: `{key, webhookTypes?, clientNames?}`, `[general]` booleans (default false) named `disable_*`, the same list its module\'s config spec declares (`definePluginConfig`); core/switches.ts alone reads them: the core skips the plugin (for `webhookTypes` only, when given), refuses its commands and API types, and tells web clients `clientNames`' },
  migrations: { rule: 'migrations', kind: 'data', called: "every start, after the core's migrations", must: "its own schema changes, numbered 1, 2, 3…: `{version, name, up(knex, ctx)}`, `up` getting the transaction and `{plugin, dialect, log, tableOptions(t)}`; each runs once per database, recorded in `plugin_migrations` (docs/database.md, \"Plugin migrations\")" },
  humanTables: { rule: 'strings', kind: 'data', called: 'deleting a human', must: 'its tables, other than its rule tables, holding one human\'s rows in an `id` column: emptied of them with the human (rule tables of `trackingTables` always are)' },
  gameDataSources: { rule: 'gameDataSources', kind: 'data', called: 'start-up download, then first use', must: '`GameDataSource[]` (`core/gamedata/source.ts`): `{name, url(config), looksValid(raw), whenMissing?, parse(raw, gameData)}`; downloaded and cached as `resources/<name>.json` with the masterfile, parsed once per GameData, read with `gameData.source(source)` (docs/gamedata.md). A name is contributed once' },
  iconKinds: { rule: 'iconKinds', kind: 'data', called: 'registration', must: "`IconKind[]` (`core/icons/types.ts`): `{folder, flags?(options)}`, the UICONS folders of its own pictures (raid eggs, invasion characters); resolved by `iconSet.icon(kind, id, options)` like the core's kinds. A folder is claimed once" },
  apiRoutes: { rule: 'apiRoutes', kind: 'data', called: 'HTTP server start', must: "`ApiRoute[]` (`core/http/api/plugin-routes.ts`): `{method, path, handler(request, ctx)}` mounted below `/api` with the core's secret, IP lists and error shape (docs/api.md, \"Routes of plugins\"); a method and path is contributed once" },
  fallbacks: FALLBACKS_MEMBER,
  clientConfig: { rule: 'clientConfig', kind: 'data', called: 'HTTP server start (clash check), every GET /api/config/webClient and /api/config/poracleWeb', must: "`ClientConfigContribution` (`core/http/api/client-config-parts.ts`): `{webClient?, poracleWeb?, secrets?(config)}`, each part `{before?, fields(config)}` reading the plugin's own config spec (`read(config)`). The parts merge into the core's answer in plugin order: an object field merges key by key into the answer's object of that name, new top-level fields go before the key `before` (the previous generation's key order) or last. A field given twice (by the core or another plugin) stops the start; `secrets` lists values (API keys) scrubbed from every answer (docs/api.md, \"Client configuration\")" },
};

/** The closed list of a platform plugin's members, like ALERT_MEMBERS; docs/hooks.md's platform table comes from it. */
export const PLATFORM_MEMBERS: MemberTable<PlatformPlugin, FieldRule> = {
  kind: { rule: 'kind', kind: 'data', required: 'always', called: 'registration', must: '`"platform"`' },
  name: NAME_MEMBER,
  targetTypes: { rule: 'strings', kind: 'data', required: 'always', called: 'registration', must: 'the `humans.type` values it delivers to; each is claimed by one platform only' },
  templatePlatform: { rule: 'string', kind: 'data', required: 'always', called: 'every render', must: 'the DTS `platform` its messages are rendered for' },
  concurrency: { rule: 'positiveInt', kind: 'data', called: 'start', must: 'how many of its destinations the delivery queue serves in parallel (default 10)' },
  commandPrefix: { rule: 'text', kind: 'data', called: 'every render, `help`', must: 'the `prefix` template variable for its users' },
  dependencies: DEPENDENCIES_MEMBER,
  start: { rule: 'function', kind: 'async', shape: 'start(ctx)', called: 'start, in plugin order', must: 'bring the client up; hand chat messages to `ctx.handleCommand`' },
  stop: { rule: 'function', kind: 'async', shape: 'stop()', called: 'shutdown, in reverse plugin order', must: 'bring the client down' },
  deliver: { rule: 'function', kind: 'async', required: 'always', shape: 'deliver(job)', called: 'every message, from the delivery queue', must: 'send; return `{ok:true, messageIds?, degraded?}` or `{ok:false, permanent, reason, retryAfterMs?}` (transient failures are retried by the queue; `degraded` reasons are counted in lookout_deliveries_degraded_total)' },
  remove: { rule: 'function', kind: 'async', shape: 'remove(target, messageIds)', called: "at an alert's expiry (`clean` rules)", must: 'delete the messages it delivered earlier; return an outcome like `deliver`' },
  edit: { rule: 'function', kind: 'async', shape: 'edit(job, messageIds)', called: 'instead of `deliver`, for a recipient whose `edit` rule got a message about the same thing before (`AlertPlugin.editKey`)', must: 'replace those messages (as `deliver` answered their ids) with the job\'s message; return an outcome like `deliver` (with the ids the message has now); a failure makes the core send the job as a new message' },
  commands: { rule: 'commands', kind: 'data', called: 'registration; when a user types one', must: "its own chat commands (e.g. Discord's `channel`), like an alert plugin's" },
  templatePlatformAliases: { rule: 'strings', kind: 'data', called: 'template loading', must: 'other names DTS files may write for its `templatePlatform` (e.g. `chat_a`); an alias stands for one platform only' },
  defaultTargetType: { rule: 'string', kind: 'data', called: 'API registration', must: 'the `humans.type` an API registration without a type gets (one of its `targetTypes`)' },
  fallbacks: FALLBACKS_MEMBER,
  apiRoutes: { rule: 'apiRoutes', kind: 'data', called: 'HTTP server start', must: "its HTTP routes below `/api`, like an alert plugin's (e.g. Discord's `/api/autocreate/*`)" },
  membershipPass: { rule: 'function', kind: 'async', shape: 'membershipPass({dryRun})', called: 'POST /api/membership/check', must: 'run its role check\'s full pass now (a dry run changes nothing) and resolve to its report' },
  administrationOf: { rule: 'function', kind: 'async', shape: 'administrationOf(userId)', called: 'GET /api/humans/{id}/getAdministrationRoles', must: 'what the user administers on this platform by delegation (`{channels, webhooks?, users}`), answered under the platform\'s name' },
};

/** The members a plugin must have: the table's required entries (an alert plugin's hooks only when it reads webhooks). */
function requiredMembers(plugin: Record<string, unknown>): string[] {
  const table: Readonly<Record<string, { readonly required?: AlertRequirement }>> = plugin.kind === 'platform' ? PLATFORM_MEMBERS : ALERT_MEMBERS;
  const readsWebhooks = Array.isArray(plugin.webhookTypes) && plugin.webhookTypes.length > 0;
  return Object.keys(table).filter((key) => table[key]?.required === 'always' || (table[key]?.required === 'withWebhooks' && readsWebhooks));
}

function isTestData(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const data = value as { kind?: unknown; webhooks?: unknown };
  return (
    typeof data.kind === 'string' &&
    Array.isArray(data.webhooks) &&
    data.webhooks.every((w: unknown) => {
      const hook = w as { test?: unknown; type?: unknown; webhook?: unknown } | null;
      return typeof hook?.test === 'string' && typeof hook.type === 'string' && typeof hook.webhook === 'object' && hook.webhook !== null;
    })
  );
}

const isOptionalText = (value: unknown): boolean => value === undefined || (typeof value === 'string' && value.length > 0);

function isTrackingApiSpec(value: unknown): boolean {
  if (value === undefined) return true;
  if (typeof value !== 'object' || value === null) return false;
  const api = value as { type?: unknown; aliases?: unknown; draft?: unknown };
  const names = [api.type, ...(Array.isArray(api.aliases) ? api.aliases : api.aliases === undefined ? [] : [null])];
  return names.every((n) => typeof n === 'string' && NAME.test(n)) && typeof api.draft === 'function';
}

function isTrackingTableSpec(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const spec = value as { table?: unknown; blockKind?: unknown; title?: unknown; api?: unknown };
  return typeof spec.table === 'string' && spec.table.length > 0 && isOptionalText(spec.blockKind) && isOptionalText(spec.title) && isTrackingApiSpec(spec.api);
}

const isNameList = (value: unknown): boolean => value === undefined || (Array.isArray(value) && value.every((v) => typeof v === 'string' && v.length > 0));

function isSwitchSpec(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const spec = value as { key?: unknown; webhookTypes?: unknown; clientNames?: unknown };
  return typeof spec.key === 'string' && SWITCH_KEY.test(spec.key) && isNameList(spec.webhookTypes) && isNameList(spec.clientNames);
}

function checkField(rule: FieldRule, value: unknown): string | null {
  switch (rule) {
    case 'kind':
      return value === 'alert' || value === 'platform' ? null : 'must be "alert" or "platform"';
    case 'string':
      return typeof value === 'string' && value.length > 0 ? null : 'must be a non-empty string';
    case 'commands':
      return Array.isArray(value) && value.every((c: unknown) => typeof (c as { name?: unknown })?.name === 'string' && typeof (c as { run?: unknown }).run === 'function')
        ? null
        : 'must be an array of { name, run } command definitions';
    case 'testData':
      return isTestData(value) ? null : 'must be { kind: string, webhooks: [{ test, type, webhook: {…} }] }';
    case 'variables':
      return typeof value === 'object' && value !== null && Object.values(value).every((list) => Array.isArray(list) && list.every((v) => typeof v === 'string'))
        ? null
        : 'must map alert types to arrays of variable names';
    case 'text':
      return typeof value === 'string' ? null : 'must be a string';
    case 'positiveInt':
      return Number.isInteger(value) && (value as number) > 0 ? null : 'must be a positive integer';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'strings':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && v.length > 0) ? null : 'must be an array of non-empty strings';
    case 'function':
      return typeof value === 'function' ? null : 'must be a function';
    case 'tables':
      return Array.isArray(value) && value.every(isTrackingTableSpec) ? null : 'must be an array of { table, blockKind?, title?, api?: { type, aliases?, draft } } (non-empty strings; api names lower-case)';
    case 'switches':
      return Array.isArray(value) && value.every(isSwitchSpec) ? null : `must be an array of { key, webhookTypes?, clientNames? } (key matching ${SWITCH_KEY}; lists of non-empty strings)`;
    case 'migrations':
      return migrationListProblem(value);
    case 'gameDataSources':
    case 'iconKinds':
    case 'apiRoutes':
      return checkContribution(rule, value);
    case 'clientConfig':
      return clientConfigProblem(value);
  }
}

function shapeProblems(plugin: Record<string, unknown>): string[] {
  const label = typeof plugin.name === 'string' ? `plugin "${plugin.name}"` : 'a plugin without a name';
  const members: Readonly<Record<string, { readonly rule: FieldRule }>> = plugin.kind === 'platform' ? PLATFORM_MEMBERS : ALERT_MEMBERS;
  const problems: string[] = [];
  for (const key of requiredMembers(plugin)) if (plugin[key] === undefined) problems.push(`${label}: missing "${key}"`);
  for (const [key, value] of Object.entries(plugin)) {
    const spec = Object.hasOwn(members, key) ? members[key] : undefined;
    if (!spec) problems.push(`${label}: unknown member "${key}" (known: ${Object.keys(members).join(', ')})`);
    else if (value !== undefined) {
      const why = checkField(spec.rule, value);
      if (why) problems.push(`${label}: "${key}" ${why}`);
    }
  }
  if (typeof plugin.name === 'string' && !NAME.test(plugin.name)) problems.push(`${label}: name must match ${NAME}`);
  return problems;
}

function duplicates<T>(items: readonly T[]): T[] {
  const seen = new Set<T>();
  return items.filter((item) => (seen.has(item) ? true : (seen.add(item), false)));
}

function crossProblems(plugins: readonly Plugin[]): string[] {
  const problems: string[] = [];
  const names = plugins.map((p) => p.name);
  for (const name of duplicates(names)) problems.push(`plugin name "${name}" is registered twice`);
  const tables = plugins.flatMap((p) => (p.kind === 'alert' ? [...(p.trackingTables ?? []).map((t) => t.table), ...(p.humanTables ?? [])] : []));
  for (const table of duplicates(tables)) problems.push(`table "${table}" is claimed by more than one plugin (trackingTables, humanTables)`);
  const apiNames = plugins.flatMap((p) => (p.kind === 'alert' ? (p.trackingTables ?? []).flatMap((t) => (t.api ? [t.api.type, ...(t.api.aliases ?? [])] : [])) : []));
  for (const name of duplicates(apiNames)) problems.push(`tracking API type "${name}" is claimed by more than one table`);
  const targets = plugins.flatMap((p) => (p.kind === 'platform' ? p.targetTypes : []));
  for (const target of duplicates(targets)) problems.push(`target type "${target}" is claimed by more than one platform`);
  const alertTypes = plugins.flatMap((p) => (p.kind === 'alert' ? p.alertTypes : []));
  for (const type of duplicates(alertTypes)) problems.push(`alert type "${type}" is rendered by more than one plugin`);
  for (const plugin of plugins) {
    for (const dep of plugin.dependencies ?? []) if (!names.includes(dep)) problems.push(`plugin "${plugin.name}" depends on "${dep}", which is not registered`);
  }
  problems.push(...contributionClashes(plugins.filter((p): p is AnyAlertPlugin => p.kind === 'alert'), plugins.filter((p): p is PlatformPlugin => p.kind === 'platform')));
  return problems;
}

export class PluginRegistry {
  /** every plugin in plugin order (dependencies first, otherwise by name); alertPlugins and platforms keep it */
  readonly plugins: readonly Plugin[];
  readonly alertPlugins: readonly AnyAlertPlugin[];
  readonly platforms: readonly PlatformPlugin[];
  private readonly byWebhookType: ReadonlyMap<string, readonly AnyAlertPlugin[]>;
  private readonly byTargetType: ReadonlyMap<string, PlatformPlugin>;
  private readonly blockKinds: ReadonlyMap<string, string | undefined>;

  private constructor(plugins: readonly Plugin[]) {
    this.plugins = Object.freeze([...plugins]);
    this.alertPlugins = Object.freeze(plugins.filter((p): p is AnyAlertPlugin => p.kind === 'alert'));
    this.platforms = Object.freeze(plugins.filter((p): p is PlatformPlugin => p.kind === 'platform'));
    const byType = new Map<string, AnyAlertPlugin[]>();
    for (const plugin of this.alertPlugins) for (const type of plugin.webhookTypes) byType.set(type, [...(byType.get(type) ?? []), plugin]);
    this.byWebhookType = byType;
    this.byTargetType = new Map(this.platforms.flatMap((p) => p.targetTypes.map((t) => [t, p] as const)));
    this.blockKinds = new Map(this.alertPlugins.flatMap((p) => (p.trackingTables ?? []).map((t) => [t.table, t.blockKind] as const)));
  }

  /** The blocked_alerts kind of a tracking table, if its plugin declared one. */
  blockKindOf(table: string): string | undefined {
    return this.blockKinds.get(table);
  }

  /**
   * Validates every plugin, then orders (core/plugin-order.ts: dependencies first, otherwise by name) and freezes
   * the set. Throws PLUGIN_INVALID listing every problem, a dependency cycle included.
   */
  static create(plugins: readonly Plugin[]): PluginRegistry {
    const problems = plugins.flatMap((p) => shapeProblems(p as unknown as Record<string, unknown>));
    if (problems.length === 0) problems.push(...crossProblems(plugins));
    const order = problems.length === 0 ? orderByDependencies(plugins) : null;
    if (order && !order.ok) problems.push(`plugins depend on each other in a cycle: ${order.cycle.join(' → ')}`);
    if (problems.length > 0 || !order?.ok) {
      throw new LookoutError('PLUGIN_INVALID', `invalid plugin registration:\n  - ${problems.join('\n  - ')}`, { problems });
    }
    return new PluginRegistry(order.plugins);
  }

  pluginsForWebhook(type: string): readonly AnyAlertPlugin[] {
    return this.byWebhookType.get(type) ?? [];
  }

  platformForTarget(targetType: string): PlatformPlugin | undefined {
    return this.byTargetType.get(targetType);
  }

  webhookTypes(): readonly string[] {
    return [...this.byWebhookType.keys()];
  }

  /** The game-data sources of every alert plugin, in plugin order. */
  gameDataSources(): readonly GameDataSource[] {
    return this.alertPlugins.flatMap((p) => p.gameDataSources ?? []);
  }

  /** The icon kinds of every alert plugin, in plugin order. */
  iconKinds(): readonly IconKind[] {
    return this.alertPlugins.flatMap((p) => p.iconKinds ?? []);
  }

  /** The API routes of every alert plugin, then of every platform, in plugin order. */
  apiRoutes(): readonly ApiRoute[] {
    return [...this.alertPlugins, ...this.platforms].flatMap((p) => p.apiRoutes ?? []);
  }

  /** Every tracking table with the plugin that owns it. */
  trackingTables(): readonly (TrackingTableSpec & { readonly plugin: string })[] {
    return this.alertPlugins.flatMap((p) => (p.trackingTables ?? []).map((t) => ({ ...t, plugin: p.name })));
  }

  /** Every plugin table of per-human rows that is not a rule table (`humanTables`). */
  humanTables(): readonly string[] {
    return this.alertPlugins.flatMap((p) => p.humanTables ?? []);
  }
}
