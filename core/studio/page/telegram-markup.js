// @ts-check
/**
 * Telegram's three parse modes drawn as DOM nodes, with Telegram's rules for what it refuses: legacy Markdown
 * (*bold*, _italic_, `code`, ```pre```, [text](url); no nesting; \ escapes _ * ` [), MarkdownV2 (adds
 * __underline__, ~strike~, ||spoiler||, >quotes and nesting; every reserved character outside an entity must be
 * escaped) and HTML (b, strong, i, em, u, ins, s, strike, del, a href, code, pre, blockquote, tg-spoiler and
 * span class="tg-spoiler"; &lt; &gt; &amp; &quot; and numeric entities). Markup Telegram would refuse gives
 * `{ ok: false, reason }` (the service then sends the text without a parse mode). Links in plain text are
 * linked as Telegram's clients do.
 */
import { h, link, safeUrl } from './dom.js';

/** @typedef {{ ok: true, nodes: Node[] } | { ok: false, reason: string }} MarkupResult */

class MarkupError extends Error {}

/**
 * Plain text with its URLs linked.
 * @param {string} text
 * @returns {Node[]}
 */
export function linkedText(text) {
  /** @type {Node[]} */
  const nodes = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<]*[^\s<.,:;"')\]!?]/g)) {
    const href = safeUrl(match[0]);
    if (!href) continue;
    if (match.index > last) nodes.push(document.createTextNode(text.slice(last, match.index)));
    nodes.push(link(href, match[0]));
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
}

/**
 * @param {string} tag
 * @param {Node[]} children
 */
const element = (tag, children) => {
  const el = h(tag);
  el.append(...children);
  return el;
};

/**
 * @param {string} url
 * @param {Node[]} children
 */
function textLink(url, children) {
  const href = safeUrl(url);
  return href ? link(href, ...children) : element('span', children);
}

/**
 * @param {string} text
 * @param {number} at
 * @param {string} what
 */
function unclosed(text, at, what) {
  return new MarkupError(`can't find the end of the ${what} starting at character ${at + 1} ("${text.slice(at, at + 12)}…")`);
}

/**
 * Legacy Markdown.
 * @param {string} text
 * @returns {Node[]}
 */
function legacyMarkdown(text) {
  /** @type {Node[]} */
  const nodes = [];
  let plain = '';
  const flush = () => {
    if (plain) nodes.push(...linkedText(plain));
    plain = '';
  };
  let at = 0;
  while (at < text.length) {
    const char = text[at] ?? '';
    if (char === '\\' && '_*`['.includes(text[at + 1] ?? ' ')) {
      plain += text[at + 1];
      at += 2;
      continue;
    }
    if (char === '*' || char === '_') {
      const end = text.indexOf(char, at + 1);
      if (end < 0) throw unclosed(text, at, char === '*' ? 'bold entity' : 'italic entity');
      flush();
      nodes.push(element(char === '*' ? 'strong' : 'em', linkedText(text.slice(at + 1, end))));
      at = end + 1;
      continue;
    }
    if (char === '`') {
      const fence = text.startsWith('```', at);
      const end = text.indexOf(fence ? '```' : '`', at + (fence ? 3 : 1));
      if (end < 0) throw unclosed(text, at, fence ? 'pre entity' : 'code entity');
      flush();
      const body = text.slice(at + (fence ? 3 : 1), end);
      nodes.push(fence ? h('pre', null, h('code', null, body.replace(/^[\w+-]*\n/, ''))) : h('code', null, body));
      at = end + (fence ? 3 : 1);
      continue;
    }
    if (char === '[') {
      const close = text.indexOf(']', at + 1);
      if (close < 0) throw unclosed(text, at, 'text link');
      const label = text.slice(at + 1, close);
      const target = text[close + 1] === '(' ? text.indexOf(')', close + 2) : -1;
      flush();
      if (target < 0) nodes.push(document.createTextNode(label));
      else nodes.push(textLink(text.slice(close + 2, target), [document.createTextNode(label)]));
      at = target < 0 ? close + 1 : target + 1;
      continue;
    }
    plain += char;
    at += 1;
  }
  flush();
  return nodes;
}

const V2_RESERVED = '_*[]()~`>#+-=|{}.!';

/** @type {readonly { mark: string, tag: string, what: string }[]} longest marks first: `__` is underline, never two italics */
const V2_ENTITIES = [
  { mark: '__', tag: 'u', what: 'underline entity' },
  { mark: '||', tag: 'span.tg-spoiler', what: 'spoiler entity' },
  { mark: '*', tag: 'strong', what: 'bold entity' },
  { mark: '_', tag: 'em', what: 'italic entity' },
  { mark: '~', tag: 's', what: 'strikethrough entity' },
];

/**
 * @param {string} text
 * @param {number} at
 */
const entityAt = (text, at) => V2_ENTITIES.find((entity) => text.startsWith(entity.mark, at));

/** MarkdownV2, read recursively: each entity reads its content up to its own closing mark. */
class MarkdownV2 {
  /** @param {string} text */
  constructor(text) {
    this.text = text;
    this.at = 0;
  }

  /** @returns {Node[]} */
  document() {
    /** @type {Node[]} */
    const nodes = [];
    while (this.at < this.text.length) {
      const lineStart = this.at === 0 || this.text[this.at - 1] === '\n';
      // a quote is a block of its own: the line break ending it is not drawn again
      const quoted = lineStart && (this.text[this.at] === '>' || this.text.startsWith('**>', this.at));
      if (quoted) nodes.push(this.quote());
      else nodes.push(...this.until(null, { stop: '\n' }));
      if (this.text[this.at] === '\n') {
        if (!quoted) nodes.push(document.createTextNode('\n'));
        this.at += 1;
      }
    }
    return nodes;
  }

  /** consecutive lines starting with `>` */
  quote() {
    /** @type {Node[]} */
    const nodes = [];
    if (this.text.startsWith('**', this.at)) this.at += 2;
    while (this.at < this.text.length && this.text[this.at] === '>') {
      this.at += 1;
      if (nodes.length > 0) nodes.push(document.createTextNode('\n'));
      nodes.push(...this.until(null, { stop: '\n' }));
      if (this.text[this.at] === '\n' && this.text[this.at + 1] === '>') this.at += 1;
      else break;
    }
    return element('blockquote', nodes);
  }

  /**
   * Nodes up to the closing mark `close` (consumed), or up to `stop` / the end when `close` is null.
   * @param {string | null} close
   * @param {{ stop?: string, what?: string, opened?: number }} [about] where reading stops without a closing
   *   mark; what the entity is and where it opened, for the error when it is never closed
   * @returns {Node[]}
   */
  until(close, about = {}) {
    /** @type {Node[]} */
    const nodes = [];
    let plain = '';
    const flush = () => {
      if (plain) nodes.push(...linkedText(plain));
      plain = '';
    };
    const text = this.text;
    while (this.at < text.length) {
      const char = text[this.at] ?? '';
      if (close !== null && text.startsWith(close, this.at) && !(close === '_' && text.startsWith('__', this.at))) {
        this.at += close.length;
        flush();
        return nodes;
      }
      if (close === null && char === about.stop) break;
      if (char === '\\') {
        const next = text[this.at + 1];
        if (next === undefined || next.charCodeAt(0) > 126) throw new MarkupError(`"\\" at character ${this.at + 1} escapes nothing Telegram allows`);
        plain += next;
        this.at += 2;
        continue;
      }
      const entity = entityAt(text, this.at);
      if (entity) {
        flush();
        const opened = this.at;
        this.at += entity.mark.length;
        nodes.push(element(entity.tag, this.until(entity.mark, { what: entity.what, opened })));
        continue;
      }
      if (char === '`') {
        flush();
        nodes.push(this.code());
        continue;
      }
      if (char === '[') {
        flush();
        nodes.push(this.textLink());
        continue;
      }
      if (V2_RESERVED.includes(char)) {
        throw new MarkupError(`character "${char}" at character ${this.at + 1} is reserved and must be escaped with a preceding "\\"`);
      }
      plain += char;
      this.at += 1;
    }
    if (close !== null) throw unclosed(text, about.opened ?? 0, about.what ?? 'entity');
    flush();
    return nodes;
  }

  /** `code` or ```pre```: only ` and \ are escaped inside */
  code() {
    const text = this.text;
    const fence = text.startsWith('```', this.at);
    const opened = this.at;
    this.at += fence ? 3 : 1;
    let body = '';
    while (this.at < text.length && !text.startsWith(fence ? '```' : '`', this.at)) {
      if (text[this.at] === '\\' && this.at + 1 < text.length) {
        body += text[this.at + 1];
        this.at += 2;
      } else {
        body += text[this.at];
        this.at += 1;
      }
    }
    if (this.at >= text.length) throw unclosed(text, opened, fence ? 'pre entity' : 'code entity');
    this.at += fence ? 3 : 1;
    return fence ? h('pre', null, h('code', null, body.replace(/^[\w+-]*\n/, ''))) : h('code', null, body);
  }

  /** [text](url): in the url only ) and \ are escaped */
  textLink() {
    const opened = this.at;
    this.at += 1;
    const label = this.until(']', { what: 'text link', opened });
    if (this.text[this.at] !== '(') throw new MarkupError(`the text link starting at character ${opened + 1} has no "(url)" after its "]"`);
    this.at += 1;
    let url = '';
    while (this.at < this.text.length && this.text[this.at] !== ')') {
      if (this.text[this.at] === '\\') this.at += 1;
      url += this.text[this.at] ?? '';
      this.at += 1;
    }
    if (this.at >= this.text.length) throw unclosed(this.text, opened, 'text link');
    this.at += 1;
    return textLink(url, label);
  }
}

const HTML_TAGS = /** @type {Record<string, string>} */ ({
  b: 'strong',
  strong: 'strong',
  i: 'em',
  em: 'em',
  u: 'u',
  ins: 'u',
  s: 's',
  strike: 's',
  del: 's',
  code: 'code',
  pre: 'pre',
  blockquote: 'blockquote',
  'tg-spoiler': 'span.tg-spoiler',
  'tg-emoji': 'span',
  a: 'a',
  span: 'span',
});

const NAMED_ENTITIES = /** @type {Record<string, string>} */ ({ lt: '<', gt: '>', amp: '&', quot: '"' });

/**
 * Entities of HTML text decoded.
 * @param {string} text
 */
function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name) => {
    const lower = String(name).toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return NAMED_ENTITIES[lower] ?? whole;
  });
}

/**
 * @param {string} attributes
 * @returns {Record<string, string>}
 */
function attributesOf(attributes) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const m of attributes.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    out[(m[1] ?? '').toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return out;
}

/**
 * Telegram's HTML.
 * @param {string} text
 * @returns {Node[]}
 */
function html(text) {
  const root = h('div');
  /** @type {{ name: string, element: HTMLElement, at: number }[]} */
  const open = [{ name: '', element: root, at: 0 }];
  const top = () => /** @type {{ name: string, element: HTMLElement, at: number }} */ (open[open.length - 1]);
  const tag = /<(\/?)([a-z][\w-]*)((?:\s+[\w-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>/iy;
  let at = 0;
  let plain = '';
  const flush = () => {
    if (plain) top().element.append(...linkedText(decodeEntities(plain)));
    plain = '';
  };
  while (at < text.length) {
    if (text[at] !== '<') {
      plain += text[at];
      at += 1;
      continue;
    }
    tag.lastIndex = at;
    const m = tag.exec(text);
    if (!m) throw new MarkupError(`"<" at character ${at + 1} starts no tag Telegram knows; write it as &lt;`);
    flush();
    const [whole, closing, rawName = '', attributes = ''] = m;
    const name = rawName.toLowerCase();
    const mapped = HTML_TAGS[name];
    if (!mapped) throw new MarkupError(`unsupported ${closing ? 'end' : 'start'} tag "${name}" at character ${at + 1}`);
    if (closing) {
      if (top().name !== name) throw new MarkupError(`the end tag "${name}" at character ${at + 1} closes no open "${name}" tag`);
      open.pop();
    } else {
      const attrs = attributesOf(attributes);
      if (name === 'span' && attrs.class !== 'tg-spoiler') throw new MarkupError(`a span tag needs class="tg-spoiler" (character ${at + 1})`);
      /** @type {HTMLElement} */
      let el;
      if (name === 'a') {
        const href = safeUrl(attrs.href);
        el = href ? link(href) : h('span');
      } else el = h(name === 'span' ? 'span.tg-spoiler' : mapped);
      if (name === 'blockquote' && 'expandable' in attrs) el.classList.add('expandable');
      top().element.append(el);
      if (!m[4]) open.push({ name, element: el, at });
    }
    at += whole.length;
  }
  flush();
  if (open.length > 1) {
    const unclosedTag = top();
    throw new MarkupError(`can't find the end tag of "${unclosedTag.name}" opened at character ${unclosedTag.at + 1}`);
  }
  return [...root.childNodes];
}

/**
 * The text as Telegram shows it in the given parse mode (any case; Markdown when absent or unknown, as the
 * service sends it).
 * @param {string} text
 * @param {string} parseMode
 * @returns {MarkupResult}
 */
export function telegramMarkup(text, parseMode) {
  const mode = parseMode.trim().toLowerCase();
  try {
    if (mode === 'html') return { ok: true, nodes: html(text) };
    if (mode === 'markdownv2') return { ok: true, nodes: new MarkdownV2(text).document() };
    return { ok: true, nodes: legacyMarkdown(text) };
  } catch (err) {
    if (err instanceof MarkupError) return { ok: false, reason: err.message };
    throw err;
  }
}

/** The parse mode as the service sends it: `Markdown`, `MarkdownV2` or `HTML`. */
export function parseModeName(/** @type {unknown} */ value) {
  const mode = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return mode === 'html' ? 'HTML' : mode === 'markdownv2' ? 'MarkdownV2' : 'Markdown';
}
