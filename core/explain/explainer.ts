/**
 * The explain service behind `GET /api/explain/{humanId}` and the `why` command: finds the kept events a question is
 * about — by the service's event id, by an id users quote (encounter, gym, pokestop: AlertPlugin.eventIds), or the
 * latest events of one type near the human — loads the human and its rules of every profile, and explains each
 * event (explain.ts). Errors are typed (ExplainError) with what was asked.
 */
import type { AnyAlertPlugin } from '../contract.ts';
import type { Human, RuleStore, Snapshot, TrackingRow } from '../model.ts';
import type { Fence } from '../geo/index.ts';
import { distanceMetres } from '../geo/index.ts';
import { LookoutError } from '../errors.ts';
import type { PluginRegistry } from '../registry.ts';
import { timeZoneAt } from '../enrich/time-zone.ts';
import { outcomeOf, type EventHistory, type HistoryEntry } from './event-history.ts';
import { explain, type ExplainInput, type Explanation } from './explain.ts';

export type ExplainQuery =
  /** a service event id, or an id users quote (encounter id, gym id, pokestop id) */
  | { readonly event: string }
  /** the latest `limit` events of a type (plugin name, alert type or webhook type; null = of every type) near the human */
  | { readonly type: string | null; readonly limit: number };

export type ExplainErrorCode = 'human_not_found' | 'nothing_kept' | 'event_not_kept' | 'unknown_type' | 'none_near';

export class ExplainError extends LookoutError {
  constructor(
    readonly reason: ExplainErrorCode,
    message: string,
    context: Readonly<Record<string, unknown>>,
  ) {
    super(reason === 'unknown_type' ? 'BAD_REQUEST' : 'NOT_FOUND', message, { reason, ...context });
  }
}

export interface ExplainerDeps {
  readonly registry: PluginRegistry;
  readonly history: EventHistory;
  readonly snapshot: () => Snapshot;
  readonly humans: { get(id: string): Promise<Human | null> };
  readonly rules: RuleStore;
  /** whether a plugin's disable switch is on */
  readonly switchedOff: (plugin: AnyAlertPlugin) => boolean;
  readonly strictLocations: boolean;
  readonly fencesAt?: (latitude: number, longitude: number) => readonly Fence[];
  /** a rule's one-line description in a language */
  readonly describe: (table: string, row: TrackingRow, language: string) => string;
  readonly defaultLanguage: string;
  /** [explain] near_metres */
  readonly nearMetres: number;
  /** [explain] max_age_minutes, for the words of "not kept" */
  readonly maxAgeMinutes: number;
}

/** a rule of a plugin's table as stored, with its table */
type PluginRow = ExplainInput['rows'][number];

/** the most events one question about "the latest near me" explains */
export const MAX_NEAR = 20;

export class Explainer {
  constructor(private readonly d: ExplainerDeps) {}

  async explain(humanId: string, query: ExplainQuery): Promise<Explanation[]> {
    const human = await this.d.humans.get(humanId);
    if (!human) throw new ExplainError('human_not_found', `no registration with id ${humanId}`, { humanId });
    if (!this.d.history.enabled) throw new ExplainError('nothing_kept', 'no events are kept to explain ([explain] events_per_type is 0)', { humanId });
    const entries = 'event' in query ? this.byId(query.event) : this.near(human, query.type === null ? null : this.pluginFor(query.type), Math.min(Math.max(1, query.limit), MAX_NEAR));
    if (entries.length === 0) {
      if ('event' in query)
        throw new ExplainError('event_not_kept', `no event ${query.event} among those kept (the last ${this.d.maxAgeMinutes} minutes, up to the [explain] events_per_type of each type)`, { humanId, event: query.event });
      throw new ExplainError('none_near', `no ${query.type ?? 'recent'} event near this registration among those kept (the last ${this.d.maxAgeMinutes} minutes)`, { humanId, type: query.type });
    }
    const rowsByPlugin = new Map<string, readonly PluginRow[]>();
    const out: Explanation[] = [];
    for (const entry of entries) {
      const plugin = this.pluginNamed(entry.plugin);
      if (!plugin) continue;
      let rows = rowsByPlugin.get(plugin.name);
      if (!rows) rowsByPlugin.set(plugin.name, (rows = await this.rowsOf(plugin, human.id)));
      out.push(this.explainEntry(plugin, entry, human, rows));
    }
    return out;
  }

  /** the plugin a type names: a plugin name, one of its alert types, or its webhook type */
  pluginFor(type: string): AnyAlertPlugin {
    const found = this.findPlugin(type);
    const types = this.explainable().map((p) => p.name).join(', ');
    if (!found) throw new ExplainError('unknown_type', `unknown alert type "${type}"; one of: ${types}`, { type, types });
    return found;
  }

  /** whether a word names an alert type (pluginFor would find it) */
  isType(word: string): boolean {
    return this.findPlugin(word) !== undefined;
  }

  private explainable(): readonly AnyAlertPlugin[] {
    return this.d.registry.alertPlugins.filter((p) => p.webhookTypes.length > 0);
  }

  private findPlugin(type: string): AnyAlertPlugin | undefined {
    const wanted = type.toLowerCase();
    const plugins = this.explainable();
    return (
      plugins.find((p) => p.name === wanted) ??
      plugins.find((p) => p.alertTypes.some((a) => a.toLowerCase() === wanted)) ??
      plugins.find((p) => p.webhookTypes.includes(wanted))
    );
  }

  private pluginNamed(name: string): AnyAlertPlugin | undefined {
    return this.d.registry.alertPlugins.find((p) => p.name === name);
  }

  private idsOf(plugin: AnyAlertPlugin, event: unknown): readonly string[] {
    if (!plugin.eventIds) return [];
    try {
      return plugin.eventIds(event);
    } catch {
      return [];
    }
  }

  /** the entries of a service event id; else, per plugin, the newest entry whose quoted ids include `id` (not a duplicate when one exists) */
  private byId(id: string): HistoryEntry[] {
    const own = this.d.history.byEventId(id);
    if (own.length > 0) return own;
    const found = new Map<string, HistoryEntry>();
    for (const entry of this.d.history.newestFirst()) {
      const kept = found.get(entry.plugin);
      if (kept && !kept.duplicate) continue;
      if (kept && entry.duplicate) continue;
      const plugin = this.pluginNamed(entry.plugin);
      if (plugin && this.idsOf(plugin, entry.event).includes(id)) found.set(entry.plugin, entry);
    }
    return [...found.values()].sort((a, b) => b.matchedAt - a.matchedAt);
  }

  /** the newest events of the plugin (null: of every plugin) near the human: in one of its areas, within near_metres of it, or sent to it */
  private near(human: Human, plugin: AnyAlertPlugin | null, limit: number): HistoryEntry[] {
    const out: HistoryEntry[] = [];
    const located = human.latitude !== 0 || human.longitude !== 0;
    for (const entry of this.d.history.newestFirst(plugin?.name)) {
      if (entry.duplicate) continue;
      const at = entry.location;
      const isNear =
        outcomeOf(entry, human.id) !== undefined ||
        human.area.some((a) => entry.areaNames.has(a)) ||
        (located && at !== null && distanceMetres(human.latitude, human.longitude, at.latitude, at.longitude) <= this.d.nearMetres);
      if (!isNear) continue;
      out.push(entry);
      if (out.length >= limit) break;
    }
    return out;
  }

  private async rowsOf(plugin: AnyAlertPlugin, humanId: string): Promise<PluginRow[]> {
    const rows: PluginRow[] = [];
    for (const table of plugin.trackingTables ?? []) for (const row of await this.d.rules.list(table.table, humanId)) rows.push({ table, row });
    return rows;
  }

  private explainEntry(plugin: AnyAlertPlugin, entry: HistoryEntry, human: Human, rows: readonly PluginRow[]): Explanation {
    const language = human.language ?? this.d.defaultLanguage;
    const location = entry.location ?? this.locate(plugin, entry.event);
    const fences = location && this.d.fencesAt ? this.d.fencesAt(location.latitude, location.longitude) : [];
    const zone = human.latitude !== 0 || human.longitude !== 0 ? timeZoneAt(human.latitude, human.longitude) : undefined;
    return explain({
      plugin,
      entry: entry.location === null && location ? { ...entry, location } : entry,
      human,
      locations: this.d.snapshot().locations.get(human.id),
      rows,
      switchedOff: this.d.switchedOff(plugin),
      served: this.d.registry.platformForTarget(human.type) !== undefined,
      strictLocations: this.d.strictLocations,
      areaNames: new Set(fences.map((f) => f.name.toLowerCase())),
      describe: (table, row) => this.d.describe(table, row, language),
      clock: (ms) => new Date(ms).toLocaleTimeString('en-GB', zone ? { timeZone: zone, hour12: false } : { hour12: false }),
      ids: this.idsOf(plugin, entry.event),
    });
  }

  private locate(plugin: AnyAlertPlugin, event: unknown) {
    try {
      return plugin.locate?.(event) ?? null;
    } catch {
      return null;
    }
  }
}
