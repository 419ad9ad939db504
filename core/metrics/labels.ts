/**
 * Label values a caller chooses, bounded before they reach a metric: every distinct value becomes a series that
 * lives for the life of the process, so only values the service knows may be labels. Today that is the webhook
 * `type` (from the POST / body): a type some alert plugin serves is its own label, anything else is `unknown`; and a
 * registration's `humans.type` (lookout_humans): a type some platform serves, anything else is `unserved`.
 * Every other label of core/metrics/metrics.ts takes plugin, platform and hook names or closed unions of the code.
 */

/** The label of every value no plugin serves. */
export const UNKNOWN_LABEL = 'unknown';

/** The `type` of `lookout_humans` for registrations of a type no platform serves (they receive nothing). */
export const UNSERVED_LABEL = 'unserved';

/** What the mapping needs to know: whether a plugin serves a webhook type (the plugin registry). */
export interface ServedWebhookTypes {
  pluginsForWebhook(type: string): readonly unknown[];
}

/** A webhook `type` as a label: itself when a plugin serves it, otherwise `unknown`. */
export function webhookTypeLabel(served: ServedWebhookTypes, type: string): string {
  return served.pluginsForWebhook(type).length > 0 ? type : UNKNOWN_LABEL;
}
