// @ts-check
/**
 * Small DOM helpers for the studio page: elements are built from data (never from HTML text), and only http(s)
 * URLs become links or images.
 */

/** @typedef {Node | string | null | undefined | false} Child */

/**
 * An element: `tag` may carry classes (`div.embed.title`); attributes with `undefined` or `false` are left out.
 * @param {string} tag
 * @param {Record<string, string | boolean | undefined> | null} [attributes]
 * @param {...Child} children
 * @returns {HTMLElement}
 */
export function h(tag, attributes, ...children) {
  const [name, ...classes] = tag.split('.');
  const element = document.createElement(name || 'div');
  if (classes.length > 0) element.className = classes.join(' ');
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (value === undefined || value === false) continue;
    element.setAttribute(key, value === true ? '' : value);
  }
  append(element, children);
  return element;
}

/**
 * @param {Node} parent
 * @param {readonly Child[]} children
 */
export function append(parent, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/**
 * The value as an absolute http(s) URL, or null.
 * @param {unknown} value
 * @returns {string | null}
 */
export function safeUrl(value) {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A link opening in a new tab without telling the target where it came from.
 * @param {string} href
 * @param {...Child} children
 */
export function link(href, ...children) {
  return h('a', { href, target: '_blank', rel: 'noopener noreferrer' }, ...children);
}

/**
 * The value as display text: strings as they are, numbers and booleans as written, anything else empty.
 * @param {unknown} value
 * @returns {string}
 */
export function textOf(value) {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/**
 * A plain object, or null.
 * @param {unknown} value
 * @returns {Record<string, unknown> | null}
 */
export function recordOf(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? /** @type {Record<string, unknown>} */ (value) : null;
}

/**
 * An image that, when it cannot be loaded (offline, a wrong URL), becomes a box saying so.
 * @param {string} tag `img` with classes, e.g. `img.dc-embed-thumbnail`
 * @param {string} src
 * @param {string} alt
 * @returns {HTMLElement}
 */
export function image(tag, src, alt) {
  const img = h(tag, { src, alt });
  img.addEventListener(
    'error',
    () => {
      const box = h(`span.image-missing${tag.slice(3)}`, { title: `${alt || 'image'} not loaded: ${src}` }, alt || 'image');
      img.replaceWith(box);
    },
    { once: true },
  );
  return img;
}
