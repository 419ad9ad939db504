/**
 * The sample webhooks `service-test` offers, by kind: every alert plugin's declared test data, plus the
 * operator's config/testdata.json (else fallbacks/testdata.json) in the previous generation's shape
 * `[{ type, test, location, webhook }]`. An operator entry's kind is the test kind of the plugin that parses its
 * webhook type; an operator entry replaces a plugin's entry of the same kind and name.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestData, TestWebhook } from '../contract.ts';
import type { Logger } from '../log/logger.ts';
import type { PluginRegistry } from '../registry.ts';

export type TestCatalog = ReadonlyMap<string, readonly TestWebhook[]>;

export interface OperatorTestData {
  readonly entries: readonly TestWebhook[];
  /** the file read, or null when there was none */
  readonly file: string | null;
  readonly problems: readonly string[];
}

function isTestWebhook(value: unknown): value is TestWebhook {
  const v = value as Partial<TestWebhook> | null;
  return typeof v === 'object' && v !== null && typeof v.test === 'string' && typeof v.type === 'string' && typeof v.webhook === 'object' && v.webhook !== null;
}

/** config/testdata.json, else fallbacks/testdata.json; unusable entries are skipped and reported. */
export async function readOperatorTestData(rootDir: string): Promise<OperatorTestData> {
  for (const file of [join(rootDir, 'config', 'testdata.json'), join(rootDir, 'fallbacks', 'testdata.json')]) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      continue;
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (!Array.isArray(parsed)) return { entries: [], file, problems: [`${file}: must be an array of { type, test, webhook }`] };
      const problems = parsed.flatMap((e: unknown, i) => (isTestWebhook(e) ? [] : [`${file}: entry ${i} needs test, type and webhook`]));
      return { entries: parsed.filter(isTestWebhook), file, problems };
    } catch (err) {
      return { entries: [], file, problems: [`${file}: ${err instanceof Error ? err.message : String(err)}`] };
    }
  }
  return { entries: [], file: null, problems: [] };
}

/**
 * Kind → samples. `kindOfType` names the kind for a webhook type (the owning plugin's test kind), or null when
 * no plugin parses that type (such entries are left out).
 */
export function buildTestCatalog(pluginData: readonly TestData[], operator: readonly TestWebhook[], kindOfType: (type: string) => string | null): TestCatalog {
  const catalog = new Map<string, TestWebhook[]>();
  const put = (kind: string, hook: TestWebhook): void => {
    const list = catalog.get(kind) ?? [];
    const at = list.findIndex((h) => h.test === hook.test);
    if (at >= 0) list[at] = hook;
    else list.push(hook);
    catalog.set(kind, list);
  };
  for (const data of pluginData) for (const hook of data.webhooks) put(data.kind, hook);
  for (const hook of operator) {
    const kind = kindOfType(hook.type);
    if (kind !== null) put(kind, hook);
  }
  return catalog;
}

/** The catalog of the registered plugins' test data and the operator's file; the file's problems are logged. */
export async function loadTestCatalog(registry: PluginRegistry, rootDir: string, log: Logger): Promise<TestCatalog> {
  const operator = await readOperatorTestData(rootDir);
  for (const problem of operator.problems) log.warn({ problem }, 'test data: a file could not be used');
  const pluginData = registry.alertPlugins.flatMap((p) => (p.testData ? [p.testData] : []));
  const kindOfType = (type: string): string | null => {
    const owner = registry.pluginsForWebhook(type)[0];
    return owner ? (owner.testData?.kind ?? owner.name) : null;
  };
  return buildTestCatalog(pluginData, operator.entries, kindOfType);
}
