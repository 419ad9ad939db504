/**
 * Game facts the downloaded files do not carry (or carry without ids): type ids and colours, weather boosts,
 * teams, generations, genders and temporary-evolution kinds. Our own tables; the translations give the
 * localised names by id.
 */

export interface TypeRow {
  readonly name: string;
  readonly color: string;
}

/** Pokemon types by id. */
export const TYPES: ReadonlyMap<number, TypeRow> = new Map([
  [0, { name: 'None', color: '#888888' }],
  [1, { name: 'Normal', color: '#a8a878' }],
  [2, { name: 'Fighting', color: '#c03028' }],
  [3, { name: 'Flying', color: '#a890f0' }],
  [4, { name: 'Poison', color: '#a040a0' }],
  [5, { name: 'Ground', color: '#e0c068' }],
  [6, { name: 'Rock', color: '#b8a038' }],
  [7, { name: 'Bug', color: '#a8b820' }],
  [8, { name: 'Ghost', color: '#705898' }],
  [9, { name: 'Steel', color: '#b8b8d0' }],
  [10, { name: 'Fire', color: '#f08030' }],
  [11, { name: 'Water', color: '#6890f0' }],
  [12, { name: 'Grass', color: '#78c850' }],
  [13, { name: 'Electric', color: '#f8d030' }],
  [14, { name: 'Psychic', color: '#f85888' }],
  [15, { name: 'Ice', color: '#98d8d8' }],
  [16, { name: 'Dragon', color: '#7038f8' }],
  [17, { name: 'Dark', color: '#705848' }],
  [18, { name: 'Fairy', color: '#ee99ac' }],
]);

export const UNKNOWN_COLOR = '#888888';

export interface WeatherRow {
  readonly name: string;
  readonly boosts: readonly number[];
  readonly emojiKey: string;
}

/** In-game weather by id, with the type ids it boosts. */
export const WEATHER: ReadonlyMap<number, WeatherRow> = new Map([
  [0, { name: 'None', boosts: [], emojiKey: '' }],
  [1, { name: 'Clear', boosts: [5, 10, 12], emojiKey: 'weather-sunny' }],
  [2, { name: 'Rain', boosts: [7, 11, 13], emojiKey: 'weather-rain' }],
  [3, { name: 'Partly Cloudy', boosts: [1, 6], emojiKey: 'weather-partly-cloudy' }],
  [4, { name: 'Cloudy', boosts: [2, 4, 18], emojiKey: 'weather-cloudy' }],
  [5, { name: 'Windy', boosts: [3, 14, 16], emojiKey: 'weather-windy' }],
  [6, { name: 'Snow', boosts: [9, 15], emojiKey: 'weather-snow' }],
  [7, { name: 'Fog', boosts: [8, 17], emojiKey: 'weather-fog' }],
]);

export interface ColouredRow {
  readonly name: string;
  readonly color: string;
  readonly emojiKey: string;
}

/** Gym teams by id (0 is the neutral "Harmony" team of uncontested gyms). */
export const TEAMS: ReadonlyMap<number, ColouredRow> = new Map([
  [0, { name: 'Harmony', color: '#a0a0a0', emojiKey: 'team-uncontested' }],
  [1, { name: 'Mystic', color: '#1f6fe0', emojiKey: 'team-mystic' }],
  [2, { name: 'Valor', color: '#e0241e', emojiKey: 'team-valor' }],
  [3, { name: 'Instinct', color: '#f5c400', emojiKey: 'team-instinct' }],
]);

export const GENDERS: ReadonlyMap<number, { readonly name: string; readonly emojiKey: string }> = new Map([
  [0, { name: '', emojiKey: '' }],
  [1, { name: 'male', emojiKey: 'gender-male' }],
  [2, { name: 'female', emojiKey: 'gender-female' }],
  [3, { name: 'genderless', emojiKey: 'gender-none' }],
]);

export interface GenerationRow {
  readonly id: number;
  readonly name: string;
  readonly roman: string;
  readonly first: number;
  readonly last: number;
}

/** National dex ranges of the generations. */
export const GENERATIONS: readonly GenerationRow[] = [
  { id: 1, name: 'Kanto', roman: 'I', first: 1, last: 151 },
  { id: 2, name: 'Johto', roman: 'II', first: 152, last: 251 },
  { id: 3, name: 'Hoenn', roman: 'III', first: 252, last: 386 },
  { id: 4, name: 'Sinnoh', roman: 'IV', first: 387, last: 493 },
  { id: 5, name: 'Unova', roman: 'V', first: 494, last: 649 },
  { id: 6, name: 'Kalos', roman: 'VI', first: 650, last: 721 },
  { id: 7, name: 'Alola', roman: 'VII', first: 722, last: 809 },
  { id: 8, name: 'Galar', roman: 'VIII', first: 810, last: 905 },
  { id: 9, name: 'Paldea', roman: 'IX', first: 906, last: 1025 },
];

/** Regional forms belong to the generation of their region: matched on the start of the form name. */
export const REGIONAL_FORM_GENERATION: readonly (readonly [prefix: string, generation: number])[] = [
  ['alola', 7],
  ['galar', 8],
  ['hisui', 8],
  ['paldea', 9],
];

/** Temporary evolution kinds (mega, primal) by tempEvoId. */
export const TEMP_EVOLUTIONS: ReadonlyMap<number, string> = new Map([
  [1, 'Mega'],
  [2, 'Mega X'],
  [3, 'Mega Y'],
  [4, 'Primal'],
  [5, 'Mega Z'],
]);
