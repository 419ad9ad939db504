/**
 * The variables of one digest message (`questSummary`), as pure functions: the reward's name and pictures shared
 * by the group, the counts, the quests of this message (each with the quest alert's variables, its stop's
 * position and links) and the multi-pin map's tile server variables (PoracleNG's `poracle-questsummary`: `points`
 * with `latitude`, `longitude`, `name`, `imgUrl`, `url`, framed by `latitude`, `longitude`, `zoom`).
 */
import type { View } from '../../../core/contract.ts';
import { mapPosition } from '../../../core/enrich/map-position.ts';
import type { GameData } from '../../../core/gamedata/index.ts';
import { REWARD, type QuestEvent } from '../event.ts';
import { rewardTypeName, translator } from '../quest-text.ts';
import { rewardKeyOf, type RewardKey } from './buffer.ts';
import type { DigestChunk } from './group.ts';

/** The group's reward as its heading names it (no amount, except stardust whose amount is the group's). */
export function summaryRewardName(key: RewardKey, gameData: GameData, language: string): string {
  const t = translator(gameData, language);
  const pokemon = (label: string): string => (key.reward > 0 ? `${gameData.pokemonName(key.reward, language)} ${t(label)}` : t(label));
  switch (key.rewardType) {
    case REWARD.item:
      return key.reward > 0 ? gameData.itemName(key.reward, language) : t('Item');
    case REWARD.stardust:
      return key.reward > 0 ? `${key.reward} ${t('Stardust')}` : t('Stardust');
    case REWARD.candy:
      return pokemon('Candy');
    case REWARD.xlCandy:
      return pokemon('XL Candy');
    case REWARD.megaEnergy:
      return pokemon('Mega Energy');
    case REWARD.pokemon: {
      if (key.reward === 0) return t('Pokémon Encounter');
      const name = gameData.pokemonName(key.reward, language);
      const form = key.form > 0 ? gameData.formName(key.form, language) : '';
      return form && !/^(normal|unset)$/i.test(form) ? `${name} ${form}` : name;
    }
    default:
      return rewardTypeName(key.rewardType, gameData, language, t) ?? `${t('Reward')} ${key.rewardType}`;
  }
}

/** One pin of the map: a quest's stop. */
export type MapPoint = {
  readonly latitude: number;
  readonly longitude: number;
  readonly name: string;
  readonly imgUrl: string;
  readonly url: string;
};

export type TileVariables = {
  readonly points: readonly MapPoint[];
  readonly zoom: number;
  readonly latitude: number;
  readonly longitude: number;
};

/** The map's tile server variables for these quest views; null without a located stop. */
export function tileVariables(quests: readonly View[]): TileVariables | null {
  const points: MapPoint[] = [];
  for (const q of quests) {
    const latitude = Number(q['latitude']);
    const longitude = Number(q['longitude']);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || (latitude === 0 && longitude === 0)) continue;
    points.push({ latitude, longitude, name: String(q['pokestopName'] ?? ''), imgUrl: String(q['imgUrl'] ?? ''), url: String(q['pokestopUrl'] ?? '') });
  }
  const frame = mapPosition(points.map((p) => [p.latitude, p.longitude] as const));
  if (!frame) return null;
  return { points, zoom: frame.zoom, latitude: frame.map_latitude, longitude: frame.map_longitude };
}

/** The message's variables: `quests` are the quest views of this chunk in the recipient's language. */
export function digestView(chunk: DigestChunk, quests: readonly View[], staticMap: string, rewardName: string): View {
  const first = quests[0];
  return {
    rewardType: chunk.group.rewardType,
    reward: chunk.group.reward,
    rewardForm: chunk.group.form,
    rewardName,
    imgUrl: first?.['imgUrl'] ?? '',
    stickerUrl: first?.['stickerUrl'] ?? '',
    staticMap,
    staticmap: staticMap,
    count: chunk.group.quests.length,
    chunk: chunk.chunk,
    chunks: chunk.chunks,
    quests,
  };
}

/**
 * For previews of `questSummary` (the studio, the render API): the previewed quest as a digest of one — its reward
 * group, chunk 1 of 1, the quest's own view in `quests` and its map — so a template's every digest variable shows.
 */
export function exampleDigestView(event: QuestEvent, questView: Readonly<Record<string, unknown>>, gameData: GameData, language: string): View {
  const key = rewardKeyOf(event);
  const held = { ...key, event, expiresAt: 0, heldAt: 0, clean: 0 };
  const chunk: DigestChunk = { group: { ...key, quests: [held], clean: 0, expiresAt: 0 }, quests: [held], chunk: 1, chunks: 1 };
  const staticMap = typeof questView['staticMap'] === 'string' ? questView['staticMap'] : '';
  return digestView(chunk, [{ ...questView }], staticMap, summaryRewardName(key, gameData, language));
}
