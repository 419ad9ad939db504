/**
 * Small lookup tables of the monster templates: the IV colour tiers, size and rarity names (English; the
 * language layer translates them), and the catch-rate and weight formatting.
 */

/** Colour by IV percent, from the familiar grey-to-orange quality scale. */
const IV_TIERS: readonly (readonly [number, string])[] = [
  [100, '#FF8000'],
  [90, '#A335EE'],
  [82, '#0070DD'],
  [50, '#1EFF00'],
  [25, '#FFFFFF'],
  [0, '#9D9D9D'],
];

export function ivColor(iv: number): string {
  for (const [min, colour] of IV_TIERS) if (iv >= min) return colour;
  return '#9D9D9D';
}

const SIZE_NAMES: readonly string[] = ['', 'XXS', 'XS', 'M', 'XL', 'XXL'];

export function sizeName(size: number): string {
  return SIZE_NAMES[size] ?? '';
}

const RARITY_NAMES: Readonly<Record<number, string>> = { 1: 'Common', 2: 'Uncommon', 3: 'Rare', 4: 'Very Rare', 5: 'Ultra Rare', 6: 'Unseen' };

export function rarityName(group: number): string {
  return RARITY_NAMES[group] ?? '';
}

/** a 0..1 rate as a percent with two decimals, "" when unknown */
export function catchPercent(rate: number | undefined): string {
  return rate === undefined || rate <= 0 ? '' : (Math.round(rate * 10000) / 100).toFixed(2);
}

export function twoDecimals(value: number): string {
  return value > 0 ? value.toFixed(2) : '';
}
