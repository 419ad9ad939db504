/**
 * UICONS file naming, as pure functions: what each entity's picture is called (`<key>` plus optional flags in
 * the standard's order) and the order in which less specific names are tried.
 */
import type { GymIconOptions, IconKind, PokemonIconOptions, PokestopIconOptions, RewardKind } from './types.ts';

/** One picture to look up: its folder (`raid/egg`, `reward/item`…), mandatory key and optional flags. */
export interface IconRequest {
  readonly folder: string;
  readonly key: string;
  /** suffixes such as `_f46` or `_s`, most significant first (the order they appear in a file name) */
  readonly flags: readonly string[];
}

/** Reward kinds whose picture is named by the amount (`reward/stardust/1500.png`). */
const AMOUNT_NAMED: ReadonlySet<RewardKind> = new Set(['stardust', 'experience', 'pokecoin']);

function num(value: number | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0;
}

function flagIf(present: boolean, flag: string): string[] {
  return present ? [flag] : [];
}

function numberFlag(prefix: string, value: number | undefined): string[] {
  const n = num(value);
  return n !== 0 ? [`${prefix}${n}`] : [];
}

function request(folder: string, key: number, flags: readonly string[] = []): IconRequest {
  return { folder, key: String(num(key)), flags };
}

/** `<id>[_e][_f][_c][_g][_a][_b][_s]` */
export function pokemonRequest(id: number, opts: PokemonIconOptions = {}): IconRequest {
  return request('pokemon', id, [
    ...numberFlag('_e', opts.evolution),
    ...numberFlag('_f', opts.form),
    ...numberFlag('_c', opts.costume),
    ...numberFlag('_g', opts.gender),
    ...numberFlag('_a', opts.alignment),
    ...numberFlag('_b', opts.bread),
    ...flagIf(opts.shiny === true, '_s'),
  ]);
}

/** `gym/<team>[_t<count>][_b][_ex]` */
export function gymRequest(team: number, opts: GymIconOptions = {}): IconRequest {
  return request('gym', team, [
    ...numberFlag('_t', opts.trainerCount),
    ...flagIf(opts.inBattle === true, '_b'),
    ...flagIf(opts.ex === true, '_ex'),
  ]);
}

/** `pokestop/<lure>[_i][_q][_ar][_p<level>]` (not lured = 0) */
export function pokestopRequest(opts: PokestopIconOptions = {}): IconRequest {
  return request('pokestop', num(opts.lure), [
    ...flagIf(opts.invasionActive === true, '_i'),
    ...flagIf(opts.questActive === true, '_q'),
    ...flagIf(opts.ar === true, '_ar'),
    ...numberFlag('_p', opts.power),
  ]);
}

/** `reward/<kind>/<id>[_a<amount>]`, or `<amount>` for the kinds named by the amount */
export function rewardRequest(kind: RewardKind, id: number, amount?: number): IconRequest {
  const folder = `reward/${kind}`;
  if (AMOUNT_NAMED.has(kind)) return request(folder, num(id) !== 0 ? id : num(amount));
  return request(folder, id, num(amount) > 1 ? [`_a${num(amount)}`] : []);
}

/** A folder whose pictures are named by one id only: type, weather, team. */
export function simpleRequest(folder: 'type' | 'weather' | 'team', id: number): IconRequest {
  return request(folder, id);
}

/** `<folder>/<id><flags>` of a plugin's icon kind */
export function kindRequest<O extends object>(kind: IconKind<O>, id: number, options: O | undefined): IconRequest {
  return request(kind.folder, id, options === undefined || !kind.flags ? [] : kind.flags(options));
}

/**
 * Every name to try, most specific first: all flags, then dropping the last flags before the first ones
 * (the nested order the previous generation used), ending with the bare key.
 */
export function candidateStems(req: IconRequest): string[] {
  const n = req.flags.length;
  const stems: string[] = [];
  for (let mask = 0; mask < 1 << n; mask++) {
    let stem = req.key;
    // bit (n-1-i) set = flag i dropped, so the outermost (first) flag changes last
    req.flags.forEach((flag, i) => {
      if ((mask & (1 << (n - 1 - i))) === 0) stem += flag;
    });
    stems.push(stem);
  }
  return stems;
}
