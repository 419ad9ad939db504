/**
 * The task and reward texts of a quest in one language, as pure functions over the game data:
 * - questString: the pogo-translations title (`quest_title_<title>`, its amount placeholder filled with the
 *   target); else the older scanners' `quest_task` text; else the quest type's text (`quest_<type>` from
 *   the translations, else our English wording) followed by its conditions;
 * - rewardString: every reward, joined with ", " ("3 Rare Candy", "500 Stardust", "Shiny Eevee",
 *   "10 Squirtle Mega Energy", "Sticker ×3", "Level Cap 50", "Pokémon Egg"…): the translations' own wording
 *   (`quest_reward_<n>_formatted`) when the language has one, else the amount, the pokemon or item and the
 *   reward type's name (`quest_reward_<n>`, else our English name) — every reward type the game data knows.
 */
import type { GameData } from '../../core/gamedata/index.ts';
import { REWARD, REWARD_TYPE_NAMES, type QuestCondition, type QuestEvent, type QuestReward } from './event.ts';

/** English wording of the quest types (QuestType enum); `{n}` is the target. */
const QUEST_TYPES: Readonly<Record<number, string>> = {
  1: 'Catch your first Pokémon of the day',
  2: 'Spin your first PokéStop of the day',
  4: 'Catch {n} Pokémon',
  5: 'Spin {n} PokéStops or Gyms',
  6: 'Hatch {n} Eggs',
  7: 'Win {n} Gym Battles',
  8: 'Win {n} Raids',
  9: 'Complete {n} Field Research tasks',
  10: 'Transfer {n} Pokémon',
  11: 'Favorite {n} Pokémon',
  13: 'Use {n} Berries to help catch Pokémon',
  14: 'Power up Pokémon {n} times',
  15: 'Evolve {n} Pokémon',
  16: 'Make {n} throws',
  17: 'Earn {n} Candy walking with your buddy',
  22: 'Make {n} new friends',
  23: 'Trade {n} Pokémon',
  24: 'Send {n} Gifts to friends',
  25: 'Evolve {n} Pokémon',
  27: 'Battle {n} times',
  28: 'Take {n} snapshots',
  29: 'Defeat {n} Team GO Rocket Grunts',
  30: 'Purify {n} Shadow Pokémon',
  33: 'Feed your buddy {n} times',
  34: 'Earn {n} hearts with your buddy',
  35: 'Play with your buddy {n} times',
  37: 'Walk {n} km with your buddy',
  39: 'Use {n} Incense',
  43: 'Mega Evolve {n} Pokémon',
  44: 'Collect {n} Stardust',
};

const THROWS: Readonly<Record<number, string>> = { 10: 'Nice', 11: 'Great', 12: 'Excellent' };

export type Translate = (english: string) => string;

function numbers(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number' && Number.isInteger(v)) : [];
}

export function conditionText(c: QuestCondition, gameData: GameData, lang: string, t: Translate): string {
  const info = c.info;
  switch (c.type) {
    case 1: {
      const types = numbers(info['pokemon_type_ids']).map((id) => gameData.typeName(id, lang));
      return types.length > 0 ? `${t('Type')}: ${types.join(', ')}` : '';
    }
    case 2: {
      const names = numbers(info['pokemon_ids']).map((id) => gameData.pokemonName(id, lang));
      return names.length > 0 ? names.join(', ') : '';
    }
    case 3:
      return t('Weather boosted');
    case 7: {
      const levels = numbers(info['raid_levels']);
      return levels.length > 0 ? `${t('Raid level')} ${levels.join(', ')}` : '';
    }
    case 8:
    case 14: {
      const id = typeof info['throw_type_id'] === 'number' ? info['throw_type_id'] : 0;
      const name = THROWS[id];
      const inRow = c.type === 14 ? ` ${t('in a row')}` : '';
      return name ? `${t(`${name} Throw`)}${inRow}` : '';
    }
    case 15:
      return t('Curveball');
    case 21:
      return t('Different species');
    case 35:
      return t('Lucky Pokémon');
    case 36:
      return t('Legendary Pokémon');
    default:
      return '';
  }
}

function fillTarget(text: string, target: number): string {
  return text.replace(/%\{amount(?:_0)?\}|\{\{amount(?:_0)?\}\}|\{0\}|\{n\}/g, String(target));
}

/** A translation key, or null when the data has no text for it (translate returns unknown keys unchanged). */
export function keyText(gameData: GameData, key: string, lang: string): string | null {
  const text = gameData.translate(key, lang);
  return text === key ? null : text;
}

export function questString(event: QuestEvent, gameData: GameData, lang: string, t: Translate): string {
  if (event.title !== '') {
    const title = event.title.toLowerCase();
    const text = keyText(gameData, title.startsWith('quest_title_') ? title : `quest_title_${title}`, lang);
    if (text !== null) return fillTarget(text, event.target);
  }
  if (event.questTask !== '') return gameData.translate(event.questTask, lang);
  const typeText = keyText(gameData, `quest_${event.questType}`, lang) ?? (QUEST_TYPES[event.questType] ? t(QUEST_TYPES[event.questType]!) : null);
  const base = typeText !== null ? fillTarget(typeText, event.target) : `${t('Quest')} ${event.questType}`;
  const conditions = event.conditions.map((c) => conditionText(c, gameData, lang, t)).filter((s) => s !== '');
  return conditions.length > 0 ? `${base} (${conditions.join(', ')})` : base;
}

/** the pokemon and its form (not the normal form) in `lang` */
export function pokemonName(gameData: GameData, id: number, form: number, lang: string): string {
  const name = gameData.pokemonName(id, lang);
  const formName = form !== 0 ? gameData.formName(form, lang) : '';
  return formName !== '' && !/^normal$/i.test(formName) ? `${name} ${formName}` : name;
}

/**
 * The game data's name of a reward type in `lang`: the translations' `quest_reward_<n>`, else our English name
 * (through the translations when they know the text); null when neither knows the type.
 */
export function rewardTypeName(type: number, gameData: GameData, lang: string, t: Translate): string | null {
  const named = keyText(gameData, `quest_reward_${type}`, lang);
  if (named !== null) return named;
  const english = REWARD_TYPE_NAMES[type];
  return english !== undefined ? t(english) : null;
}

/** What a `quest_reward_<n>_formatted` text may name: `%{amount}`, `%{item}`, `%{pokemon}` (any case). */
type FormatValues = Readonly<Record<'amount' | 'item' | 'pokemon', string>>;

/**
 * The translations' own wording of a reward (`quest_reward_4_formatted`: "%{amount} %{pokemon} Bonbon"), when
 * `lang` has one of its own (English's text reached through the fallback does not count) and it names
 * nothing but what we know; else null.
 */
function formattedText(type: number, gameData: GameData, lang: string, values: FormatValues): string | null {
  const key = `quest_reward_${type}_formatted`;
  const text = keyText(gameData, key, lang);
  if (text === null) return null;
  if (normalizeLang(lang) !== 'en' && text === gameData.translate(key, 'en')) return null;
  let complete = true;
  const filled = text.replace(/%\{(\w+)\}/g, (_whole, name: string) => {
    const value = values[name.toLowerCase() as keyof FormatValues];
    if (value === undefined) complete = false;
    return value ?? '';
  });
  return complete ? tidy(filled) : null;
}

function normalizeLang(lang: string): string {
  return lang.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/** Collapses the gaps an empty part leaves ("  Candy" → "Candy"). */
function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** One reward as text in `lang`: the translations' wording when they have one, else built from translated parts. */
export function rewardText(reward: QuestReward, gameData: GameData, lang: string, t: Translate): string {
  const amount = reward.amount > 0 ? String(reward.amount) : '';
  const monster = reward.pokemonId > 0 ? gameData.pokemonName(reward.pokemonId, lang) : '';
  const item = reward.type === REWARD.item ? gameData.itemName(reward.itemId, lang) : '';
  const typeName = (): string => rewardTypeName(reward.type, gameData, lang, t) ?? `${t('Reward')} ${reward.type}`;
  switch (reward.type) {
    case REWARD.pokemon: {
      const name = pokemonName(gameData, reward.pokemonId, reward.formId, lang);
      return reward.shiny ? `${t('Shiny')} ${name}` : name;
    }
    case REWARD.sticker:
      return amount ? `${typeName()} ×${amount}` : typeName();
    case REWARD.levelCap: {
      const cap = reward.levelCap || reward.amount;
      return cap > 0 ? `${typeName()} ${cap}` : typeName();
    }
    default:
      break;
  }
  const formatted = formattedText(reward.type, gameData, lang, { amount, item, pokemon: monster });
  if (formatted !== null) return formatted;
  switch (reward.type) {
    case REWARD.item:
      return tidy(`${amount} ${item}`);
    case REWARD.candy:
    case REWARD.xlCandy:
    case REWARD.megaEnergy:
    case REWARD.tempEvoResource:
      return tidy(`${amount} ${monster} ${typeName()}`);
    default:
      return tidy(`${amount} ${typeName()}`);
  }
}

export function rewardString(event: QuestEvent, gameData: GameData, lang: string, t: Translate): string {
  return event.rewards.map((r) => rewardText(r, gameData, lang, t)).join(', ');
}

/** English texts through the game data's translations (English text → the same text in `lang`). */
export function translator(gameData: GameData, lang: string): Translate {
  return (english) => gameData.translate(english, lang);
}
