/**
 * GET /api/masterdata/grunts: every grunt the loaded game data knows, in the previous generation's shape
 * (an object keyed by grunt id, no status wrapper; encounters as `{id, form}` per reward slot).
 */
import type { GameData } from '../../../core/gamedata/game-data.ts';
import type { ApiRoute } from '../../../core/http/api/plugin-routes.ts';
import { gruntsOf } from './grunts.ts';
import { SLOTS } from './lineups.ts';

function grunts(data: GameData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const g of gruntsOf(data).all()) {
    const rewarded = new Set(g.rewards.map((r) => r.slot));
    out[String(g.id)] = {
      type: g.type,
      gender: g.gender,
      grunt: g.grunt,
      firstReward: rewarded.has('first'),
      secondReward: rewarded.has('second'),
      thirdReward: rewarded.has('third'),
      encounters: Object.fromEntries(SLOTS.map((slot) => [slot, g.encounters[slot].map((e) => ({ id: e.id, form: e.form }))])),
    };
  }
  return out;
}

export function gruntsRoute(gameData: () => GameData): ApiRoute {
  return { method: 'GET', path: '/masterdata/grunts', handler: async () => grunts(gameData()) };
}
