/**
 * The shapes of the icon service: one icon repository (`IconSet`, UICONS layout), the three repositories an
 * operator configures (`Icons`: [general] img_url, img_url_alt, sticker_url) and the running service.
 */

/** What distinguishes one creature picture from another; 0 / absent = not specified. */
export interface PokemonIconOptions {
  readonly form?: number;
  /** temporary evolution (mega / primal) */
  readonly evolution?: number;
  readonly gender?: number;
  readonly costume?: number;
  /** 1 shadow, 2 purified */
  readonly alignment?: number;
  /** only when the sighting is shiny and [general] request_shiny_images is on (the caller decides) */
  readonly shiny?: boolean;
  /** bread (dynamax / gigantamax) mode */
  readonly bread?: number;
}

export interface GymIconOptions {
  readonly trainerCount?: number;
  readonly inBattle?: boolean;
  readonly ex?: boolean;
}

export interface PokestopIconOptions {
  /** the lure's item id (501…), 0 / absent = not lured */
  readonly lure?: number;
  readonly invasionActive?: boolean;
  readonly questActive?: boolean;
  readonly ar?: boolean;
  /** power-up level 1–3 */
  readonly power?: number;
}

/** The reward folders of a UICONS repository (`reward/<kind>/`). */
export type RewardKind = 'item' | 'stardust' | 'candy' | 'xl_candy' | 'mega_resource' | 'experience' | 'pokecoin' | 'memory';

/**
 * A family of pictures in one folder of a UICONS repository that an alert plugin owns (AlertPlugin.iconKinds),
 * e.g. the raid plugin's eggs (`raid/egg/<level>[_h][_ex]`). `O` is what a caller says about one picture.
 */
export interface IconKind<O extends object = object> {
  /** the folder in the repository, e.g. `raid/egg` */
  readonly folder: string;
  /**
   * the optional suffixes of a picture's name, most significant first (`['_h', '_ex']`); less specific names
   * are tried by dropping the last ones first. Default none: the picture is named by its id only.
   */
  flags?(options: O): readonly string[];
}

/** Full image URLs from one icon repository. Never throws; an unknown id gives the repository's `0` picture. */
export interface IconSet {
  pokemon(id: number, opts?: PokemonIconOptions): string;
  gym(team: number, opts?: GymIconOptions): string;
  pokestop(opts?: PokestopIconOptions): string;
  /**
   * `id` is the item id (item, memory), the pokemon id (candy, xl_candy, mega_resource) or, for the kinds
   * whose picture is named by the amount (stardust, experience, pokecoin), the amount itself.
   */
  reward(kind: RewardKind, id: number, amount?: number): string;
  type(typeId: number): string;
  weather(weatherId: number): string;
  team(teamId: number): string;
  /** a picture of a plugin's icon kind: `<folder>/<id><flags>` */
  icon<O extends object>(kind: IconKind<O>, id: number, options?: O): string;
  /**
   * The same pictures, with `fallback` (a [fallbacks] URL) where this set cannot show one: no repository is
   * configured, or its index is loaded and lists none of the picture's names (nor its folder) — instead of the
   * folder's `0` picture. Before an index is loaded (or when the repository has none) the standard names are kept:
   * nothing says they are missing. '' gives this set. Cheap to call per alert (one set per fallback URL, kept).
   */
  orElse(fallback: string): IconSet;
}

/** The operator's icon repositories. `alt` and `sticker` are null when their URL is not configured. */
export interface Icons {
  image(): IconSet;
  alt(): IconSet | null;
  sticker(): IconSet | null;
}

/** The icon service as the core runs it: the sets plus the background index download. */
export interface IconService extends Icons {
  /** starts downloading every repository's index.json in the background and refreshing it periodically */
  start(): void;
  /** stops the refresh timer and aborts downloads in flight; idempotent */
  stop(): void;
  /** resolves when the first download attempt of every repository has finished (success or not) */
  ready(): Promise<void>;
  /** downloads every index now (waits for a round already in flight first) */
  refresh(): Promise<void>;
}
