/**
 * The PoracleJS tables keyed by free names (community names, channel ids, guild ids, languages) that Lookout
 * writes as arrays of tables or renamed entries. Each is a KeyRule taking the whole table; entries or keys it
 * cannot carry over are noted, never dropped silently.
 */
import { isTable, type Table } from '../config/values.ts';
import type { Note } from './report.ts';
import type { KeyRule, Outcome, Placement } from './outcome.ts';
import { asInteger, asStrings, type Converted } from './values.ts';

function refused(key: string, to: string, detail: string): Outcome {
  return { placements: [], notes: [{ kind: 'value refused', key, to, detail }] };
}

function strings(value: unknown, key: string, notes: Note[], to: string): string[] | null {
  const converted: Converted = asStrings(value);
  if (converted.ok) return converted.value as string[];
  notes.push({ kind: 'value refused', key, to, detail: converted.why });
  return null;
}

/** Copies the listed keys of a table (PoracleJS name → Lookout name) as string lists; notes the rest. */
function stringLists(from: Table, names: Readonly<Record<string, string>>, key: string, to: string, notes: Note[]): Table {
  const out: Table = {};
  for (const [name, value] of Object.entries(from)) {
    const target = names[name];
    if (target === undefined) {
      notes.push({ kind: 'no equivalent', key: `${key}.${name}`, detail: 'not a key of this table in Lookout' });
      continue;
    }
    const list = strings(value, `${key}.${name}`, notes, `${to}.${target}`);
    if (list !== null) out[target] = list;
  }
  return out;
}

/** areaSecurity.communities: `{ name: { allowedAreas, locationFence, discord, telegram } }` → [[area_security.communities]]. */
export const communities: KeyRule = (value, key) => {
  const to = 'area_security.communities';
  if (!isTable(value)) return refused(key, to, 'not an object of communities');
  const notes: Note[] = [];
  const entries: Table[] = [];
  for (const [name, raw] of Object.entries(value)) {
    const at = `${key}.${name}`;
    if (!isTable(raw)) {
      notes.push({ kind: 'value refused', key: at, to, detail: 'a community must be an object' });
      continue;
    }
    const entry: Table = { name };
    for (const [field, fieldValue] of Object.entries(raw)) {
      const fieldKey = `${at}.${field}`;
      if (field === 'allowedAreas' || field === 'locationFence') {
        // PoracleJS took one locationFence name; Lookout takes a list (a one-item list is the same)
        const list = strings(fieldValue, fieldKey, notes, `${to}.${field === 'allowedAreas' ? 'allowed_areas' : 'location_fence'}`);
        if (list !== null) entry[field === 'allowedAreas' ? 'allowed_areas' : 'location_fence'] = list;
      } else if (field === 'discord' && isTable(fieldValue)) {
        entry.discord = stringLists(fieldValue, { channels: 'channels', userRole: 'user_role' }, fieldKey, `${to}.discord`, notes);
      } else if (field === 'telegram' && isTable(fieldValue)) {
        entry.telegram = stringLists(fieldValue, { channels: 'channels' }, fieldKey, `${to}.telegram`, notes);
      } else {
        notes.push({ kind: 'no equivalent', key: fieldKey, detail: 'not a community key in Lookout' });
      }
    }
    entries.push(entry);
  }
  return { placements: entries.length === 0 ? [] : [{ to, value: entries }], notes };
};

/** An object of target → admin ids as [{ target, admins }] entries; targets without admins are left out. */
function delegations(value: unknown, key: string, to: string, notes: Note[]): Table[] | null {
  if (!isTable(value)) {
    notes.push({ kind: 'value refused', key, to, detail: 'not an object of targets → admin ids' });
    return null;
  }
  const out: Table[] = [];
  for (const [target, admins] of Object.entries(value)) {
    const list = strings(admins, `${key}.${target}`, notes, to);
    if (list !== null && list.length > 0) out.push({ target, admins: list });
  }
  return out;
}

/**
 * delegatedAdministration: `channelTracking` (channel, category or guild id → admins), `webhookTracking` (webhook
 * name → admins, Discord only) and `userTracking` (admins of other users' tracking).
 */
export function delegatedAdministration(platform: 'discord' | 'telegram'): KeyRule {
  return (value, key) => {
    if (!isTable(value)) return refused(key, `${platform}.delegated_admins`, 'not an object');
    const notes: Note[] = [];
    const placements: Placement[] = [];
    for (const [field, fieldValue] of Object.entries(value)) {
      const fieldKey = `${key}.${field}`;
      if (field === 'channelTracking' || (field === 'webhookTracking' && platform === 'discord')) {
        const to = `${platform}.${field === 'channelTracking' ? 'delegated_admins' : 'webhook_admins'}`;
        const list = delegations(fieldValue, fieldKey, to, notes);
        if (list !== null && list.length > 0) placements.push({ to, value: list });
      } else if (field === 'userTracking') {
        const to = `${platform}.user_tracking_admins`;
        const list = strings(fieldValue, fieldKey, notes, to);
        if (list !== null) placements.push({ to, value: list });
      } else {
        notes.push({ kind: 'no equivalent', key: fieldKey, detail: `not a kind of delegation on ${platform}` });
      }
    }
    return { placements, notes };
  };
}

/** alertLimits.limitOverride: `{ id: limit }` → [[alert_limits.overrides]] { target, limit }. */
export const limitOverride: KeyRule = (value, key) => {
  const to = 'alert_limits.overrides';
  if (!isTable(value)) return refused(key, to, 'not an object of id → limit');
  const notes: Note[] = [];
  const entries: Table[] = [];
  for (const [target, raw] of Object.entries(value)) {
    const limit = asInteger(raw);
    if (limit.ok) entries.push({ target, limit: limit.value });
    else notes.push({ kind: 'value refused', key: `${key}.${target}`, to, detail: limit.why });
  }
  return { placements: entries.length === 0 ? [] : [{ to, value: entries }], notes };
};

/** discord.userRoleSubscription: `{ guildId: { roles: { name: id }, exclusiveRoles } }` → [[discord.role_subscriptions]]. */
export const userRoleSubscription: KeyRule = (value, key) => {
  const to = 'discord.role_subscriptions';
  if (!isTable(value)) return refused(key, to, 'not an object of guild id → roles');
  const notes: Note[] = [];
  const entries: Table[] = [];
  for (const [guild, raw] of Object.entries(value)) {
    const at = `${key}.${guild}`;
    if (!isTable(raw)) {
      notes.push({ kind: 'value refused', key: at, to, detail: 'a guild entry must be an object' });
      continue;
    }
    const entry: Table = { guild };
    for (const [field, fieldValue] of Object.entries(raw)) {
      if (field === 'roles') entry.roles = fieldValue;
      else if (field === 'exclusiveRoles') entry.exclusive_roles = Array.isArray(fieldValue) ? fieldValue : [fieldValue];
      else notes.push({ kind: 'no equivalent', key: `${at}.${field}`, detail: 'not a role subscription key in Lookout' });
    }
    entries.push(entry);
  }
  return { placements: entries.length === 0 ? [] : [{ to, value: entries }], notes };
};

/** general.availableLanguages: each language's `poracle` word is Lookout's `service` word; `help` stays. */
export const availableLanguages: KeyRule = (value, key) => {
  const to = 'general.available_languages';
  if (!isTable(value)) return refused(key, to, 'not an object of languages');
  const out: Table = {};
  const notes: Note[] = [];
  for (const [language, raw] of Object.entries(value)) {
    if (!isTable(raw)) {
      notes.push({ kind: 'value refused', key: `${key}.${language}`, to, detail: 'a language entry must be an object of words' });
      continue;
    }
    const { poracle, ...rest } = raw;
    out[language] = poracle === undefined ? rest : { service: poracle, ...rest };
  }
  return { placements: Object.keys(out).length === 0 ? [] : [{ to, value: out }], notes };
};

/** geocoding.tileserverSettings: only `default.includeStops` has a Lookout key; the rest is the tile server templates' own. */
export const tileserverSettings: KeyRule = (value, key) => {
  if (!isTable(value)) return refused(key, 'geocoding.include_stops', 'not an object');
  const notes: Note[] = [];
  const placements: Placement[] = [];
  for (const [type, raw] of Object.entries(value)) {
    for (const [field, fieldValue] of Object.entries(isTable(raw) ? raw : {})) {
      const at = `${key}.${type}.${field}`;
      if (type === 'default' && field === 'includeStops' && typeof fieldValue === 'boolean') {
        placements.push({ to: 'geocoding.include_stops', value: fieldValue });
      } else {
        notes.push({
          kind: 'not supported',
          key: at,
          detail: 'per-alert-type tile server settings have no Lookout key: maps are pregenerated from the template named after the alert, sized by the template and zoomed by [geocoding] zoom',
        });
      }
    }
  }
  return { placements, notes };
};
