/**
 * What the human, location and profile routes need from the app: the watched stores (every mutation
 * schedules the state reload), the loaded geofences and the tracking tables of the registered plugins.
 */
import type { GeofenceSet } from '../../geo/index.ts';
import type { AreaSecurityConfig } from '../../config/index.ts';
import type { Stores } from '../../state/watched-stores.ts';

export interface HumanApiDeps {
  readonly stores: Stores;
  readonly geofences: { readonly current: GeofenceSet };
  /** the tracking tables of the registered alert plugins (the schema's own are always included) */
  readonly trackingTables: () => readonly string[];
  /** the type of a human registered without one (the registered platforms' `defaultTargetType`); none = type required */
  readonly defaultTargetType?: string;
  /** [area_security]: which areas a community member may choose; absent = area security off */
  readonly areaSecurity?: AreaSecurityConfig;
  /** whether an id is a platform admin ([discord]/[telegram] admins): admins choose any area */
  isAdmin?(id: string): boolean;
  /** what a user administers, per platform name (the platforms' administrationOf) */
  administration?(id: string): Promise<Readonly<Record<string, unknown>>>;
}
