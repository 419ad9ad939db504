/**
 * The parse options of `track` / `untrack` for one invocation: game data, language, the [tracking] and [pvp]
 * settings, the loaded fence names, the target's saved location labels and the mentions to ping.
 */
import type { CommandInvocation } from '../../../core/commands/types.ts';
import type { Human } from '../../../core/model.ts';
import { MONSTER_CONFIG } from '../config.ts';
import type { TrackParseOptions } from './track-parse.ts';

export async function trackParseOptions(inv: CommandInvocation, target: Human): Promise<TrackParseOptions> {
  const { config } = inv.services;
  const locations = await inv.services.stores.locations.list(target.id);
  return {
    gameData: inv.services.gameData(),
    language: inv.language,
    isAdmin: inv.isAdmin,
    tracking: config.tracking,
    pvp: MONSTER_CONFIG.read(config).pvp,
    areaNames: new Set(inv.services.geofences().fences.map((f) => f.name.toLowerCase())),
    locationLabels: locations.map((l) => l.label),
    ping: inv.ping,
  };
}
