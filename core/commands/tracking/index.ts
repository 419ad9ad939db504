/**
 * Building blocks every tracking command shares (monster, raid, quest, …): reply messages that translate
 * later, prefix arguments and ranges (`iv90`, `level:5-6`), the rule-mode arguments (`d:`, `area:`,
 * `location:`) with the spec's rule errors, `template<N>` checked against the DTS, and pokemon selection (names
 * in any language, ids, `name+`, types, `gen<N>`, `form:`, `everything`).
 */
export { message, refuse, type Message, type Parsed } from './message.ts';
export { namedStep, prefixRawValue, prefixValue, readDecimal, readInteger, readRange, type RangeValue } from './prefix-args.ts';
export { readReachToken, resolveReach, type ReachColumns, type ReachLimits, type ReachOptions, type ReachRequest } from './reach-args.ts';
export { checkTemplates, namedTemplates, type TemplateCheck, type TemplatedRule } from './template-check.ts';
export {
  emptySpeciesRequest,
  hasSpecies,
  readPokemonTokens,
  readSelectorToken,
  readSpeciesArgs,
  selectedSpecies,
  speciesPicks,
  withEvolutions,
  type EverythingMode,
  type SpeciesPick,
  type SpeciesRequest,
} from './species-args.ts';
