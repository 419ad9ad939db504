/**
 * One rendered embed → the embed Discord accepts: known members only, colours as integers, blank strings,
 * invalid URLs and empty objects dropped, text truncated to Discord's limits.
 */
import { parseColor } from './discord-color.ts';
import { DISCORD_LIMITS as L } from './discord-limits.ts';
import { recordOf, textOf, truncate, urlOf } from './discord-text.ts';

export interface DiscordEmbedField {
  readonly name: string;
  readonly value: string;
  readonly inline?: boolean;
}

export interface DiscordEmbed {
  readonly title?: string;
  readonly description?: string;
  readonly url?: string;
  readonly color?: number;
  readonly timestamp?: string;
  readonly thumbnail?: { readonly url: string };
  readonly image?: { readonly url: string };
  readonly footer?: { readonly text: string; readonly icon_url?: string };
  readonly author?: { readonly name: string; readonly url?: string; readonly icon_url?: string };
  readonly fields?: readonly DiscordEmbedField[];
}

/** Discord shows this for a field whose name or value is blank (it refuses blank ones). */
const BLANK = '\u200b';

/** Copies the defined members only, so JSON carries no `undefined` holes and an empty result is `{}`. */
function compact<T extends object>(members: { [K in keyof T]: T[K] | undefined }): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(members)) if (value !== undefined) out[key] = value;
  return out as T;
}

function imageOf(value: unknown): { url: string } | undefined {
  const url = urlOf(recordOf(value)?.url ?? value);
  return url ? { url } : undefined;
}

function footerOf(value: unknown): DiscordEmbed['footer'] {
  const record = recordOf(value);
  const text = textOf(record ? record.text : value);
  return text ? compact({ text: truncate(text, L.footerText), icon_url: urlOf(record?.icon_url) }) : undefined;
}

function authorOf(value: unknown): DiscordEmbed['author'] {
  const record = recordOf(value);
  const name = textOf(record ? record.name : value);
  return name ? compact({ name: truncate(name, L.authorName), url: urlOf(record?.url), icon_url: urlOf(record?.icon_url) }) : undefined;
}

function fieldsOf(value: unknown): DiscordEmbedField[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const fields: DiscordEmbedField[] = [];
  for (const item of value) {
    const record = recordOf(item);
    const name = textOf(record?.name);
    const fieldValue = textOf(record?.value);
    if (!record || (!name && !fieldValue)) continue;
    const inline = record.inline === true || record.inline === 'true' ? true : undefined;
    fields.push(compact({ name: truncate(name ?? BLANK, L.fieldName), value: truncate(fieldValue ?? BLANK, L.fieldValue), inline }));
    if (fields.length === L.fieldsPerEmbed) break;
  }
  return fields.length > 0 ? fields : undefined;
}

/** ISO 8601 for a date string or a unix time (seconds or milliseconds); undefined when it is no date. */
function timestampOf(value: unknown): string | undefined {
  const text = textOf(value)?.trim();
  if (!text) return undefined;
  const epoch = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  const ms = Number.isNaN(epoch) ? Date.parse(text) : epoch < 1e11 ? epoch * 1000 : epoch;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

/** The normalised embed, or undefined when nothing Discord would show is left. */
export function normaliseEmbed(value: unknown): DiscordEmbed | undefined {
  const raw = recordOf(value);
  if (!raw) return undefined;
  const title = textOf(raw.title);
  const description = textOf(raw.description);
  const embed = compact<DiscordEmbed>({
    title: title === undefined ? undefined : truncate(title, L.title),
    description: description === undefined ? undefined : truncate(description, L.description),
    url: urlOf(raw.url),
    color: parseColor(raw.color),
    timestamp: timestampOf(raw.timestamp),
    thumbnail: imageOf(raw.thumbnail),
    image: imageOf(raw.image),
    footer: footerOf(raw.footer),
    author: authorOf(raw.author),
    fields: fieldsOf(raw.fields),
  });
  const shown = Object.keys(embed).filter((k) => k !== 'color' && k !== 'timestamp' && k !== 'url');
  return shown.length > 0 ? embed : undefined;
}

/** Characters of an embed that count towards Discord's per-message total. */
export function embedLength(embed: DiscordEmbed): number {
  let n = (embed.title?.length ?? 0) + (embed.description?.length ?? 0) + (embed.footer?.text.length ?? 0) + (embed.author?.name.length ?? 0);
  for (const f of embed.fields ?? []) n += f.name.length + f.value.length;
  return n;
}
