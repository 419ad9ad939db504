import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { idOnlyLookups, type GameLookups } from '../../../core/dts/game-lookups.ts';
import { stringRenderer } from '../../fixtures/dts/render.ts';

const NAMES: Record<string, Record<number, string>> = {
  en: { 1: 'Bulbasaur', 25: 'Pikachu' },
  de: { 1: 'Bisasam', 25: 'Pikachu' },
  fr: { 1: 'Bulbizarre', 25: 'Pikachu' },
};
const FORMS: Record<number, string> = { 163: 'Normal', 2668: 'Alola' };
const MOVES: Record<number, { name: string; type: string }> = { 214: { name: 'Vine Whip', type: 'Grass' } };
const TRANSLATIONS: Record<string, Record<string, string>> = {
  de: { Alola: 'Alola-Form', 'Vine Whip': 'Rankenhieb', Grass: 'Pflanze', Poison: 'Gift', '🌿': '🍀', Stardust: 'Sternenstaub', Candies: 'Bonbons', '✨': '✨de' },
  fr: { 'Vine Whip': 'Fouet Lianes', Grass: 'Plante' },
};

const tr = (text: string, language?: string): string => (language ? (TRANSLATIONS[language]?.[text] ?? text) : text);

const lookups: GameLookups = {
  pokemonName: (id, language) => NAMES[language ?? 'en']?.[id] ?? NAMES['en']![id] ?? '',
  formName: (formId, language) => tr(FORMS[formId] ?? '', language),
  pokemonInfo: (id, form) =>
    id === 1 && form === 0 ? { types: ['Grass', 'Poison'], baseStats: { baseAttack: 118, baseDefense: 111, baseStamina: 128 }, hasEvolutions: true } : null,
  typeName: (type, language) => tr(type, language),
  typeEmoji: (type, platform) => (type === 'Grass' ? (platform === 'telegram' ? '🌱' : '🌿') : type === 'Poison' ? '☠️' : ''),
  moveName: (id, language) => tr(MOVES[id]?.name ?? '', language),
  moveType: (id, language) => tr(MOVES[id]?.type ?? '', language),
  emoji: (key, platform) => (key === 'shiny' ? (platform === 'discord' ? '✨' : '*') : key),
  translate: (text, language) => tr(text, language),
  cpMultiplier: (level) => ({ 20: 0.5974, 25: 0.667934, 40: 0.7903 })[level] ?? null,
  powerUpSteps: () => [
    { level: 20, stardust: 4000, candy: 4, xlCandy: 0 },
    { level: 20.5, stardust: 4000, candy: 4, xlCandy: 0 },
    { level: 40, stardust: 10000, candy: 0, xlCandy: 10 },
  ],
  customMap: (name, language) => (name === 'team' ? (language === 'de' ? { '1': 'Weisheit' } : { '1': 'Mystic', '2': 'Valor' }) : null),
};

const render = stringRenderer({ lookups, altLanguage: 'fr', numberLocale: 'en-gb' });
const de = { language: 'de' } as const;

describe('game helpers', () => {
  test('names in the render language (@language), English (…Eng) and the alt language (…Alt)', () => {
    assert.equal(render('{{pokemonName 1}}|{{pokemonNameEng 1}}|{{pokemonNameAlt 1}}', {}, de), 'Bisasam|Bulbasaur|Bulbizarre');
    assert.equal(render('{{pokemonForm 2668}}|{{pokemonFormEng 2668}}|{{pokemonFormAlt 2668}}', {}, de), 'Alola-Form|Alola|Alola');
    assert.equal(render('{{moveName id}}|{{moveNameEng id}}|{{moveNameAlt id}}', { id: 214 }, de), 'Rankenhieb|Vine Whip|Fouet Lianes');
    assert.equal(render('{{moveType 214}}|{{moveTypeEng 214}}|{{moveTypeAlt 214}}', {}, de), 'Pflanze|Grass|Plante');
    assert.equal(render('{{@language}}/{{@altLanguage}}/{{@platform}}', {}, de), 'de/fr/discord');
  });

  test('emoji follow the platform and are translated', () => {
    assert.equal(render('{{moveEmoji 214}}|{{moveEmojiEng 214}}', {}, de), '🍀|🌿');
    assert.equal(render('{{moveEmojiEng 214}}', {}, { platform: 'telegram' }), '🌱');
    assert.equal(render("{{getEmoji 'shiny'}}", {}, de), '✨de');
    assert.equal(render("{{getEmoji 'shiny'}}", {}, { platform: 'telegram' }), '*');
    assert.equal(render("{{translateAlt 'Grass'}}", {}, de), 'Plante');
  });

  test('unknown or missing ids render empty, never throw', () => {
    assert.equal(render('[{{pokemonName 999}}][{{pokemonName x}}][{{moveName 0}}][{{moveEmoji 5}}][{{pokemonForm}}]', {}), '[][][][][]');
  });

  test('pokemon block helper', () => {
    const tpl = '{{#pokemon 1}}{{name}}/{{nameEng}} {{typeName}} {{typeEmoji}} {{baseStats.baseAttack}} {{hasEvolutions}}{{/pokemon}}';
    assert.equal(render(tpl, {}, de), 'Bisasam/Bulbasaur Pflanze, Gift 🍀☠️ 118 true');
    assert.equal(render('{{#pokemon 1 2668}}{{fullName}}|{{fullNameEng}}{{/pokemon}}', {}, de), 'Bisasam Alola-Form|Bulbasaur Alola');
    assert.equal(render('{{#pokemon 0}}x{{else}}unknown{{/pokemon}}', {}), 'unknown');
  });

  test('calculateCp, pokemonBaseStats', () => {
    assert.equal(render('{{calculateCp (pokemonBaseStats 1 0) 20 15 15 15}}', {}), '637');
    assert.equal(render('{{calculateCp baseStats}}', { baseStats: { baseAttack: 118, baseDefense: 111, baseStamina: 128 } }), '796');
    assert.equal(render('{{calculateCp 1 0 20 15 15 15}}', {}), '637');
    assert.equal(render('{{calculateCp baseStats 33}}', { baseStats: { baseAttack: 1, baseDefense: 1, baseStamina: 1 } }), '0');
    assert.equal(render('{{#with (pokemonBaseStats 999)}}{{baseAttack}}/{{baseDefense}}/{{baseStamina}}{{/with}}', {}), '0/0/0');
  });

  test('getPowerUpCost inline and as a block', () => {
    assert.equal(render('{{getPowerUpCost 20 21}}', {}), '8,000 Stardust and 8 Candies');
    assert.equal(render('{{getPowerUpCost 20 41}}', {}, de), '18,000 Sternenstaub and 8 Bonbons and 10 XL Candies');
    assert.equal(render('{{#getPowerUpCost 20 20.5}}{{stardust}}/{{candy}}/{{xlCandy}}{{/getPowerUpCost}}', {}), '4000/4/0');
    assert.equal(render('[{{getPowerUpCost level 30}}]', {}), '[]');
  });

  test('map and map2 read operator custom maps in the render language', () => {
    assert.equal(render("{{map 'team' t}}", { t: 1 }), 'Mystic');
    assert.equal(render("{{map 'team' t}}", { t: 1 }, de), 'Weisheit');
    assert.equal(render("{{#map 'team' t}}[{{this}}]{{else}}none{{/map}}", { t: 9 }), 'none');
    assert.equal(render("{{map2 'team' a b}}", { a: 7, b: 2 }), 'Valor');
    assert.equal(render("[{{map 'nope' 1}}]", {}), '[]');
  });

  test('numberFormat, pad0, concat, math', () => {
    assert.equal(render('{{numberFormat x}}|{{numberFormat x 1}}|{{numberFormat s}}', { x: 3.14159, s: 'n/a' }), '3.14|3.1|n/a');
    assert.equal(render('{{pad0 id}}|{{pad0 id 5}}', { id: 7 }), '007|00007');
    assert.equal(render("{{concat 'a' b 'c'}}", { b: 2 }), 'a2c');
    assert.equal(render('{{math x 1 2 0 10 4}}', { x: 1 }), '7.5');
  });

  test('idOnlyLookups: names fall back to ids', () => {
    const plain = stringRenderer({ lookups: idOnlyLookups() });
    assert.equal(plain("{{pokemonName 25}} {{moveName 214}} {{pokemonForm 0}}{{getEmoji 'shiny'}}"), '25 214 shiny');
  });
});
