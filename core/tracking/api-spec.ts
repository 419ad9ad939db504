/**
 * How an alert plugin exposes one of its tracking tables in the HTTP API (`/api/tracking…`): the type name
 * clients use, how one body item becomes the table's columns, and which columns a POST may change in place.
 * The core reads the columns every table shares (template, clean, ping, distance and the per-rule overrides),
 * checks the reach rule errors, diffs against the human's rules and writes; the plugin only reads its own.
 */
import type { Config } from '../config/index.ts';
import type { GameData } from '../gamedata/game-data.ts';
import type { ApiItem } from './api-item.ts';

/** A rule's columns as a draft produces them (no uid, id or profile_no). */
export type RuleColumns = Readonly<Record<string, string | number | null>>;

/** What a draft may look things up in. */
export interface TrackingApiContext {
  readonly gameData: GameData;
  readonly config: Config;
}

/** The columns the core reads from every item itself (a draft never returns them). */
export const CORE_RULE_COLUMNS = ['template', 'clean', 'ping', 'distance', 'override_areas', 'override_location_label'] as const;

/** The fields the core reads or ignores in every item; anything else a draft does not read is refused. */
export const CORE_ITEM_FIELDS = [...CORE_RULE_COLUMNS, 'uid', 'id', 'profile_no', 'type', 'description', 'areas', 'location'] as const;

export interface TrackingApiSpec {
  /** the `{type}` of `/api/tracking/{type}/{id}` and the `type` of items of `POST /api/tracking/{id}`, e.g. `pokemon` */
  readonly type: string;
  /** further names accepted for `type` (e.g. `monster`) */
  readonly aliases?: readonly string[];
  /**
   * One body item → the rows it asks for, each with the table's own columns and their defaults (the core adds
   * the shared ones, see CORE_RULE_COLUMNS). Several rows when the item asks for several (a list of levels).
   * Every field is read through `item`, which refuses bad values with a 400 naming the field; fields the
   * draft never reads are refused as unknown. Pure.
   */
  draft(item: ApiItem, ctx: TrackingApiContext): readonly RuleColumns[];
  /**
   * Columns a POST may change in place: a new rule that differs from an existing one in exactly one of them
   * updates that row instead of adding one. Default: distance, template, clean.
   */
  readonly updatable?: readonly string[];
  /** the DTS alert types its rules render as (`template` must name one of theirs); default: the plugin's */
  readonly alertTypes?: readonly string[];
  /** the table has no `clean` column (e.g. `forts`) */
  readonly noClean?: boolean;
  /** the table has no `distance` or per-rule override columns (e.g. `weather`): giving them is refused */
  readonly noReach?: boolean;
  /** the table's `template` column is an integer (e.g. `weather`): a template id must be a whole number */
  readonly numericTemplate?: boolean;
}
