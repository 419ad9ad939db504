/**
 * One icon repository as an `IconSet`: full URLs built from its base URL and whatever index it currently has;
 * `orElse(fallback)` gives the same set with the fallback URL where the repository cannot show a picture.
 */
import type { IconIndex } from './index-file.ts';
import { gymRequest, kindRequest, pokemonRequest, pokestopRequest, rewardRequest, simpleRequest, type IconRequest } from './names.ts';
import { listedIconPath, resolveIconPath } from './resolve.ts';
import type { IconSet } from './types.ts';

/** The base URL without trailing slashes, as the file paths are appended to it. */
export function normaliseBase(base: string): string {
  return base.trim().replace(/\/+$/, '');
}

/** The set whose pictures `url` names; `orElse` as the IconSet member. */
function setOf(url: (req: IconRequest) => string, orElse: (fallback: string) => IconSet): IconSet {
  return {
    pokemon: (id, opts) => url(pokemonRequest(id, opts)),
    gym: (team, opts) => url(gymRequest(team, opts)),
    pokestop: (opts) => url(pokestopRequest(opts)),
    reward: (kind, id, amount) => url(rewardRequest(kind, id, amount)),
    type: (typeId) => url(simpleRequest('type', typeId)),
    weather: (weatherId) => url(simpleRequest('weather', weatherId)),
    team: (teamId) => url(simpleRequest('team', teamId)),
    icon: (kind, id, options) => url(kindRequest(kind, id, options)),
    orElse,
  };
}

/**
 * `orElse` for a set: '' gives the set itself; another fallback a set made once per fallback URL (the fallbacks are
 * the operator's few configured URLs), so asking for it per alert costs a map lookup.
 */
function fallbackSets(self: () => IconSet, make: (fallback: string) => IconSet): (fallback: string) => IconSet {
  const made = new Map<string, IconSet>();
  return (fallback) => {
    if (fallback === '') return self();
    let set = made.get(fallback);
    if (set === undefined) {
      set = make(fallback);
      made.set(fallback, set);
    }
    return set;
  };
}

/** `index` is read on every call, so a refreshed index is used as soon as it is swapped in. */
export function createIconSet(base: string, defaultExt: string, index: () => IconIndex | null): IconSet {
  const root = normaliseBase(base);
  const orElse = fallbackSets(
    () => set,
    (fallback) =>
      setOf((req) => {
        const current = index();
        // without an index nothing says the picture is missing: the standard name
        if (current === null) return `${root}/${resolveIconPath(req, null, defaultExt)}`;
        const listed = listedIconPath(req, current);
        return listed === null ? fallback : `${root}/${listed}`;
      }, orElse),
  );
  const set = setOf((req) => `${root}/${resolveIconPath(req, index(), defaultExt)}`, orElse);
  return set;
}

/** The set for an unconfigured repository: every picture is the empty string, or the fallback given to `orElse`. */
export function emptyIconSet(): IconSet {
  const orElse = fallbackSets(
    () => set,
    (fallback) => setOf(() => fallback, orElse),
  );
  const set = setOf(() => '', orElse);
  return set;
}
