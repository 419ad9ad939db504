// @ts-check
/**
 * A rendered Telegram message drawn like a Telegram chat shows it, in the order the service sends it: the
 * sticker, the photo, the text in its parse mode (when Telegram would refuse the markup, the text as the
 * service then resends it: plain, with why), the inline keyboard of link buttons, then the location pin or
 * venue.
 */
import { buttonRows } from './buttons.js';
import { h, image, link, recordOf, safeUrl, textOf } from './dom.js';
import { linkedText, parseModeName, telegramMarkup } from './telegram-markup.js';

/** @param {unknown} value */
const isTrue = (value) => value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');

/**
 * A number from a number or numeric text, or null.
 * @param {unknown} value
 */
function numberOf(value) {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

/**
 * A card for a pin at a position (no map tiles: the page works offline).
 * @param {string} title
 * @param {string} detail
 * @param {number | null} latitude
 * @param {number | null} longitude
 */
function placeCard(title, detail, latitude, longitude) {
  const at = latitude !== null && longitude !== null ? `${latitude.toFixed(5)}, ${longitude.toFixed(5)}` : 'at the event\'s position';
  const href = latitude !== null && longitude !== null ? `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}` : null;
  return h(
    'div.tg-bubble.tg-place',
    null,
    h('div.tg-pin', { 'aria-hidden': 'true' }),
    h('div', null, h('div.tg-place-title', null, title), detail ? h('div.tg-place-detail', null, detail) : null, h('div.tg-place-detail', null, href ? link(href, at) : at)),
  );
}

/**
 * @param {Record<string, unknown>} message
 * @param {Record<string, unknown> | null} variables the render's variables (the event's position)
 * @returns {HTMLElement}
 */
export function drawTelegram(message, variables) {
  const chat = h('div.tg-chat');
  const time = new Date().toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

  const sticker = textOf(message.sticker).trim();
  if (sticker) {
    const src = safeUrl(sticker);
    chat.append(src ? image('img.tg-sticker', src, 'sticker') : h('div.tg-bubble.tg-sticker-id', null, `sticker ${sticker}`));
  }

  const content = textOf(message.content);
  const photo = safeUrl(recordOf(message.photo)?.url ?? message.photo);
  if (content.trim() || photo) {
    const bubble = h('div.tg-bubble');
    if (photo) bubble.append(image('img.tg-photo', photo, 'photo'));
    if (content.trim()) {
      const mode = parseModeName(message.parse_mode);
      const drawn = telegramMarkup(content, mode);
      const text = h('div.tg-text', { 'data-parse-mode': mode });
      if (drawn.ok) text.append(...drawn.nodes);
      else {
        bubble.append(h('div.tg-refused', null, `Telegram refuses this ${mode}: ${drawn.reason}. The service resends it as plain text:`));
        text.append(...linkedText(content));
      }
      bubble.append(text);
    }
    bubble.append(h('span.tg-time', null, time));
    chat.append(bubble);
  }

  const rows = buttonRows(message.buttons);
  if (rows.length > 0) {
    chat.append(
      h('div.tg-keyboard', null, ...rows.map((row) => h('div.tg-key-row', null, ...row.map((button) => (button.url ? link(button.url, button.label) : h('span.tg-key-bad', { title: 'no valid URL' }, button.label)))))),
    );
  }

  const venue = recordOf(message.venue);
  const location = recordOf(message.location);
  if (venue) {
    chat.append(placeCard(textOf(venue.title) || 'Venue', textOf(venue.address), numberOf(venue.latitude), numberOf(venue.longitude)));
  } else if (location || isTrue(message.location)) {
    chat.append(placeCard('Location', '', numberOf(location?.latitude ?? variables?.latitude), numberOf(location?.longitude ?? variables?.longitude)));
  }

  if (chat.childElementCount === 0) chat.append(h('div.empty-note', null, 'Nothing to send: no text, sticker or location.'));
  if (isTrue(message.webpage_preview)) chat.append(h('div.tg-note', null, 'link preview on'));
  return chat;
}
