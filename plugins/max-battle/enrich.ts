/**
 * The max battle variables: once per event in English (`maxBattleView`), then names and emoji per recipient
 * language and platform (`maxBattleLanguageView`). The boss variables are the ones raids have (name, form,
 * moves, types and their emoji, base stats, generation, level) except those a battle cannot tell: `cp` (the
 * webhook has none, and a boss's battle CP is not derivable from the game data) and `boosted` (no weather
 * source); `endTimestamp` is the battle's end for the countdown. The webhook's own fields stay
 * underneath for older templates.
 */
import type { View, ViewScope } from '../../core/contract.ts';
import type { GameData, PokemonInfo } from '../../core/gamedata/index.ts';
import type { MaxBattleEvent } from './event.ts';

const GENDER_EMOJI: Readonly<Record<number, string>> = { 1: 'gender-male', 2: 'gender-female', 3: 'gender-none' };

/** The image URLs of the boss (empty strings when no icon set is configured). */
export interface MaxBattleImages {
  readonly imgUrl: string;
  readonly imgUrlAlt: string;
  readonly stickerUrl: string;
}

function shownForm(gameData: GameData, form: number, lang?: string): string {
  const name = form ? gameData.formName(form, lang) : '';
  return /^normal$/i.test(name) ? '' : name;
}

function joinName(name: string, form: string): string {
  return form ? `${name} ${form}` : name;
}

/** "Level 3", "Gigantamax level 7" — English; the language layer translates the words. */
export function levelNameOf(level: number, gmax: boolean): { readonly text: string; readonly vars: Readonly<Record<string, number>> } {
  return { text: gmax ? 'Gigantamax level {level}' : 'Level {level}', vars: { level } };
}

function fill(text: string, vars: Readonly<Record<string, number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in vars ? String(vars[key]) : whole));
}

function moveEmoji(gameData: GameData, moveId: number, platform: string): string {
  const type = moveId ? gameData.move(moveId).type : null;
  return type ? gameData.emoji(gameData.type(type.id).emojiKey, platform) : '';
}

/** Base stats and generation of the boss (from the masterfile); empty while the boss is unknown. */
function bossStats(event: MaxBattleEvent, info: PokemonInfo): Record<string, unknown> {
  if (!event.pokemonId) return { baseStats: null, generation: 0, generationName: '', generationRoman: '' };
  return {
    baseStats: info.baseStats,
    generation: info.generation.id,
    generationName: info.generation.name,
    generationRoman: info.generation.roman,
  };
}

export function maxBattleView(event: MaxBattleEvent, gameData: GameData, images: MaxBattleImages): View {
  const info = gameData.pokemon(event.pokemonId, event.form);
  const name = event.pokemonId ? info.name : '';
  const form = shownForm(gameData, event.form);
  const typeIds = event.pokemonId ? info.types.map((t) => t.id) : [];
  const level = levelNameOf(event.level, event.gmax);
  const computed: Record<string, unknown> = {
    id: event.pokemonId,
    pokemonId: event.pokemonId,
    formId: event.form,
    costumeId: event.costume,
    name,
    nameEng: name,
    formName: form,
    formNameEng: form,
    fullName: joinName(name, form),
    fullNameEng: joinName(name, form),
    level: event.level,
    levelName: fill(level.text, level.vars),
    levelNameEng: fill(level.text, level.vars),
    gmax: event.gmax,
    breadMode: event.breadMode,
    // battles carry no temporary evolution
    evolution: 0,
    evolutionName: '',
    ...bossStats(event, info),
    types: typeIds,
    typeName: info.types.map((t) => t.name).join(', '),
    typeNameEng: info.types.map((t) => t.name),
    emojiString: '',
    typeEmoji: '',
    color: gameData.type(typeIds[0] ?? 0).color,
    gender: event.gender,
    genderData: { name: gameData.genderName(event.gender), emoji: '' },
    quickMoveId: event.move1,
    chargeMoveId: event.move2,
    quickMoveName: event.move1 ? gameData.move(event.move1).name : '',
    quickMoveNameEng: event.move1 ? gameData.move(event.move1).name : '',
    chargeMoveName: event.move2 ? gameData.move(event.move2).name : '',
    chargeMoveNameEng: event.move2 ? gameData.move(event.move2).name : '',
    quickMoveEmoji: '',
    chargeMoveEmoji: '',
    stationId: event.stationId,
    stationName: event.stationName,
    startTimestamp: event.battleStart || '',
    endTimestamp: event.battleEnd || '',
    stationEndTimestamp: event.stationEnd || '',
    totalStationedPokemon: event.totalStationed,
    totalStationedGmax: event.totalStationedGmax,
    ...images,
  };
  return { ...event.raw, ...computed };
}

export function maxBattleLanguageView(event: MaxBattleEvent, gameData: GameData, scope: ViewScope): View {
  const { language: lang, platform } = scope;
  const info = gameData.pokemon(event.pokemonId, event.form);
  const name = event.pokemonId ? gameData.pokemonName(event.pokemonId, lang) : '';
  const form = shownForm(gameData, event.form, lang);
  const typeIds = event.pokemonId ? info.types.map((t) => t.id) : [];
  const level = levelNameOf(event.level, event.gmax);
  const genderEmoji = GENDER_EMOJI[event.gender];
  const emojiString = typeIds.map((id) => gameData.emoji(gameData.type(id).emojiKey, platform)).join('');
  const generation = event.pokemonId ? info.generation.id : 0;
  return {
    name,
    formName: form,
    fullName: joinName(name, form),
    levelName: fill(gameData.translate(level.text, lang), level.vars),
    typeName: typeIds.map((id) => gameData.typeName(id, lang)).join(', '),
    emojiString,
    typeEmoji: emojiString,
    generationName: generation ? gameData.generationName(generation, lang) : '',
    genderData: { name: gameData.genderName(event.gender, lang), emoji: genderEmoji ? gameData.emoji(genderEmoji, platform) : '' },
    quickMoveName: event.move1 ? gameData.moveName(event.move1, lang) : '',
    chargeMoveName: event.move2 ? gameData.moveName(event.move2, lang) : '',
    quickMoveEmoji: moveEmoji(gameData, event.move1, platform),
    chargeMoveEmoji: moveEmoji(gameData, event.move2, platform),
  };
}
