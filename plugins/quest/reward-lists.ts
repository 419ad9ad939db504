/**
 * The quest's rewards and conditions as lists in one language, the shapes the previous generations gave
 * templates: `monsters` (also `monsterList`), `items`, `energyMonsters`, `candy`, `dustText`, and
 * `conditionList` / `conditionString` (each condition's name and its text with its details filled in).
 */
import type { GameData } from '../../core/gamedata/index.ts';
import { REWARD, type QuestEvent, type QuestReward } from './event.ts';
import { conditionText, keyText, pokemonName, rewardTypeName, type Translate } from './quest-text.ts';

export interface MonsterReward {
  readonly pokemonId: number;
  readonly formId: number;
  readonly shiny: boolean;
  readonly name: string;
  readonly formName: string;
  readonly fullName: string;
  readonly nameEng: string;
  readonly fullNameEng: string;
}

export interface ItemReward {
  readonly id: number;
  readonly amount: number;
  readonly name: string;
  readonly nameEng: string;
}

/** mega energy or candy of one pokemon */
export interface PokemonResourceReward {
  readonly pokemonId: number;
  readonly amount: number;
  readonly name: string;
  readonly nameEng: string;
}

export interface ConditionEntry {
  readonly type: number;
  /** the condition kind's name (`quest_condition_<type>`), '' when the translations have none */
  readonly name: string;
  /** the condition with its details ("Excellent Throw", "Type: Fire"), else its name */
  readonly formatted: string;
}

export interface RewardLists {
  readonly monsters: readonly MonsterReward[];
  readonly items: readonly ItemReward[];
  readonly energyMonsters: readonly PokemonResourceReward[];
  readonly candy: readonly PokemonResourceReward[];
  /** the stardust rewards' sum */
  readonly dustAmount: number;
  /** "1500 Stardust" (the stardust rewards' sum), '' without stardust */
  readonly dustText: string;
  readonly conditionList: readonly ConditionEntry[];
  readonly conditionString: string;
}

function ofType(event: QuestEvent, type: number): QuestReward[] {
  return event.rewards.filter((r) => r.type === type);
}

function resources(gameData: GameData, rewards: readonly QuestReward[], lang: string): PokemonResourceReward[] {
  return rewards.map((r) => ({ pokemonId: r.pokemonId, amount: r.amount, name: gameData.pokemonName(r.pokemonId, lang), nameEng: gameData.pokemonName(r.pokemonId) }));
}

function conditions(event: QuestEvent, gameData: GameData, lang: string, t: Translate): ConditionEntry[] {
  return event.conditions.map((c) => {
    const name = keyText(gameData, `quest_condition_${c.type}`, lang) ?? '';
    return { type: c.type, name, formatted: conditionText(c, gameData, lang, t) || name };
  });
}

export function rewardLists(event: QuestEvent, gameData: GameData, lang: string, t: Translate): RewardLists {
  const dust = ofType(event, REWARD.stardust).reduce((sum, r) => sum + r.amount, 0);
  const conditionList = conditions(event, gameData, lang, t);
  return {
    monsters: ofType(event, REWARD.pokemon).map((r) => ({
      pokemonId: r.pokemonId,
      formId: r.formId,
      shiny: r.shiny,
      name: gameData.pokemonName(r.pokemonId, lang),
      formName: r.formId ? gameData.formName(r.formId, lang) : '',
      fullName: pokemonName(gameData, r.pokemonId, r.formId, lang),
      nameEng: gameData.pokemonName(r.pokemonId),
      fullNameEng: pokemonName(gameData, r.pokemonId, r.formId, 'en'),
    })),
    items: ofType(event, REWARD.item).map((r) => ({ id: r.itemId, amount: r.amount, name: gameData.itemName(r.itemId, lang), nameEng: gameData.itemName(r.itemId) })),
    energyMonsters: resources(gameData, ofType(event, REWARD.megaEnergy), lang),
    candy: resources(gameData, ofType(event, REWARD.candy), lang),
    dustAmount: dust,
    dustText: dust > 0 ? `${dust} ${rewardTypeName(REWARD.stardust, gameData, lang, t) ?? t('Stardust')}` : '',
    conditionList,
    conditionString: conditionList.map((c) => c.formatted).filter((s) => s !== '').join(', '),
  };
}
