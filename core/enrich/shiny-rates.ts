/**
 * How often each species was seen shiny, shared between plugins: the plugin that counts sightings (monster)
 * publishes the rates of its statistics window at each refresh; others (raid, nest, quest) read them for
 * `shinyPossible`, as the previous generations gave every alert showing a pokemon. Kept in memory only.
 */

export interface ShinyRate {
  /** encounters counted in the window */
  readonly encountered: number;
  /** of them, shiny */
  readonly shiny: number;
}

export interface ShinyRates {
  /** replaces every rate with these (species id → rate) */
  publish(rates: ReadonlyMap<number, ShinyRate>): void;
  /** the species' rate, null when it was not encountered in the window */
  rate(pokemonId: number): ShinyRate | null;
  /** a shiny of the species was seen in the window */
  possible(pokemonId: number): boolean;
}

export class ShinyRateStore implements ShinyRates {
  private rates: ReadonlyMap<number, ShinyRate> = new Map();

  publish(rates: ReadonlyMap<number, ShinyRate>): void {
    this.rates = rates;
  }

  rate(pokemonId: number): ShinyRate | null {
    return this.rates.get(pokemonId) ?? null;
  }

  possible(pokemonId: number): boolean {
    return (this.rates.get(pokemonId)?.shiny ?? 0) > 0;
  }
}

/**
 * `shinyStats` as the previous generations gave it: n of "one shiny in n encounters" (templates write
 * `1/{{shinyStats}}`); '' when none was seen.
 */
export function shinyOdds(rate: ShinyRate | null): number | '' {
  if (!rate || rate.shiny === 0) return '';
  return Math.round(rate.encountered / rate.shiny);
}
