/**
 * Rules of one bucket split by where they can reach, so an event visits only the rules that may reach it:
 * area rules under each area they cover (the rule's `area:` override, else its human's areas), distance rules
 * under the grid cells their circle (around the human's or the saved location) overlaps, and the few whose
 * circle is too wide for the grid in a list visited always. Rules that can reach nothing (no human, a distance
 * rule without a usable centre, an area rule without areas) are left out. The split is a superset filter:
 * the matcher still checks exactly (reach.ts) the reach of each rule visited through a cell or the wide list; a
 * rule visited through one of the event's areas covers that area, which is all its reach asks.
 * Lists hold positions in the bucket, ascending, so visiting them keeps the bucket's order.
 */
import type { Human, NamedLocation } from '../model.ts';
import { EARTH_RADIUS_METRES } from '../geo/index.ts';
import type { RuleReach } from './reach.ts';

/** What the partition needs of a rule. */
export interface ReachableRule {
  readonly humanId: string;
  readonly reach: RuleReach;
  /** the rule's human, when the rule carries it: saves looking the id up (the lookups' humans are used otherwise) */
  readonly human?: Human | undefined;
}

export interface ReachPartition {
  /** positions of area rules, by lower-cased area name */
  readonly byArea: ReadonlyMap<string, Int32Array>;
  /** positions of distance rules, by grid cell */
  readonly byCell: ReadonlyMap<number, Int32Array>;
  /** positions of distance rules too wide for the grid: visited for every event */
  readonly wide: Int32Array;
}

/** What the partition reads from the snapshot. */
export interface ReachLookups {
  readonly humans: ReadonlyMap<string, Human>;
  readonly locations: ReadonlyMap<string, ReadonlyMap<string, NamedLocation>>;
}

/** grid cells are CELL_DEGREES of latitude by CELL_DEGREES of longitude (~5.5 km north–south) */
const CELL_DEGREES = 0.05;
const CELLS_PER_TURN = Math.round(360 / CELL_DEGREES);
/** a circle overlapping more cells than this is "wide" */
const MAX_CELLS = 64;
const DEGREES = 180 / Math.PI;
/** widen every box a little so rounding can never drop a rule that reaches */
const MARGIN = 1.01;

function cellKey(latIndex: number, lonIndex: number): number {
  return latIndex * CELLS_PER_TURN + lonIndex;
}

/** The grid cell of a point. */
export function cellOf(latitude: number, longitude: number): number {
  return cellKey(Math.floor(latitude / CELL_DEGREES), Math.floor(longitude / CELL_DEGREES));
}

function usable(latitude: number, longitude: number): boolean {
  return Number.isFinite(latitude) && Number.isFinite(longitude) && !(latitude === 0 && longitude === 0);
}

/**
 * The cells a circle of `metres` around a point overlaps, or null when it is too wide for the grid (many
 * cells, near a pole or across the antimeridian). Every point within `metres` by the haversine distance lies
 * in one of them: its latitude differs by at most the central angle c, its longitude by at most
 * 2·asin(sin(c/2) / √(cos φ·cos(|φ|+c))).
 */
export function cellsOfCircle(latitude: number, longitude: number, metres: number): number[] | null {
  const c = metres / EARTH_RADIUS_METRES;
  const far = Math.abs(latitude) * (Math.PI / 180) + c;
  if (far >= Math.PI / 2 - 0.01) return null;
  const ratio = Math.sin(c / 2) / Math.sqrt(Math.cos(latitude / DEGREES) * Math.cos(far));
  if (ratio >= 1) return null;
  const dLat = c * DEGREES * MARGIN;
  const dLon = 2 * Math.asin(ratio) * DEGREES * MARGIN;
  if (longitude - dLon < -180 || longitude + dLon >= 180) return null;
  const [lat0, lat1] = [Math.floor((latitude - dLat) / CELL_DEGREES), Math.floor((latitude + dLat) / CELL_DEGREES)];
  const [lon0, lon1] = [Math.floor((longitude - dLon) / CELL_DEGREES), Math.floor((longitude + dLon) / CELL_DEGREES)];
  if ((lat1 - lat0 + 1) * (lon1 - lon0 + 1) > MAX_CELLS) return null;
  const cells: number[] = [];
  for (let la = lat0; la <= lat1; la++) for (let lo = lon0; lo <= lon1; lo++) cells.push(cellKey(la, lo));
  return cells;
}

/** The centre a distance rule measures from, or null when it has none usable (it then reaches nothing). */
function centreOf(rule: ReachableRule, human: Human, lookups: ReachLookups): { latitude: number; longitude: number } | null {
  const label = rule.reach.locationLabel;
  const at = label === null ? human : lookups.locations.get(human.id)?.get(label.toLowerCase());
  return at && usable(at.latitude, at.longitude) ? at : null;
}

function pushTo<K>(lists: Map<K, number[]>, key: K, position: number): void {
  const list = lists.get(key);
  if (list === undefined) lists.set(key, [position]);
  else if (list[list.length - 1] !== position) list.push(position);
}

function frozen<K>(lists: Map<K, number[]>): Map<K, Int32Array> {
  const out = new Map<K, Int32Array>();
  for (const [key, list] of lists) out.set(key, new Int32Array(list));
  return out;
}

export function partitionByReach(rules: readonly ReachableRule[], lookups: ReachLookups): ReachPartition {
  const byArea = new Map<string, number[]>();
  const byCell = new Map<number, number[]>();
  const wide: number[] = [];
  for (let position = 0; position < rules.length; position++) {
    const rule = rules[position]!;
    const human = rule.human ?? lookups.humans.get(rule.humanId);
    if (!human) continue;
    const reach = rule.reach;
    if (reach.distance > 0) {
      const centre = centreOf(rule, human, lookups);
      if (!centre) continue;
      const cells = cellsOfCircle(centre.latitude, centre.longitude, reach.distance);
      if (cells === null) wide.push(position);
      else for (let i = 0; i < cells.length; i++) pushTo(byCell, cells[i]!, position);
      continue;
    }
    const areas = reach.areas ?? human.area;
    for (let i = 0; i < areas.length; i++) pushTo(byArea, areas[i]!, position);
  }
  return { byArea: frozen(byArea), byCell: frozen(byCell), wide: new Int32Array(wide) };
}

const NONE = new Int32Array(0);

/** The lists an event visits; the first `inReach` are area lists, whose every rule reaches the event for sure. */
export interface Candidates {
  readonly lists: readonly Int32Array[];
  /**
   * how many of the first lists are lists of the event's areas: a rule there covers an area the event is in, which
   * is all its reach asks (reach.ts gives it IN_AREA), so the matcher need not check it again
   */
  readonly inReach: number;
}

const NO_CANDIDATES: Candidates = { lists: [NONE], inReach: 0 };

/**
 * The position lists an event at `point` inside `areaNames` visits: the lists of its areas, of its cell and
 * the wide list. A rule in two of the event's areas is listed twice; matching keeps one alert per human.
 */
export function reachCandidates(partition: ReachPartition, latitude: number, longitude: number, areaNames: ReadonlySet<string>): Candidates {
  const lists: Int32Array[] = [];
  for (const name of areaNames) {
    const list = partition.byArea.get(name);
    if (list) lists.push(list);
  }
  const inReach = lists.length;
  const cell = partition.byCell.get(cellOf(latitude, longitude));
  if (cell) lists.push(cell);
  if (partition.wide.length > 0) lists.push(partition.wide);
  return lists.length > 0 ? { lists, inReach } : NO_CANDIDATES;
}
