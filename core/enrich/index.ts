/**
 * Common template variables every alert type gets (location, address, links, times, static map, distance,
 * bearing, prefix) and the shortlink marker; see docs/templates.md.
 */
export { createCommonEnricher } from './enricher.ts';
export type { CommonEnricher, CommonEnricherOptions, EventViewInput, TargetViewInput, FetchFn } from './types.ts';
export { bodyHasMarker, shortenBody } from './shortlink/marker.ts';
