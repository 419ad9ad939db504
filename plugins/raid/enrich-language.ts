/**
 * The language and platform layer of the raid and egg view: every name in the recipient's language (English
 * fallback per key) and every emoji for the platform the message is rendered for.
 */
import type { View, ViewScope } from '../../core/contract.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import { isEgg, type RaidEvent } from './event.ts';
import { levelName } from './levels.ts';
import { bossFullName, moveName, shownFormName } from './names.ts';

const GENDER_EMOJI: Readonly<Record<number, string>> = { 1: 'gender-male', 2: 'gender-female', 3: 'gender-none' };

function moveEmoji(gameData: GameData, moveId: number, platform: string): string {
  const type = moveId ? gameData.move(moveId).type : null;
  return type ? gameData.emoji(gameData.type(type.id).emojiKey, platform) : '';
}

function bossLayer(gameData: GameData, event: RaidEvent, scope: ViewScope): Record<string, unknown> {
  if (isEgg(event)) return {};
  const lang = scope.language;
  const types = gameData.pokemon(event.pokemonId, event.form).types.map((t) => t.id);
  const emojiString = types.map((id) => gameData.emoji(gameData.type(id).emojiKey, scope.platform)).join('');
  const genderKey = GENDER_EMOJI[event.gender];
  return {
    name: gameData.pokemonName(event.pokemonId, lang),
    formName: shownFormName(gameData, event.form, lang),
    fullName: bossFullName(gameData, event, lang),
    typeName: types.map((id) => gameData.typeName(id, lang)).join(', '),
    emojiString,
    typeEmoji: emojiString,
    genderData: { name: gameData.genderName(event.gender, lang), emoji: genderKey ? gameData.emoji(genderKey, scope.platform) : '' },
    evolutionName: event.evolution ? gameData.tempEvolutionName(event.evolution, lang) : '',
    quickMoveName: moveName(gameData, event.move1, lang),
    chargeMoveName: moveName(gameData, event.move2, lang),
    quickMoveEmoji: moveEmoji(gameData, event.move1, scope.platform),
    chargeMoveEmoji: moveEmoji(gameData, event.move2, scope.platform),
  };
}

/** the name and emoji of the weather boosting the boss (its id from the base view; 0 = not boosted) */
function boostLayer(gameData: GameData, boostWeatherId: number, scope: ViewScope): Record<string, unknown> {
  if (!boostWeatherId) return {};
  return {
    boostWeatherName: gameData.weatherName(boostWeatherId, scope.language),
    boostWeatherEmoji: gameData.emoji(gameData.weather(boostWeatherId).emojiKey, scope.platform),
  };
}

export function raidLanguageView(event: RaidEvent, gameData: GameData, scope: ViewScope, boostWeatherId = 0): View {
  return {
    ...bossLayer(gameData, event, scope),
    ...boostLayer(gameData, boostWeatherId, scope),
    levelName: gameData.translate(levelName(event.level), scope.language),
    teamName: gameData.teamName(event.teamId, scope.language),
    teamEmoji: gameData.emoji(gameData.team(event.teamId).emojiKey, scope.platform),
  };
}
