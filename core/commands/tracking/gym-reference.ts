/**
 * `gym:<id or name>` in the tracking commands (raid, egg, gym): the value is looked up in the scanner database
 * ([database.scanner]) — a gym with that id, else the gyms whose name contains it — and the rule is written with the
 * one gym's id; none, several (listed with their ids, at most LISTED_GYMS) or too many refuse the command. When the
 * scanner database cannot be asked (none, down, too slow), a value shaped like a scanner's gym id is taken as it is
 * (as the previous generation took `gym:<id>`), anything else is refused with why.
 */
import type { FoundGym } from '../../scanner-db/index.ts';
import type { CommandInvocation, CommandReply } from '../types.ts';
import { refusalOf } from './keyed-rules.ts';
import { message } from './message.ts';

/** the most gyms a refusal lists; more matches ask for a longer name */
export const LISTED_GYMS = 10;

type Draft = Readonly<Record<string, unknown>>;

export type GymResolution<D> = { readonly ok: true; readonly drafts: readonly D[] } | { readonly ok: false; readonly reply: CommandReply };

/** the scanners' fort ids: letters and digits (Golbat and RDM: 32 hex digits), a dot and the S2 level (`….16`) */
const GYM_ID_SHAPE = /^[0-9a-z]+\.\d{1,2}$/i;

/** what is special inside a code span: the text is shown between backticks */
function codeText(text: string): string {
  return text.replace(/[`\\]/g, '');
}

function listed(gyms: readonly FoundGym[]): string {
  return gyms.map((g) => `- ${g.name === '' ? '?' : g.name.replace(/[*_~`|\\[\]]/g, '\\$&')} (\`${codeText(g.id)}\`)`).join('\n');
}

/** The drafts with their `column` (the plugin's gym id column) read as a gym id or name; drafts without one are returned as they are. */
export async function resolveGymReference<D extends Draft>(inv: CommandInvocation, drafts: readonly D[], column: string): Promise<GymResolution<D>> {
  const asked = drafts.map((d) => d[column]).find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const scanner = asked === undefined ? null : (inv.services.scannerDb?.() ?? null);
  if (asked === undefined) return { ok: true, drafts };
  const search = scanner?.findGyms ? await scanner.findGyms(asked.trim(), LISTED_GYMS + 1) : ({ answered: false } as const);
  const shown = codeText(asked);
  if (!search.answered) {
    if (GYM_ID_SHAPE.test(asked.trim())) return { ok: true, drafts };
    return { ok: false, reply: refusalOf(inv, message('The scanner database could not be asked about `{gym}`; try again later or give the gym id.', { gym: shown })) };
  }
  const [first, ...others] = search.gyms;
  if (!first) return { ok: false, reply: refusalOf(inv, message('No gym matches `{gym}`.', { gym: shown })) };
  if (others.length === 0) return { ok: true, drafts: drafts.map((d) => (typeof d[column] === 'string' ? { ...d, [column]: first.id } : d)) };
  if (search.gyms.length > LISTED_GYMS) {
    return { ok: false, reply: refusalOf(inv, message('More than {limit} gyms match `{gym}`; give more of the name or the gym id.', { gym: shown, limit: LISTED_GYMS })) };
  }
  const refusal = refusalOf(inv, message('{count} gyms match `{gym}`; track one by its id, gym:<id>:', { gym: shown, count: search.gyms.length }));
  return { ok: false, reply: { ...refusal, text: `${refusal.text ?? ''}\n${listed(search.gyms)}` } };
}
