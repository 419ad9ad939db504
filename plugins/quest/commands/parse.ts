/**
 * `quest` arguments → the `quest` rules they ask for, as a pure function. Selectors (several may be combined):
 * pokemon names (`form:<name>` narrows) → encounter rewards; item names (`rare candy`, `golden razz berry`)
 * → items; `stardust`, `stardust<min>`, `stardust:<min>`; `energy`/`candy`/`xlcandy`, optionally followed by
 * pokemon names or written `energy:<pokemon>`; `xp`/`experience`, `pokecoins`/`coins`, `sticker(s)` → those reward
 * types; `everything` → the usual reward types (pokemon, stardust, energy, candy, items). Filters: `amount<n>` /
 * `amount:<n>` (minimum amount), `shiny`, `summary` (held for the scheduled digest, clean bit 4). The shared arguments (`clean`, `template<N>`, `d:`/`area:`/
 * `location:`, `remove`, `id:<uid>`) are read by core/commands/tracking.
 */
import { normalizeName, type GameData } from '../../../core/gamedata/index.ts';
import { emptySpeciesRequest, readPokemonTokens, type SpeciesRequest } from '../../../core/commands/tracking/index.ts';
import { emptyCommonArgs, readCommonToken, type CommonRuleArgs } from '../../../core/commands/tracking/keyed-rules.ts';
import { prefixValue, readInteger } from '../../../core/commands/tracking/prefix-args.ts';
import { refuse, type Parsed } from '../../../core/commands/tracking/message.ts';
import { REWARD } from '../event.ts';

/** One reward a rule asks for: its type and id (0 = any; for stardust the minimum amount) and form. */
export interface RewardPick {
  readonly rewardType: number;
  readonly reward: number;
  readonly form: number;
}

export interface QuestRequest {
  readonly picks: readonly RewardPick[];
  readonly amount: number;
  readonly shiny: boolean;
  /** `summary`: the rule's quests are held for the scheduled digest (clean bit 4) */
  readonly summary: boolean;
  readonly common: CommonRuleArgs;
}

export interface QuestParseOptions {
  readonly gameData: GameData;
  readonly language: string;
}

/** The reward types `everything` tracks (and a bare `remove` removes). */
export const EVERYTHING_TYPES = [REWARD.pokemon, REWARD.stardust, REWARD.megaEnergy, REWARD.candy, REWARD.item] as const;

const POKEMON_MODES: Readonly<Record<string, number>> = {
  energy: REWARD.megaEnergy,
  mega_energy: REWARD.megaEnergy,
  candy: REWARD.candy,
  xlcandy: REWARD.xlCandy,
  xl_candy: REWARD.xlCandy,
};

/**
 * Reward types chosen by one keyword, any amount (`amount<n>` sets a minimum). Read before item names, so
 * `stickers` means sticker rewards rather than the item of that name (quests give stickers as their own type).
 */
const TYPE_KEYWORDS: Readonly<Record<string, number>> = {
  xp: REWARD.experience,
  experience: REWARD.experience,
  pokecoin: REWARD.pokecoin,
  pokecoins: REWARD.pokecoin,
  coins: REWARD.pokecoin,
  sticker: REWARD.sticker,
  stickers: REWARD.sticker,
};

/** Longest run of adjacent tokens tried as one item name. */
const MAX_ITEM_TOKENS = 4;

/** Item names (English and the user's language, normalised) → item id. */
function itemNames(gameData: GameData, language: string): Map<string, number> {
  const names = new Map<string, number>();
  for (const item of gameData.allItems()) {
    for (const name of [item.name, gameData.itemName(item.id, language)]) {
      const key = normalizeName(name);
      if (key !== '' && !names.has(key)) names.set(key, item.id);
    }
  }
  return names;
}

function readItem(tokens: readonly string[], index: number, items: ReadonlyMap<string, number>): { id: number; used: number } | null {
  for (let count = Math.min(MAX_ITEM_TOKENS, tokens.length - index); count >= 1; count--) {
    const id = items.get(normalizeName(tokens.slice(index, index + count).join(' ')));
    if (id !== undefined) return { id, used: count };
  }
  return null;
}

function formIdOf(gameData: GameData, pokemonId: number, form: string): number | null {
  const wanted = normalizeName(form);
  return gameData.forms(pokemonId).find((f) => normalizeName(f.formName) === wanted)?.form ?? null;
}

interface Draft {
  mode: number;
  readonly byMode: Map<number, SpeciesRequest>;
  /** mode keywords typed, with or without pokemon */
  readonly modes: Set<number>;
  readonly items: number[];
  /** reward types chosen by keyword (TYPE_KEYWORDS) */
  readonly types: number[];
  stardust: number | null;
  forms: string[];
  amount: number;
  shiny: boolean;
  summary: boolean;
}

function speciesOf(draft: Draft, mode: number): SpeciesRequest {
  let request = draft.byMode.get(mode);
  if (!request) {
    request = emptySpeciesRequest();
    draft.byMode.set(mode, request);
  }
  return request;
}

/** Reads the quest-specific token at `i`; how many tokens it used (0 = not one). */
function readQuestToken(tokens: readonly string[], i: number, draft: Draft, items: ReadonlyMap<string, number>, options: QuestParseOptions): number {
  const token = tokens[i]!;
  if (token === 'shiny') return (draft.shiny = true), 1;
  if (token === 'summary') return (draft.summary = true), 1;
  const amount = prefixValue(token, 'amount');
  if (amount !== null) {
    const n = readInteger(amount);
    if (n === null || n < 0) return 0;
    draft.amount = n;
    return 1;
  }
  if (token === 'stardust') return (draft.stardust ??= 0), 1;
  const dust = prefixValue(token, 'stardust');
  if (dust !== null) {
    const n = readInteger(dust);
    if (n === null || n < 0) return 0;
    draft.stardust = n;
    return 1;
  }
  const form = prefixValue(token, 'form', true);
  if (form !== null) return draft.forms.push(form), 1;
  const keywordType = Object.hasOwn(TYPE_KEYWORDS, token) ? TYPE_KEYWORDS[token] : undefined;
  if (keywordType !== undefined) {
    if (!draft.types.includes(keywordType)) draft.types.push(keywordType);
    return 1;
  }
  const item = readItem(tokens, i, items);
  if (item) {
    if (!draft.items.includes(item.id)) draft.items.push(item.id);
    return item.used;
  }
  for (const [word, mode] of Object.entries(POKEMON_MODES)) {
    if (token === word) {
      draft.mode = mode;
      draft.modes.add(mode);
      return 1;
    }
    const named = prefixValue(token, word, true);
    if (named !== null) {
      draft.modes.add(mode);
      const used = readPokemonTokens([named], 0, speciesOf(draft, mode), options.gameData, options.language);
      return used > 0 ? 1 : 0;
    }
  }
  return readPokemonTokens(tokens, i, speciesOf(draft, draft.mode), options.gameData, options.language);
}

function picksOf(draft: Draft, everything: boolean, gameData: GameData): Parsed<RewardPick[]> {
  const picks: RewardPick[] = [];
  const add = (pick: RewardPick): void => {
    if (!picks.some((p) => p.rewardType === pick.rewardType && p.reward === pick.reward && p.form === pick.form)) picks.push(pick);
  };
  if (everything) for (const type of EVERYTHING_TYPES) add({ rewardType: type, reward: 0, form: 0 });
  for (const [mode, request] of draft.byMode) {
    for (const id of request.ids) {
      if (mode !== REWARD.pokemon || draft.forms.length === 0) {
        add({ rewardType: mode, reward: id, form: 0 });
        continue;
      }
      for (const form of draft.forms) {
        const formId = formIdOf(gameData, id, form);
        if (formId === null) return refuse('Form `{form}` not recognised. Use `{prefix}info <pokemon>` to see available forms.', { form });
        add({ rewardType: mode, reward: id, form: formId });
      }
    }
  }
  for (const mode of draft.modes) if ((draft.byMode.get(mode)?.ids.length ?? 0) === 0) add({ rewardType: mode, reward: 0, form: 0 });
  if (draft.stardust !== null) add({ rewardType: REWARD.stardust, reward: draft.stardust, form: 0 });
  for (const id of draft.items) add({ rewardType: REWARD.item, reward: id, form: 0 });
  for (const type of draft.types) add({ rewardType: type, reward: 0, form: 0 });
  return { ok: true, value: picks };
}

/** `tokens` lower-cased, `rawTokens` as typed (location labels and templates keep their case). */
export function parseQuestArgs(tokens: readonly string[], rawTokens: readonly string[], options: QuestParseOptions): Parsed<QuestRequest> {
  const items = itemNames(options.gameData, options.language);
  const common = emptyCommonArgs();
  const draft: Draft = { mode: REWARD.pokemon, byMode: new Map(), modes: new Set(), items: [], types: [], stardust: null, forms: [], amount: 0, shiny: false, summary: false };
  const unknown: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    const token = tokens[i]!;
    if (readCommonToken(token, rawTokens[i] ?? token, common)) {
      i++;
      continue;
    }
    const used = readQuestToken(tokens, i, draft, items, options);
    if (used === 0) {
      unknown.push(rawTokens[i] ?? token);
      i++;
    } else i += used;
  }
  if (unknown.length > 0) return refuse('Unrecognized: {tokens}', { tokens: unknown.join(', ') });
  const picks = picksOf(draft, common.everything, options.gameData);
  if (!picks.ok) return picks;
  if (picks.value.length === 0 && !common.remove && common.uids.length === 0) return refuse('No quest type specified');
  return { ok: true, value: { picks: picks.value, amount: draft.amount, shiny: draft.shiny, summary: draft.summary, common } };
}
