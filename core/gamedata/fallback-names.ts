/**
 * Readable names for ids the loaded data does not know (a new form, a new Mega kind, no masterfile at all).
 * Rendering shows these instead of failing.
 */
export const fallbackName = {
  pokemon: (id: number): string => `Pokemon ${id}`,
  form: (id: number): string => `Form ${id}`,
  move: (id: number): string => `Move ${id}`,
  item: (id: number): string => `Item ${id}`,
  type: (id: number): string => `Type ${id}`,
  weather: (id: number): string => `Weather ${id}`,
  team: (id: number): string => `Team ${id}`,
  generation: (id: number): string => `Generation ${id}`,
  tempEvolution: (id: number): string => `Evolution ${id}`,
} as const;
