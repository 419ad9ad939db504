/**
 * What an alert plugin contributes to the client configuration answers (AlertPlugin.clientConfig): its fields
 * of GET /api/config/webClient and GET /api/config/poracleWeb, computed from the config with its own typed
 * reader, and the secret values of its config that no answer may contain. The core knows none of these keys.
 */
import type { Config } from '../../config/index.ts';

/** A plugin's part of one answer. */
export interface ClientConfigPart {
  /**
   * the answer's top-level key its new top-level fields are placed before, to keep the previous generation's key
   * order (e.g. `defaultTemplateName`); absent or not in the answer: after every other field
   */
  readonly before?: string;
  /**
   * its fields for this config: a field holding an object merges key by key into the answer's object of the same
   * name (its new keys after the existing ones); any other field must be new to the answer
   */
  fields(config: Config): Readonly<Record<string, unknown>>;
}

/** AlertPlugin.clientConfig: its parts of the client configuration answers. */
export interface ClientConfigContribution {
  readonly webClient?: ClientConfigPart;
  readonly poracleWeb?: ClientConfigPart;
  /** values of its config no answer may contain (API keys, tokens): removed from every string of every answer */
  secrets?(config: Config): readonly string[];
}

/** One plugin's contribution, named for the errors. */
export interface PluginClientConfig {
  readonly plugin: string;
  readonly contribution: ClientConfigContribution;
}

/** The answers plugins contribute to. */
export type ClientConfigAnswer = 'webClient' | 'poracleWeb';

const MEMBERS: readonly string[] = ['webClient', 'poracleWeb', 'secrets'];

function partProblem(name: string, value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'object' || value === null) return `"${name}" must be { before?, fields(config) }`;
  const part = value as { before?: unknown; fields?: unknown };
  const unknownKey = Object.keys(part).find((key) => key !== 'before' && key !== 'fields');
  if (unknownKey !== undefined) return `"${name}" has an unknown member "${unknownKey}" (known: before, fields)`;
  if (typeof part.fields !== 'function') return `"${name}.fields" must be a function`;
  if (part.before !== undefined && (typeof part.before !== 'string' || part.before === '')) return `"${name}.before" must be a non-empty string`;
  return null;
}

/** Why an AlertPlugin.clientConfig value is malformed, or null. */
export function clientConfigProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be { webClient?, poracleWeb?, secrets?(config) }';
  const contribution = value as Readonly<Record<string, unknown>>;
  const unknownKey = Object.keys(contribution).find((key) => !MEMBERS.includes(key));
  if (unknownKey !== undefined) return `has an unknown member "${unknownKey}" (known: ${MEMBERS.join(', ')})`;
  if (contribution.secrets !== undefined && typeof contribution.secrets !== 'function') return '"secrets" must be a function';
  return partProblem('webClient', contribution.webClient) ?? partProblem('poracleWeb', contribution.poracleWeb);
}
