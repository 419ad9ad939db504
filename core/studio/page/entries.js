// @ts-check
/**
 * The list of loaded template entries (GET /api/dts/templates): their keys, labels, and the list drawn grouped
 * by type, filtered by what the operator types.
 */
import { h } from './dom.js';

/**
 * An entry as the API lists it.
 * @typedef {object} ListedEntry
 * @property {string} type
 * @property {string} platform '' = every platform
 * @property {string} language '' = every language
 * @property {string} id
 * @property {boolean} [default]
 * @property {string} [description]
 * @property {string | Record<string, unknown>} [template]
 * @property {string} [templateFile]
 * @property {string} [templateFileContent]
 * @property {unknown[]} [buttons]
 * @property {boolean} [readonly] a bundled template (saving writes a copy to config/dts/)
 * @property {string} [file] the file it was loaded from
 */

/**
 * The identity of an entry as `type/platform/language/id` (each part URI-encoded, `*` for every platform or
 * language), as the page's address names it; ids compare in any case, as the service compares them.
 * @param {{ type: string, platform: string, language: string, id: string }} entry
 */
export function entryKey(entry) {
  return [entry.type, entry.platform || '*', entry.language || '*', String(entry.id).toLowerCase()].map(encodeURIComponent).join('/');
}

/** @param {{ type: string, platform: string, language: string, id: string }} entry */
export function entryName(entry) {
  return `${entry.type} / ${entry.platform || 'every platform'} / ${entry.language || 'every language'} / ${entry.id}`;
}

/**
 * The answer's entries with their key fields as text.
 * @param {unknown} body
 * @returns {ListedEntry[]}
 */
export function listedEntries(body) {
  const templates = /** @type {{ templates?: unknown }} */ (body ?? {}).templates;
  if (!Array.isArray(templates)) return [];
  return templates.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const raw = /** @type {Record<string, unknown>} */ (item);
    const text = (/** @type {unknown} */ value) => (value === undefined || value === null ? '' : String(value));
    return [/** @type {ListedEntry} */ ({ ...raw, type: text(raw.type), platform: text(raw.platform), language: text(raw.language), id: text(raw.id) })];
  });
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * @param {ListedEntry} a
 * @param {ListedEntry} b
 */
const byKey = (a, b) =>
  collator.compare(a.type, b.type) || collator.compare(a.id, b.id) || collator.compare(a.platform, b.platform) || collator.compare(a.language, b.language);

/** a group with more entries starts folded (help pages are many), unless the filter or the selection is in it */
const FOLDED_ABOVE = 12;

/** type → open, as the operator last set it */
/** @type {Map<string, boolean>} */
const folding = new Map();

/**
 * Draws the list into `list`: one foldable group per type, one button per entry.
 * @param {HTMLElement} list
 * @param {readonly ListedEntry[]} entries
 * @param {string} filter words that must all occur in the entry's type, platform, language, id or description
 * @param {string | null} selectedKey
 * @param {(entry: ListedEntry) => void} pick
 */
export function drawEntryList(list, entries, filter, selectedKey, pick) {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = entries
    .filter((entry) => {
      const haystack = `${entry.type} ${entry.platform || 'any'} ${entry.language} ${entry.id} ${entry.description ?? ''}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    })
    .sort(byKey);
  /** @type {Map<string, ListedEntry[]>} */
  const groups = new Map();
  for (const entry of shown) groups.set(entry.type, [...(groups.get(entry.type) ?? []), entry]);
  list.replaceChildren(
    ...[...groups].map(([type, members]) => {
      const holdsSelected = members.some((entry) => entryKey(entry) === selectedKey);
      const open = words.length > 0 || holdsSelected || (folding.get(type) ?? members.length <= FOLDED_ABOVE);
      const summary = h('summary.entry-type', null, type, h('span.muted', null, ` ${members.length}`));
      summary.addEventListener('click', () => folding.set(type, !group.open));
      const group = /** @type {HTMLDetailsElement} */ (h(
        'details',
        { open },
        summary,
        h(
          'ul',
          null,
          ...members.map((entry) => {
            const key = entryKey(entry);
            const button = h(
              'button.entry',
              { type: 'button', 'data-key': key, 'aria-current': key === selectedKey ? 'true' : undefined, title: entry.description || undefined },
              h('span.entry-id', null, entry.id),
              h('span.badge', null, entry.platform || 'any'),
              h('span.badge', null, entry.language || 'any'),
              entry.default ? h('span.badge.default', null, 'default') : null,
              entry.templateFile ? h('span.badge', { title: entry.templateFile }, 'file') : null,
              entry.readonly ? h('span.badge', { title: `bundled: ${entry.file ?? ''}` }, 'bundled') : null,
            );
            button.addEventListener('click', () => pick(entry));
            return h('li', null, button);
          }),
        ),
      ));
      return h('li.entry-group', null, group);
    }),
  );
  if (shown.length === 0) list.append(h('li.muted.empty', null, entries.length === 0 ? 'No templates loaded.' : 'No template matches the filter.'));
}
