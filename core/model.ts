/**
 * Domain records shared by the database stores, the state snapshot and the plugins, and the snapshot and rendered
 * message themselves (the command types and the contract both use them, so they live below both).
 * Column names of the previous generation's schema map 1:1 onto these fields (see docs/database.md).
 */

/** A registered alert destination (`humans` row): a user, a channel, a thread, a group or a webhook. */
export interface Human {
  readonly id: string;
  /** `discord:user`, `discord:channel`, `discord:thread`, `webhook`, `telegram:user`, `telegram:channel`, `telegram:group`, `telegram:topic` */
  readonly type: string;
  readonly name: string;
  readonly enabled: boolean;
  /** lowercase geofence names (humans.area JSON) */
  readonly area: readonly string[];
  readonly latitude: number;
  readonly longitude: number;
  readonly fails: number;
  readonly lastChecked: Date | null;
  /** null = server default locale */
  readonly language: string | null;
  readonly adminDisable: boolean;
  readonly disabledDate: Date | null;
  readonly currentProfileNo: number;
  readonly communityMembership: readonly string[];
  /** null = unrestricted */
  readonly areaRestriction: readonly string[] | null;
  readonly notes: string;
  /** null = nothing blocked */
  readonly blockedAlerts: readonly string[] | null;
}

/** One entry of a profile's active hours: day 1 = Monday … 7 = Sunday. */
export interface ActiveHour {
  readonly day: number;
  readonly hours: number;
  readonly mins: number;
  readonly end_hours?: number;
  readonly end_mins?: number;
  readonly step?: number;
}

/** A `profiles` row. */
/** The name of profile 1, which every registration gets (by chat command or API). */
export const DEFAULT_PROFILE_NAME = 'default';

export interface Profile {
  readonly uid: number;
  readonly id: string;
  readonly profileNo: number;
  readonly name: string;
  readonly area: readonly string[];
  readonly latitude: number;
  readonly longitude: number;
  /** raw column text, kept verbatim so existing clients read back what they wrote */
  readonly activeHours: string;
}

/** A human's saved location (`user_locations` row, as PoracleNG names it); `label` is unique per human. */
export interface NamedLocation {
  readonly uid: number;
  readonly humanId: string;
  readonly label: string;
  readonly latitude: number;
  readonly longitude: number;
}

/** A raw row of a tracking table, as the database returns it. Plugins narrow it. */
export type TrackingRow = Readonly<Record<string, unknown>> & { readonly uid: number; readonly id: string; readonly profile_no: number };

/** Tracking rules of every table, for commands and the API. Mutations schedule a state reload. */
export interface RuleStore {
  list(table: string, humanId: string, profileNo?: number): Promise<TrackingRow[]>;
  /** inserts rows (without uid); returns them with their uid */
  insert(table: string, rows: readonly Record<string, unknown>[]): Promise<TrackingRow[]>;
  update(table: string, uid: number, patch: Readonly<Record<string, unknown>>): Promise<void>;
  /** deletes the rows with these uids that belong to the human; returns how many */
  deleteByUid(table: string, humanId: string, uids: readonly number[]): Promise<number>;
  /** deletes every row of the human (one profile or all) in the table; returns how many */
  deleteAll(table: string, humanId: string, profileNo?: number): Promise<number>;
}

/** The immutable snapshot matching reads. Built from the database, swapped atomically, never mutated. */
export interface Snapshot {
  readonly version: number;
  readonly builtAt: number;
  readonly humans: ReadonlyMap<string, Human>;
  /** profiles by human id, ordered by profile_no */
  readonly profiles: ReadonlyMap<string, readonly Profile[]>;
  /** named locations by human id, then lower-cased label */
  readonly locations: ReadonlyMap<string, ReadonlyMap<string, NamedLocation>>;
  /**
   * The rules of active humans (enabled, not admin-disabled) for their current profile, each as the table's
   * `read` made it from its row (the row itself when the table has no `read`). Raw rows are not kept. For a
   * table whose plugin builds an index, the list is there while the index is built and empty afterwards (the
   * index holds what matching needs; keeping both would double the memory of the largest tables).
   */
  activeRules<R = TrackingRow>(table: string): readonly R[];
  /**
   * The same rules not yet read, for an index that lays its rules out itself: it reads each rule in the order
   * it keeps them, so the rules one event visits lie side by side in memory (rules read as they load lie in
   * database order). Only for a table whose plugin builds an index, while the index is built; empty for a table
   * without rules.
   */
  pendingRules<R = TrackingRow>(table: string): PendingRules<R>;
  /** the index a plugin built for this snapshot (see AlertPlugin.buildIndex) */
  index<I>(plugin: string): I;
}

/** The active rules of a table before they are read (Snapshot.pendingRules), in row (uid) order. */
export interface PendingRules<R> {
  readonly length: number;
  /** the i-th rule, read from its row by the table's `read` now: a new object on every call */
  read(i: number): R;
  /** one column of every row as `read` sees it, without building the rows: `(i) => value` (to group rows before reading them) */
  column(name: string): (i: number) => unknown;
}

/** A link button under a message: the text it shows and the http(s) URL it opens. */
export interface MessageButton {
  readonly label: string;
  readonly url: string;
}

/** A message ready for a platform: the DTS body (`embed`/`content`/… for discord, `content`/`sticker`/… for telegram). */
export interface RenderedMessage {
  readonly platform: string;
  readonly body: Readonly<Record<string, unknown>>;
  /**
   * the entry's link buttons as rendered for this recipient, in rows (at most 5 rows of at most 5): Discord sends
   * them as link buttons, Telegram as an inline keyboard. Absent when there are none.
   */
  readonly buttons?: readonly (readonly MessageButton[])[];
}
