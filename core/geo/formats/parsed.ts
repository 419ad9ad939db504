/** What a format parser returns for one file: the good fences plus one line per fence it had to drop. */
import type { FenceDraft } from '../fence.ts';

export interface ParsedFile {
  readonly format: 'poracle' | 'geojson';
  readonly drafts: readonly FenceDraft[];
  /** fences dropped because they are broken (reported as errors) */
  readonly problems: readonly string[];
  /** features dropped on purpose, e.g. a Point in a FeatureCollection (reported as warnings) */
  readonly skipped: readonly string[];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `fence #3 "Old Town"`: how problems name a fence inside its file. */
export function fenceLabel(position: number, name: unknown): string {
  return typeof name === 'string' && name !== '' ? `fence #${position} "${name}"` : `fence #${position}`;
}
