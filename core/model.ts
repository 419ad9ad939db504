/**
 * Domain records shared by the database stores, the state snapshot and the plugins.
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
