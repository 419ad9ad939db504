/**
 * A rendered message's link buttons → Discord message components: one action row (type 1) per row of buttons, one
 * link button (type 2, style 5) per button, its label cut to Discord's 80 characters. The core has already
 * checked the buttons and their limits (core/dts/buttons/render.ts); a url Discord would refuse all the same (a
 * shortlink marker no shortener replaced) leaves that button out rather than the whole message. Pure.
 */
import type { MessageButton } from '../../core/model.ts';
import { truncate, urlOf } from './discord-text.ts';

const ACTION_ROW = 1;
const BUTTON = 2;
const LINK_STYLE = 5;
const MAX_LABEL = 80;
const MAX_ROWS = 5;
const BUTTONS_PER_ROW = 5;

export interface DiscordLinkButton {
  readonly type: typeof BUTTON;
  readonly style: typeof LINK_STYLE;
  readonly label: string;
  readonly url: string;
}

export interface DiscordActionRow {
  readonly type: typeof ACTION_ROW;
  readonly components: readonly DiscordLinkButton[];
}

function linkButton(button: MessageButton): DiscordLinkButton | null {
  const url = urlOf(button.url);
  if (!url || url.startsWith('attachment:')) return null;
  return { type: BUTTON, style: LINK_STYLE, label: truncate(button.label, MAX_LABEL), url };
}

/** The action rows of the buttons; empty when there are none. */
export function actionRowsOf(rows: readonly (readonly MessageButton[])[] | undefined): DiscordActionRow[] {
  if (!rows) return [];
  const out: DiscordActionRow[] = [];
  for (const row of rows.slice(0, MAX_ROWS)) {
    const components = row.slice(0, BUTTONS_PER_ROW).flatMap((button) => linkButton(button) ?? []);
    if (components.length > 0) out.push({ type: ACTION_ROW, components });
  }
  return out;
}
