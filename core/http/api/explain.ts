/**
 * GET /api/explain/{humanId}: "why didn't I get this alert?" for one registration (core/explain).
 * `?event=<id>` — the service's event id, or an id users quote (encounter, gym, pokestop id); or `?type=<type>`
 * (`&limit=N`, default 5, at most 20) — the latest events of that type near the human. `&language=xx` picks the
 * words' language (default: the human's). Answers `{"status":"ok","explanations":[…]}`, each with the event, the
 * outcome and every rule (code, English text, values and `message` in the language); 404 for an unknown human or an
 * event not kept, 400 for a bad query.
 */
import { LookoutError } from '../../errors.ts';
import type { Explainer, ExplainQuery } from '../../explain/explainer.ts';
import { withWords, type Translate } from '../../explain/words.ts';
import type { ApiRoutes } from '../server.ts';
import { registerRoutes } from './route-table.ts';

export interface ExplainRouteDeps {
  readonly explainer: Explainer;
  /** the reply translator for a language (null: the default locale) */
  readonly translator: (language: string | null) => Translate;
  /** a human's language, for the default words */
  readonly languageOf: (humanId: string) => string | null;
}

const DEFAULT_LIMIT = 5;

function text(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') throw new LookoutError('BAD_REQUEST', `${name} must be a non-empty string`, { [name]: value });
  return value.trim();
}

/** the question the query string asks */
export function explainQueryOf(query: Readonly<Record<string, unknown>>): ExplainQuery {
  const event = text(query['event'], 'event') ?? text(query['id'], 'id');
  const type = text(query['type'], 'type');
  if (event !== undefined && type !== undefined) throw new LookoutError('BAD_REQUEST', 'give either event or type, not both');
  if (event !== undefined) return { event };
  if (type === undefined) throw new LookoutError('BAD_REQUEST', 'event (an event, encounter, gym or pokestop id) or type (e.g. monster) is required');
  const rawLimit = text(query['limit'], 'limit');
  const limit = rawLimit === undefined ? DEFAULT_LIMIT : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1) throw new LookoutError('BAD_REQUEST', 'limit must be a positive integer', { limit: rawLimit });
  return { type, limit };
}

export function explainApiRoutes(deps: ExplainRouteDeps): ApiRoutes {
  return (api) => {
    registerRoutes(api, [
      {
        method: 'GET',
        path: '/explain/:humanId',
        handler: async (request) => {
          const humanId = request.params['humanId']!;
          const question = explainQueryOf(request.query);
          const language = text(request.query['language'], 'language') ?? deps.languageOf(humanId);
          const explanations = await deps.explainer.explain(humanId, question);
          const t = deps.translator(language);
          return { status: 'ok', explanations: explanations.map((e) => withWords(e, t)) };
        },
      },
    ]);
  };
}
