/**
 * Generates the member tables of docs/hooks.md from the registry's member tables (ALERT_MEMBERS, PLATFORM_MEMBERS in
 * core/registry.ts), between marker comments; the prose around them is written by hand and kept.
 * `npm run docs:hooks` rewrites the file; test/docs/hooks.test.ts fails while it is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MemberKind } from '../core/member-table.ts';
import { ALERT_MEMBERS, PLATFORM_MEMBERS } from '../core/registry.ts';

export const HOOKS_DOC = resolve(import.meta.dirname, 'hooks.md');

interface DocumentedMember {
  readonly kind: MemberKind;
  readonly required?: string;
  readonly shape?: string;
  readonly called: string;
  readonly must: string;
}

const REQUIRED: Readonly<Record<string, string>> = { always: 'yes', withWebhooks: 'with webhook types' };

const cell = (text: string): string => text.replaceAll('|', '\\|');

function table(members: Readonly<Record<string, DocumentedMember>>): string {
  const rows = Object.entries(members).map(([name, m]) => `| \`${cell(m.shape ?? name)}\` | ${m.kind} | ${m.required ? (REQUIRED[m.required] ?? m.required) : ''} | ${cell(m.called)} | ${cell(m.must)} |`);
  return ['| Member | Kind | Required | Called | Must |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** Each generated block: its marker name, the table it is made from and where that table lives. */
const BLOCKS = [
  { marker: 'alert-members', source: 'ALERT_MEMBERS', members: ALERT_MEMBERS },
  { marker: 'platform-members', source: 'PLATFORM_MEMBERS', members: PLATFORM_MEMBERS },
] as const;

/** docs/hooks.md with every generated block made from the member tables; throws when a block's markers are missing. */
export function withMemberTables(doc: string): string {
  let out = doc;
  for (const { marker, source, members } of BLOCKS) {
    const start = `<!-- ${marker}: generated from ${source} in core/registry.ts by \`npm run docs:hooks\`; edit the table there -->`;
    const end = `<!-- /${marker} -->`;
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/hooks.md: the markers of the ${marker} table are missing ("${start}" … "${end}")`);
    out = `${out.slice(0, from + start.length)}\n${table(members)}\n${out.slice(to)}`;
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const doc = readFileSync(HOOKS_DOC, 'utf8');
  const updated = withMemberTables(doc);
  if (updated !== doc) writeFileSync(HOOKS_DOC, updated);
  process.stdout.write(updated === doc ? 'docs/hooks.md is up to date\n' : 'docs/hooks.md: member tables regenerated\n');
}
