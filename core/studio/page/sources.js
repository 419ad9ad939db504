// @ts-check
/**
 * The data source picker: the plugins' test webhooks (GET /api/dts/testdata, grouped by test kind, the chosen
 * type's kind first) and the recent real events (GET /api/dts/recent). "Automatic" lets the service pick the
 * type's own test webhook. The choice becomes the `test` or `eventId` of a render request and is kept across
 * refreshes while it is still offered.
 */
import { h } from './dom.js';

/** @typedef {{ type: string, kind: string, test: string }} TestItem */
/** @typedef {{ id: string, type: string, receivedAt: string }} EventItem */
/** @typedef {{ test: { kind: string, test: string } } | { eventId: string } | {}} SourceField */

const AUTOMATIC = 'auto';

/**
 * @param {unknown} value
 * @returns {string}
 */
const text = (value) => (value === undefined || value === null ? '' : String(value));

/**
 * @param {import('./api.js').ApiAnswer} answer
 * @param {string} member
 * @returns {Record<string, unknown>[]}
 */
function listed(answer, member) {
  const items = answer.ok ? answer.body?.[member] : undefined;
  return Array.isArray(items) ? items.filter((item) => typeof item === 'object' && item !== null) : [];
}

/**
 * @param {{ select: HTMLSelectElement, api: import('./api.js').Api, changed: () => void }} parts
 */
export function createSources({ select, api, changed }) {
  /** @type {TestItem[]} */
  let tests = [];
  /** @type {EventItem[]} */
  let events = [];
  let type = '';

  /** @param {TestItem} item */
  const testValue = (item) => `test:${encodeURIComponent(item.kind)}:${encodeURIComponent(item.test)}`;
  /** @param {EventItem} item */
  const eventValue = (item) => `event:${encodeURIComponent(item.id)}`;

  function draw() {
    const previous = select.value;
    /** @type {Map<string, TestItem[]>} */
    const byKind = new Map();
    for (const item of tests) byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), item]);
    // a kind named like the chosen type first
    const kinds = [...byKind.keys()].sort((a, b) => Number(b === type) - Number(a === type) || a.localeCompare(b));
    /** @type {HTMLElement[]} */
    const groups = kinds.map((kind) =>
      h('optgroup', { label: `Test data: ${kind}` }, ...(byKind.get(kind) ?? []).map((item) => h('option', { value: testValue(item) }, `${item.test} (${item.type})`))),
    );
    if (events.length > 0) {
      groups.push(
        h(
          'optgroup',
          { label: 'Recent events' },
          ...events.map((item) => {
            const when = new Date(item.receivedAt);
            const at = Number.isNaN(when.getTime()) ? item.receivedAt : when.toLocaleTimeString();
            return h('option', { value: eventValue(item) }, `${item.type} · ${at} · ${item.id}`);
          }),
        ),
      );
    }
    select.replaceChildren(h('option', { value: AUTOMATIC }, type ? `Automatic: a test webhook of ${type}` : 'Automatic'), ...groups);
    const values = [...select.options].map((option) => option.value);
    select.value = values.includes(previous) ? previous : AUTOMATIC;
  }

  select.addEventListener('change', changed);

  return {
    /** Fetches the test webhooks and the recent events. */
    async load() {
      const [testAnswer, recentAnswer] = await Promise.all([api.get('/dts/testdata'), api.get('/dts/recent')]);
      tests = listed(testAnswer, 'testdata').map((item) => ({ type: text(item.type), kind: text(item.kind), test: text(item.test) }));
      events = listed(recentAnswer, 'events').map((item) => ({ id: text(item.id), type: text(item.type), receivedAt: text(item.receivedAt) }));
      draw();
    },
    /**
     * Puts the test data of this alert type first.
     * @param {string} forType
     */
    setType(forType) {
      type = forType;
      draw();
    },
    /** @returns {SourceField} the chosen source as render request fields */
    current() {
      const [kind, first = '', second = ''] = select.value.split(':').map(decodeURIComponent);
      if (kind === 'test') return { test: { kind: first, test: second } };
      if (kind === 'event') return { eventId: first };
      return {};
    },
  };
}
