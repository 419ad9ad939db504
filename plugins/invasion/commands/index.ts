/**
 * The invasion plugin's chat command (`incident`, alias `invasion`) and how its rules read in `tracked`.
 */
export { incidentCommand, INVASION_RULES } from './incident.ts';
export { describeInvasionRule } from './describe.ts';
export { parseIncident, readGruntType, type IncidentRequest, type IncidentParseOptions } from './parse.ts';
