/**
 * Checks the parsed contents of `config/channelTemplate.json` and turns it into typed templates. Every problem
 * is reported at once with its path (`[0].definition.channels[1].threads[0].buttonStyle`, `[2].name`, '' for the
 * whole file). Errors make an entry unusable: normalisation leaves it out and keeps the others. Warnings
 * (webhookName without controlType webhook, fields a voice channel ignores, a picker without threads) are
 * informational. Unknown keys are errors, naming the key: in a closed format a key nobody reads is a typo
 * (`channelname`, `veiw`) whose intent would otherwise be silently dropped. Placeholders are not checked: any
 * text may hold braces. Pure.
 */
import { keyPath, ProblemList } from './read-fields.ts';
import { readTemplateEntry } from './read-entry.ts';
import type { ChannelTemplate, TemplateProblem } from './types.ts';

export interface NormalisedTemplates {
  /** the entries without errors, in file order */
  readonly templates: ChannelTemplate[];
  /** errors and warnings of every entry */
  readonly problems: TemplateProblem[];
}

export function normaliseChannelTemplates(value: unknown): NormalisedTemplates {
  const problems = new ProblemList();
  const templates: ChannelTemplate[] = [];
  if (!Array.isArray(value)) {
    problems.error('', 'the channel template file must hold a JSON array of templates ({ "name": …, "definition": … })');
    return { templates, problems: problems.items };
  }
  const seen = new Map<string, number>();
  value.forEach((entry: unknown, i) => {
    const path = `[${i}]`;
    const errorsBefore = problems.errorCount;
    const template = readTemplateEntry(entry, path, problems);
    if (template && template.name !== '') {
      const first = seen.get(template.name);
      if (first === undefined) seen.set(template.name, i);
      else problems.error(keyPath(path, 'name'), `duplicate template name "${template.name}" (also at [${first}]); names are case-sensitive and must be unique`);
    }
    if (template && problems.errorCount === errorsBefore) templates.push(template);
  });
  return { templates, problems: problems.items };
}

/** Every problem of the parsed file contents; no errors means every entry is usable. */
export function lintChannelTemplates(value: unknown): TemplateProblem[] {
  return normaliseChannelTemplates(value).problems;
}

export function hasTemplateErrors(problems: readonly TemplateProblem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}
