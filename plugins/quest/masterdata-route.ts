/**
 * GET /api/masterdata/quests: the quest types and reward types the loaded translations know (`quest_<n>`,
 * `quest_reward_<n>`), as id and English text, by id: `{"status":"ok","questTypes":[…],"rewardTypes":[…]}`.
 */
import type { GameData } from '../../core/gamedata/game-data.ts';
import type { ApiRoute } from '../../core/http/api/plugin-routes.ts';

interface Named {
  readonly id: number;
  readonly name: string;
}

interface QuestListing {
  readonly questTypes: readonly Named[];
  readonly rewardTypes: readonly Named[];
}

/** once per GameData (the translations do not change while it is current) */
const listed = new WeakMap<GameData, QuestListing>();

/** The translations' `<prefix><n>` keys as id and English text, by id. */
function translated(data: GameData, prefix: string): Named[] {
  const pattern = new RegExp(`^${prefix}(\\d+)$`);
  return data
    .translationKeys(prefix)
    .flatMap((key) => {
      const id = pattern.exec(key)?.[1];
      return id === undefined ? [] : [{ id: Number(id), name: data.translate(key, 'en') }];
    })
    .sort((x, y) => x.id - y.id);
}

function listing(data: GameData): QuestListing {
  let done = listed.get(data);
  if (!done) {
    done = { questTypes: translated(data, 'quest_'), rewardTypes: translated(data, 'quest_reward_') };
    listed.set(data, done);
  }
  return done;
}

export function questsRoute(gameData: () => GameData): ApiRoute {
  return { method: 'GET', path: '/masterdata/quests', handler: async () => ({ status: 'ok', ...listing(gameData()) }) };
}
