/**
 * One icon repository as an `IconSet`: full URLs built from its base URL and whatever index it currently has.
 */
import type { IconIndex } from './index-file.ts';
import { gymRequest, kindRequest, pokemonRequest, pokestopRequest, rewardRequest, simpleRequest, type IconRequest } from './names.ts';
import { resolveIconPath } from './resolve.ts';
import type { IconSet } from './types.ts';

/** The base URL without trailing slashes, as the file paths are appended to it. */
export function normaliseBase(base: string): string {
  return base.trim().replace(/\/+$/, '');
}

/** `index` is read on every call, so a refreshed index is used as soon as it is swapped in. */
export function createIconSet(base: string, defaultExt: string, index: () => IconIndex | null): IconSet {
  const root = normaliseBase(base);
  const url = (req: IconRequest): string => `${root}/${resolveIconPath(req, index(), defaultExt)}`;
  return {
    pokemon: (id, opts) => url(pokemonRequest(id, opts)),
    gym: (team, opts) => url(gymRequest(team, opts)),
    pokestop: (opts) => url(pokestopRequest(opts)),
    reward: (kind, id, amount) => url(rewardRequest(kind, id, amount)),
    type: (typeId) => url(simpleRequest('type', typeId)),
    weather: (weatherId) => url(simpleRequest('weather', weatherId)),
    team: (teamId) => url(simpleRequest('team', teamId)),
    icon: (kind, id, options) => url(kindRequest(kind, id, options)),
  };
}

/** The set for an unconfigured repository: every picture is the empty string. */
export function emptyIconSet(): IconSet {
  const none = (): string => '';
  return { pokemon: none, gym: none, pokestop: none, reward: none, type: none, weather: none, team: none, icon: none };
}
