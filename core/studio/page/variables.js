// @ts-check
/**
 * The variables panel: the names a template of the chosen type can use (GET /api/dts/variables?type=…), filtered
 * by what the operator types, each with its value in the last preview when the render answered them; a click
 * writes `{{name}}` into the editor.
 */
import { h } from './dom.js';

/**
 * @param {{ list: HTMLElement, filter: HTMLInputElement, heading: HTMLElement, api: import('./api.js').Api, pick: (name: string) => void }} parts
 */
export function createVariablesPanel({ list, filter, heading, api, pick }) {
  /** @type {string[]} */
  let names = [];
  /** @type {Record<string, unknown> | null} */
  let values = null;
  let loadedType = '';

  /** @param {unknown} value */
  const shortValue = (value) => {
    if (value === undefined) return '';
    const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
    return text.length > 60 ? `${text.slice(0, 57)}…` : text;
  };

  function draw() {
    const wanted = filter.value.trim().toLowerCase();
    const shown = names.filter((name) => name.toLowerCase().includes(wanted));
    list.replaceChildren(
      ...shown.map((name) => {
        const value = values ? shortValue(values[name]) : '';
        const button = h('button.variable', { type: 'button', title: value ? `${name} = ${value}` : `insert {{${name}}}` }, h('code', null, name), value ? h('span.variable-value', null, value) : null);
        button.addEventListener('click', () => pick(name));
        return h('li', null, button);
      }),
    );
    if (shown.length === 0) list.append(h('li.muted.empty', null, names.length === 0 ? 'No variables listed for this type.' : 'No variable matches.'));
  }

  filter.addEventListener('input', draw);

  return {
    /** @returns {readonly string[]} */
    names: () => names,
    /**
     * Loads the names of `type` (once per type).
     * @param {string} type
     */
    async load(type) {
      if (type === loadedType) return;
      loadedType = type;
      heading.textContent = type ? `of ${type}` : '';
      if (!type) {
        names = [];
        return draw();
      }
      const answer = await api.get(`/dts/variables?type=${encodeURIComponent(type)}`);
      if (loadedType !== type) return;
      const listed = answer.ok && Array.isArray(answer.body?.variables) ? answer.body.variables : [];
      names = [...new Set(listed.filter((/** @type {unknown} */ n) => typeof n === 'string'))].sort((a, b) => a.localeCompare(b));
      draw();
    },
    /** @param {Record<string, unknown> | null} rendered the variables of the last render */
    setValues(rendered) {
      values = rendered;
      draw();
    },
  };
}
