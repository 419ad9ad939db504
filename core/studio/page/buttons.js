// @ts-check
/**
 * The link buttons of a rendered message: rows of `{ label, url }` (a button outside a row is a row of its own).
 */
import { recordOf, safeUrl, textOf } from './dom.js';

/** @typedef {{ label: string, url: string | null }} LinkButton */

/**
 * @param {unknown} value
 * @returns {LinkButton | null}
 */
function buttonOf(value) {
  const button = recordOf(value);
  if (!button) return null;
  const label = textOf(button.label ?? button.text).trim();
  return { label: label || '(no label)', url: safeUrl(button.url) };
}

/**
 * @param {unknown} value
 * @returns {LinkButton[][]}
 */
export function buttonRows(value) {
  if (!Array.isArray(value)) return [];
  /** @type {LinkButton[][]} */
  const rows = [];
  for (const item of value) {
    const row = (Array.isArray(item) ? item : [item]).map(buttonOf).filter((b) => b !== null);
    if (row.length > 0) rows.push(/** @type {LinkButton[]} */ (row));
  }
  return rows;
}
