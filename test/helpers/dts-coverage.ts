/**
 * The compatibility corpus check: for every entry of a set of DTS files, the root variables its templates read
 * (partials followed) against the variables the running service gives that alert type for real sample webhooks
 * (the plugins' test data, the previous generations' test data when ../shared is there), through the template
 * editor API. An entry is covered when every variable it reads is given (in at least one sample's view); names
 * given but empty in every sample are reported apart. Entries of types no sample renders are counted as unchecked.
 */
import type { DtsEngine } from '../../core/dts/engine.ts';

export interface SampleWebhook {
  readonly type: string;
  readonly webhook: Readonly<Record<string, unknown>>;
}

export interface EntryCoverage {
  readonly entry: string;
  readonly missing: readonly string[];
  readonly empty: readonly string[];
}

export interface CoverageReport {
  readonly checked: number;
  readonly covered: number;
  readonly unchecked: readonly string[];
  readonly entries: readonly EntryCoverage[];
}

export interface CoverageService {
  readonly baseUrl: string;
  readonly secret: string;
}

async function api(service: CoverageService, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${service.baseUrl}/api${path}`, { method, headers: { 'x-service-secret': service.secret, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return (await res.json()) as Record<string, unknown>;
}

const isEmpty = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** The views the service gives `alertType` for the samples (those whose event is of that type). */
async function viewsOf(service: CoverageService, alertType: string, samples: readonly SampleWebhook[]): Promise<Record<string, unknown>[]> {
  const views: Record<string, unknown>[] = [];
  for (const sample of samples) {
    const answer = await api(service, 'POST', '/dts/render', { type: alertType, platform: 'discord', language: 'en', template: { content: '' }, event: { type: sample.type, webhook: sample.webhook }, includeView: true });
    if (answer['status'] === 'ok' && answer['alertType'] === alertType) views.push(answer['view'] as Record<string, unknown>);
  }
  return views;
}

/** The service's own test webhooks (GET /api/dts/testdata) plus `extra`. */
export async function sampleWebhooks(service: CoverageService, extra: readonly SampleWebhook[] = []): Promise<SampleWebhook[]> {
  const own = (await api(service, 'GET', '/dts/testdata'))['testdata'] as SampleWebhook[];
  return [...own.map((t) => ({ type: t.type, webhook: t.webhook })), ...extra];
}

export async function corpusCoverage(service: CoverageService, corpus: DtsEngine, samples: readonly SampleWebhook[]): Promise<CoverageReport> {
  const views = new Map<string, Record<string, unknown>[]>();
  const entries: EntryCoverage[] = [];
  const unchecked: string[] = [];
  for (const entry of corpus.entries()) {
    const name = `${entry.source.file}#${entry.source.index} ${entry.type}/${entry.id}/${entry.platform || 'any'}/${entry.language || 'any'}`;
    let typeViews = views.get(entry.type);
    if (!typeViews) views.set(entry.type, (typeViews = await viewsOf(service, entry.type, samples)));
    if (typeViews.length === 0) {
      unchecked.push(name);
      continue;
    }
    const used = [...corpus.variablesOf(entry)];
    const missing = used.filter((v) => typeViews.every((view) => view[v] === undefined)).sort();
    const empty = used.filter((v) => !missing.includes(v) && typeViews.every((view) => isEmpty(view[v]))).sort();
    entries.push({ entry: name, missing, empty });
  }
  return { checked: entries.length, covered: entries.filter((e) => e.missing.length === 0).length, unchecked, entries };
}
