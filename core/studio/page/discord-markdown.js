// @ts-check
/**
 * Discord's markdown drawn as DOM nodes, the way the Discord client shows message content, embed descriptions
 * and field values: **bold**, *italic* / _italic_, __underline__, ~~strike~~, ||spoiler||, `code`, ```code
 * blocks```, [masked links](https://…), bare and <angled> links, headings (#, ##, ###), -# subtext, > quotes,
 * - lists, custom emoji <:name:id>, mentions <@id> <@&id> <#id>, timestamps <t:unix:style>, \escapes and line
 * breaks. Text is only ever set as text, so a template cannot inject markup into the page.
 */
import { h, image, link, safeUrl } from './dom.js';

/**
 * @typedef {object} InlineRule
 * @property {RegExp} pattern sticky (`y`)
 * @property {(match: RegExpExecArray) => Node} draw
 */

/** @param {string} tag @param {string} text */
const wrap = (tag, text) => {
  const element = h(tag);
  element.append(...inline(text));
  return element;
};

const TIME_STYLES = /** @type {Record<string, Intl.DateTimeFormatOptions>} */ ({
  t: { timeStyle: 'short' },
  T: { timeStyle: 'medium' },
  d: { dateStyle: 'short' },
  D: { dateStyle: 'long' },
  f: { dateStyle: 'long', timeStyle: 'short' },
  F: { dateStyle: 'full', timeStyle: 'short' },
});

/**
 * @param {number} seconds
 * @param {string} style
 */
function timestampText(seconds, style) {
  const date = new Date(seconds * 1000);
  if (style === 'R') {
    const minutes = Math.round((date.getTime() - Date.now()) / 60000);
    const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
    if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
    if (Math.abs(minutes) < 1440) return format.format(Math.round(minutes / 60), 'hour');
    return format.format(Math.round(minutes / 1440), 'day');
  }
  return new Intl.DateTimeFormat(undefined, TIME_STYLES[style] ?? TIME_STYLES.f).format(date);
}

/** @type {readonly InlineRule[]} */
const RULES = [
  { pattern: /\\([^\w\s])/y, draw: (m) => document.createTextNode(m[1] ?? '') },
  { pattern: /``([^]+?)``|`([^`\n]+?)`/y, draw: (m) => h('code.inline', null, (m[1] ?? m[2] ?? '').trim() || (m[1] ?? m[2] ?? '')) },
  {
    pattern: /<(a?):(\w{2,32}):(\d{15,22})>/y,
    draw: (m) => image('img.emoji', `https://cdn.discordapp.com/emojis/${m[3]}.${m[1] ? 'gif' : 'png'}?size=48`, `:${m[2]}:`),
  },
  { pattern: /<@!?(\d{15,22})>/y, draw: (m) => h('span.mention', { title: `user ${m[1]}` }, '@user') },
  { pattern: /<@&(\d{15,22})>/y, draw: (m) => h('span.mention', { title: `role ${m[1]}` }, '@role') },
  { pattern: /<#(\d{15,22})>/y, draw: (m) => h('span.mention', { title: `channel ${m[1]}` }, '#channel') },
  { pattern: /<t:(-?\d{1,13})(?::([tTdDfFR]))?>/y, draw: (m) => h('span.timestamp', null, timestampText(Number(m[1]), m[2] ?? 'f')) },
  {
    pattern: /\[((?:\[[^\]\n]*\]|[^[\]\n])+)\]\(\s*<?(https?:\/\/[^\s)>]+)>?(?:\s+"[^"]*")?\s*\)/y,
    draw: (m) => {
      const href = safeUrl(m[2]);
      const text = inline(m[1] ?? '');
      return href ? link(href, ...text) : h('span', null, ...text);
    },
  },
  { pattern: /<(https?:\/\/[^\s>]+)>/y, draw: (m) => urlNode(m[1] ?? '') },
  { pattern: /https?:\/\/[^\s<]*[^\s<.,:;"')\]!?]/y, draw: (m) => urlNode(m[0]) },
  { pattern: /\*\*([^]+?)\*\*(?!\*)/y, draw: (m) => wrap('strong', m[1] ?? '') },
  { pattern: /__([^]+?)__(?!_)/y, draw: (m) => wrap('u', m[1] ?? '') },
  { pattern: /\*(?!\s)([^]*?[^\s\\])\*(?!\*)/y, draw: (m) => wrap('em', m[1] ?? '') },
  { pattern: /\*(?!\s)([^\s*\\])\*/y, draw: (m) => wrap('em', m[1] ?? '') },
  { pattern: /_((?:\\[^]|[^\\_])+?)_(?![\p{L}\p{N}_])/uy, draw: (m) => wrap('em', m[1] ?? '') },
  { pattern: /~~([^]+?)~~/y, draw: (m) => wrap('s', m[1] ?? '') },
  {
    pattern: /\|\|([^]+?)\|\|/y,
    draw: (m) => {
      const spoiler = wrap('span.spoiler', m[1] ?? '');
      spoiler.title = 'spoiler: click to show';
      spoiler.addEventListener('click', () => spoiler.classList.add('shown'));
      return spoiler;
    },
  },
];

/** characters where a rule can start; anything else is plain text */
const STARTS = new Set(['\\', '`', '<', '[', 'h', '*', '_', '~', '|']);

/** @param {string} url */
function urlNode(url) {
  const href = safeUrl(url);
  return href ? link(href, url) : document.createTextNode(url);
}

/**
 * Inline markdown of one piece of text (no block syntax).
 * @param {string} text
 * @returns {Node[]}
 */
export function inline(text) {
  /** @type {Node[]} */
  const nodes = [];
  let plain = '';
  const flush = () => {
    if (plain) nodes.push(document.createTextNode(plain));
    plain = '';
  };
  let at = 0;
  outer: while (at < text.length) {
    const char = text[at] ?? '';
    if (STARTS.has(char) && !(char === 'h' && /[\p{L}\p{N}]/u.test(text[at - 1] ?? ''))) {
      for (const rule of RULES) {
        rule.pattern.lastIndex = at;
        const match = rule.pattern.exec(text);
        if (match && match[0].length > 0) {
          flush();
          nodes.push(rule.draw(match));
          at += match[0].length;
          continue outer;
        }
      }
    }
    plain += char;
    at += 1;
  }
  flush();
  return nodes;
}

/**
 * One line of inline text per row, separated by line breaks.
 * @param {readonly string[]} lines
 * @returns {Node[]}
 */
function lines(lines) {
  return lines.flatMap((line, i) => (i === 0 ? inline(line) : [h('br'), ...inline(line)]));
}

/**
 * Block syntax of text holding no code block: headings, subtext, quotes and lists, each on its own lines.
 * @param {string} text
 * @returns {Node[]}
 */
function blocks(text) {
  /** @type {Node[]} */
  const out = [];
  const rows = text.split('\n');
  /** @type {string[]} */
  let paragraph = [];
  const flush = () => {
    if (paragraph.length > 0) out.push(h('div.md-text', null, ...lines(paragraph)));
    paragraph = [];
  };
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] ?? '';
    if (row.startsWith('>>> ')) {
      flush();
      out.push(h('blockquote', null, ...lines([row.slice(4), ...rows.slice(i + 1)])));
      return out;
    }
    if (/^> |^>$/.test(row)) {
      flush();
      const quoted = [];
      while (i < rows.length && /^> |^>$/.test(rows[i] ?? '')) quoted.push((rows[i++] ?? '').slice(2));
      i -= 1;
      out.push(h('blockquote', null, ...lines(quoted)));
      continue;
    }
    const heading = /^(#{1,3}) +(\S.*)$/.exec(row);
    if (heading) {
      flush();
      out.push(h(`h${(heading[1] ?? '#').length + 2}.md-heading`, null, ...inline(heading[2] ?? '')));
      continue;
    }
    const subtext = /^-# +(\S.*)$/.exec(row);
    if (subtext) {
      flush();
      out.push(h('small.md-subtext', null, ...inline(subtext[1] ?? '')));
      continue;
    }
    if (/^\s*[-*] +\S/.test(row)) {
      flush();
      const items = [];
      while (i < rows.length && /^\s*[-*] +\S/.test(rows[i] ?? '')) items.push(h('li', null, ...inline((rows[i++] ?? '').replace(/^\s*[-*] +/, ''))));
      i -= 1;
      out.push(h('ul.md-list', null, ...items));
      continue;
    }
    paragraph.push(row);
  }
  flush();
  return out;
}

/**
 * Markdown of a message text, an embed description or a field value.
 * @param {string} text
 * @returns {DocumentFragment}
 */
export function discordMarkdown(text) {
  const fragment = document.createDocumentFragment();
  const codeBlock = /```(?:([\w+#.-]*)\n)?([^]*?)```/g;
  let last = 0;
  for (const match of text.matchAll(codeBlock)) {
    const before = text.slice(last, match.index).replace(/\n$/, '');
    if (before) fragment.append(...blocks(before));
    fragment.append(h('pre.code-block', null, h('code', null, (match[2] ?? '').replace(/\n$/, ''))));
    last = (match.index ?? 0) + match[0].length;
    if (text[last] === '\n') last += 1;
  }
  const rest = text.slice(last);
  if (rest) fragment.append(...blocks(rest));
  return fragment;
}
