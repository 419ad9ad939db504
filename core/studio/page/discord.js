// @ts-check
/**
 * A rendered Discord message drawn like the Discord client draws it: the bot's name and avatar, the content, each
 * embed (coloured left bar, author, title with its link, description, inline fields three to a row (two beside
 * a thumbnail) and full-width ones, thumbnail, image, footer with the timestamp) and link buttons. Accepts the
 * body as a template renders it (`embed` or `embeds`, colours as "#rrggbb", numbers or decimal text, images as
 * `{url}` or a URL) and as the service sends it.
 */
import { discordMarkdown, inline } from './discord-markdown.js';
import { h, image, link, recordOf, safeUrl, textOf } from './dom.js';
import { buttonRows } from './buttons.js';

/**
 * The colour as "#rrggbb", or null (the same readings as the service: "#A040A0", "A040A0", "0xA040A0", "#ABC",
 * decimal text or a number).
 * @param {unknown} value
 * @returns {string | null}
 */
export function colorOf(value) {
  /** @param {number} n */
  const hex = (n) => (Number.isInteger(n) && n >= 0 && n <= 0xffffff ? `#${n.toString(16).padStart(6, '0')}` : null);
  if (typeof value === 'number') return hex(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(text);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  const prefixed = /^(?:#|0x)([0-9a-f]{1,6})$/i.exec(text);
  if (prefixed) return hex(parseInt(prefixed[1] ?? '', 16));
  if (/^[0-9a-f]{6}$/i.test(text)) return hex(parseInt(text, 16));
  if (/^\d{1,8}$/.test(text)) return hex(parseInt(text, 10));
  return null;
}

/**
 * A date from ISO text or a unix time in seconds or milliseconds.
 * @param {unknown} value
 * @returns {Date | null}
 */
function dateOf(value) {
  const text = textOf(value).trim();
  if (!text) return null;
  const epoch = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  const ms = Number.isNaN(epoch) ? Date.parse(text) : epoch < 1e11 ? epoch * 1000 : epoch;
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/** @param {Date} date */
function discordTime(date) {
  const time = date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  const day = new Date(date);
  day.setHours(0, 0, 0, 0);
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const days = Math.round((today.getTime() - day.getTime()) / 86400000);
  if (days === 0) return `Today at ${time}`;
  if (days === 1) return `Yesterday at ${time}`;
  return `${date.toLocaleDateString()} ${time}`;
}

/**
 * An image URL of `{url}` or of the value itself.
 * @param {unknown} value
 */
function imageUrl(value) {
  return safeUrl(recordOf(value)?.url ?? value);
}

/**
 * @param {unknown} value
 * @returns {{ name: string, value: string, inline: boolean }[]}
 */
function fieldsOf(value) {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const field = recordOf(item);
    const name = textOf(field?.name);
    const text = textOf(field?.value);
    if (!field || (!name.trim() && !text.trim())) return [];
    return [{ name, value: text, inline: field.inline === true || field.inline === 'true' }];
  });
}

/**
 * Fields in Discord's grid of 12 columns: inline fields share a row (up to 3, or 2 beside a thumbnail), any
 * other field takes the whole row.
 * @param {{ name: string, value: string, inline: boolean }[]} fields
 * @param {boolean} besideThumbnail
 */
function drawFields(fields, besideThumbnail) {
  const perRow = besideThumbnail ? 2 : 3;
  const grid = h('div.dc-fields');
  /** @type {HTMLElement[]} */
  let row = [];
  const closeRow = () => {
    const span = 12 / row.length;
    row.forEach((cell, i) => {
      cell.style.gridColumn = `${i * span + 1} / ${(i + 1) * span + 1}`;
    });
    row = [];
  };
  for (const field of fields) {
    const cell = h('div.dc-field', null, h('div.dc-field-name', null, ...inline(field.name)), h('div.dc-field-value', null, discordMarkdown(field.value)));
    grid.append(cell);
    if (!field.inline) {
      closeRow();
      cell.style.gridColumn = '1 / 13';
      continue;
    }
    row.push(cell);
    if (row.length === perRow) closeRow();
  }
  if (row.length > 0) closeRow();
  return grid;
}

/**
 * @param {Record<string, unknown>} embed
 * @returns {HTMLElement}
 */
function drawEmbed(embed) {
  const box = h('article.dc-embed');
  const color = colorOf(embed.color);
  if (color) box.style.borderLeftColor = color;
  const grid = h('div.dc-embed-grid');
  box.append(grid);

  const author = recordOf(embed.author);
  const authorName = textOf(author ? author.name : embed.author);
  if (authorName.trim()) {
    const icon = safeUrl(author?.icon_url);
    const href = safeUrl(author?.url);
    grid.append(h('div.dc-embed-author', null, icon ? image('img.dc-author-icon', icon, '') : null, href ? link(href, authorName) : h('span', null, authorName)));
  }
  const title = textOf(embed.title);
  if (title.trim()) {
    const href = safeUrl(embed.url);
    const text = inline(title);
    grid.append(h('div.dc-embed-title', null, href ? link(href, ...text) : h('span', null, ...text)));
  }
  const description = textOf(embed.description);
  if (description.trim()) grid.append(h('div.dc-embed-description', null, discordMarkdown(description)));
  const thumbnail = imageUrl(embed.thumbnail);
  const fields = fieldsOf(embed.fields);
  if (fields.length > 0) grid.append(drawFields(fields, thumbnail !== null));
  if (thumbnail) grid.append(image('img.dc-embed-thumbnail', thumbnail, 'thumbnail'));
  const picture = imageUrl(embed.image);
  if (picture) grid.append(h('div.dc-embed-image', null, image('img', picture, 'image')));

  const footer = recordOf(embed.footer);
  const footerText = textOf(footer ? footer.text : embed.footer);
  const when = dateOf(embed.timestamp);
  if (footerText.trim() || when) {
    const icon = safeUrl(footer?.icon_url);
    grid.append(
      h(
        'div.dc-embed-footer',
        null,
        icon ? image('img.dc-footer-icon', icon, '') : null,
        footerText.trim() ? h('span', null, footerText) : null,
        footerText.trim() && when ? h('span.dc-separator', null, '•') : null,
        when ? h('span', null, discordTime(when)) : null,
      ),
    );
  }
  return box;
}

/**
 * @param {Record<string, unknown>} message
 * @returns {Record<string, unknown>[]}
 */
function embedsOf(message) {
  const listed = Array.isArray(message.embeds) ? message.embeds : message.embed === undefined ? [] : [message.embed];
  return listed.flatMap((item) => {
    const embed = recordOf(item);
    return embed ? [embed] : [];
  });
}

/**
 * @param {Record<string, unknown>} message
 * @returns {HTMLElement}
 */
export function drawDiscord(message) {
  const name = textOf(message.username).trim() || 'Lookout';
  const avatar = safeUrl(message.avatar_url);
  const body = h(
    'div.dc-body',
    null,
    h('div.dc-header', null, h('span.dc-name', null, name), h('span.dc-app', null, 'APP'), h('span.dc-time', null, discordTime(new Date()))),
  );
  const content = textOf(message.content);
  if (content.trim()) body.append(h('div.dc-content', null, discordMarkdown(content)));
  for (const embed of embedsOf(message)) body.append(drawEmbed(embed));
  const rows = buttonRows(message.buttons);
  if (rows.length > 0) {
    body.append(
      h(
        'div.dc-buttons',
        null,
        ...rows.map((row) => h('div.dc-button-row', null, ...row.map((button) => (button.url ? link(button.url, button.label, h('span.dc-external', { 'aria-hidden': 'true' }, ' ↗')) : h('span.dc-button-bad', { title: 'no valid URL' }, button.label))))),
      ),
    );
  }
  const empty = !content.trim() && embedsOf(message).length === 0;
  if (empty) body.append(h('div.empty-note', null, 'Nothing to send: Discord refuses a message with neither content nor an embed.'));
  return h('div.dc-message', null, avatar ? image('img.dc-avatar', avatar, '') : h('div.dc-avatar.dc-avatar-default', { 'aria-hidden': 'true' }, name.slice(0, 1).toUpperCase()), body);
}
