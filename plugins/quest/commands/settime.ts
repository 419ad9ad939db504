/**
 * The `summary quest settime` arguments → schedule entries, as a pure function (PoracleNG's syntax):
 * `[<days>][:]HH[[:]MM]` fires once a day, `[<days>][:]HH[[:]MM]-HH[[:]MM][/N]` every N hours (default 1) from the
 * start to the end, the same day. Days: `mon` … `sun`, `weekday` (Mon–Fri), `weekend` (Sat–Sun), `every` or
 * `everyday` (all seven, also when no day is written).
 */
import { message, type Message } from '../../../core/commands/tracking/message.ts';
import type { ActiveHourEntry } from '../summary/schedule.ts';

const DAY_WORDS: Readonly<Record<string, readonly number[]>> = {
  mon: [1],
  tue: [2],
  wed: [3],
  thu: [4],
  fri: [5],
  sat: [6],
  sun: [7],
  weekday: [1, 2, 3, 4, 5],
  weekend: [6, 7],
  every: [1, 2, 3, 4, 5, 6, 7],
  everyday: [1, 2, 3, 4, 5, 6, 7],
};

const RANGE = /^([a-z]+)?:?(\d{1,2})(?::?(\d{2}))?-(\d{1,2})(?::?(\d{2}))?(?:\/(\d{1,2}))?$/;
const SINGLE = /^([a-z]+)?:?(\d{1,2}):?(\d{2})?$/;

/** Why an argument is not a time: the English reply text (translated by the command) and its values. */
export type SettimeProblem = Message;

export type SettimeOutcome = { readonly ok: true; readonly entries: ActiveHourEntry[] } | { readonly ok: false; readonly problem: SettimeProblem };

function daysOf(word: string | undefined): readonly number[] | SettimeProblem {
  const days = DAY_WORDS[word ?? 'every'];
  return days ?? message('unknown day `{day}` (use mon … sun, weekday, weekend or every)', { day: word ?? '' });
}

const OUT_OF_RANGE: SettimeProblem = message('hours must be 0-23 and minutes 0-59');

/** One argument, e.g. `mon07:30`, `weekday:9-17/2`, `08:00`. */
export function parseSettimeArg(arg: string): SettimeOutcome {
  const token = arg.toLowerCase();
  const range = RANGE.exec(token);
  if (range) {
    const days = daysOf(range[1]);
    if (!Array.isArray(days)) return { ok: false, problem: days as SettimeProblem };
    const [hours, mins, endHours, endMins] = [range[2], range[3], range[4], range[5]].map((v) => (v ? Number.parseInt(v, 10) : 0)) as [number, number, number, number];
    const step = range[6] ? Number.parseInt(range[6], 10) : 1;
    if (hours > 23 || endHours > 23 || mins > 59 || endMins > 59) return { ok: false, problem: OUT_OF_RANGE };
    if (endHours * 60 + endMins <= hours * 60 + mins) return { ok: false, problem: message('the end time must be after the start time (not across midnight)') };
    if (step < 1 || step > 23) return { ok: false, problem: message('the step must be 1-23 hours') };
    return { ok: true, entries: (days as readonly number[]).map((day) => ({ day, hours, mins, end_hours: endHours, end_mins: endMins, step })) };
  }
  const single = SINGLE.exec(token);
  if (!single) return { ok: false, problem: message('`{arg}` is not a time', { arg }) };
  const days = daysOf(single[1]);
  if (!Array.isArray(days)) return { ok: false, problem: days as SettimeProblem };
  const hours = Number.parseInt(single[2]!, 10);
  const mins = single[3] ? Number.parseInt(single[3], 10) : 0;
  if (hours > 23 || mins > 59) return { ok: false, problem: OUT_OF_RANGE };
  return { ok: true, entries: (days as readonly number[]).map((day) => ({ day, hours, mins })) };
}

/** Every argument; the first that is not a time refuses them all. */
export function parseSettimeArgs(args: readonly string[]): SettimeOutcome {
  const entries: ActiveHourEntry[] = [];
  for (const arg of args) {
    const one = parseSettimeArg(arg);
    if (!one.ok) return one;
    entries.push(...one.entries);
  }
  return { ok: true, entries };
}

/** the day names, translated (written out so the reply translations' check finds them) */
function dayNames(t: (text: string) => string): string[] {
  return [t('Monday'), t('Tuesday'), t('Wednesday'), t('Thursday'), t('Friday'), t('Saturday'), t('Sunday')];
}
const pad = (n: number): string => String(n).padStart(2, '0');

/** `Monday 07:30`, `Tuesday 09:00-17:00/2h`: the entries as a reply lists them (day names translated by `t`). */
export function describeEntries(entries: readonly ActiveHourEntry[], t: (text: string) => string): string {
  const days = dayNames(t);
  return entries
    .map((e) => {
      const day = days[e.day - 1] ?? '';
      const start = `${pad(e.hours)}:${pad(e.mins)}`;
      return e.step ? `${day} ${start}-${pad(e.end_hours ?? 0)}:${pad(e.end_mins ?? 0)}/${e.step}h` : `${day} ${start}`;
    })
    .join(', ');
}
