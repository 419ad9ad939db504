/**
 * What the tracking routes need from the app: the watched stores (every write schedules the state reload),
 * the loaded fences, the [tracking] limits, game data, the tables the plugins serve, rule descriptions and
 * reply texts in the human's language, the template check, and the messenger for confirmations.
 */
import type { Config } from '../../../config/index.ts';
import type { Human, TrackingRow } from '../../../model.ts';
import type { TrackingApiSpec } from '../../../tracking/api-spec.ts';
import type { GameData } from '../../../gamedata/game-data.ts';
import type { GeofenceSet } from '../../../geo/index.ts';
import type { Stores } from '../../../state/watched-stores.ts';

/** One tracking table the API serves, as a plugin declared it. */
export interface ServedTable {
  readonly table: string;
  readonly api: TrackingApiSpec;
  /** the DTS alert types its rules render as */
  readonly alertTypes: readonly string[];
  /** the plugin's [general] disable switch is on: listed, never written */
  readonly switchedOff: boolean;
}

/** Translates an English reply text into a language (`{name}` placeholders filled from `vars`). */
export type ReplyTranslate = (language: string | null, text: string, vars?: Readonly<Record<string, string | number>>) => string;

export interface TrackingApiDeps {
  readonly stores: Stores;
  readonly geofences: { readonly current: GeofenceSet };
  readonly config: Config;
  readonly gameData: () => GameData;
  /** the served tables in the order `tracked` lists them */
  readonly tables: () => readonly ServedTable[];
  /** one rule's description by the plugin owning the table, in a language */
  readonly describe: (table: string, row: TrackingRow, language: string) => string;
  readonly translate: ReplyTranslate;
  /** the command prefix users of a target type type (`!`, `/`), for reply texts */
  readonly prefix: (targetType: string) => string;
  /** whether a template id exists for an alert type on the platform serving a target type; absent = not checked */
  readonly templateExists?: (alertType: string, targetType: string, templateId: string) => boolean;
  /** sends the confirmation of a change to the human; absent = none sent */
  readonly notify?: (human: Human, text: string) => Promise<boolean>;
}
