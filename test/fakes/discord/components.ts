/**
 * Checks of a message's `components` the way Discord refuses them (400 50035 naming the member): at most 5
 * action rows (type 1), each holding 1 to 5 buttons (type 2); a link button (style 5) has an http(s) or
 * discord:// `url` of at most 512 characters and no `custom_id`; any other button a `custom_id` and no `url`;
 * a label of at most 80 characters.
 */
import { invalidFormBody } from './errors.ts';

const MAX_ROWS = 5;
const PER_ROW = 5;
const MAX_LABEL = 80;
const MAX_URL = 512;
const LINK_STYLE = 5;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkButton(button: unknown, path: string): void {
  if (!isRecord(button) || button.type !== 2) throw invalidFormBody(`${path}.type`, 'only buttons (type 2) are supported by the fake');
  const { style, label, url } = button;
  if (typeof style !== 'number' || !Number.isInteger(style) || style < 1 || style > 6) throw invalidFormBody(`${path}.style`, 'value must be one of (1, 2, 3, 4, 5, 6)');
  if (label !== undefined && (typeof label !== 'string' || label.length > MAX_LABEL)) throw invalidFormBody(`${path}.label`, `must be ${MAX_LABEL} or fewer in length`);
  if (style === LINK_STYLE) {
    if (button.custom_id !== undefined) throw invalidFormBody(`${path}.custom_id`, 'a link button cannot have a custom id');
    if (typeof url !== 'string' || url.length > MAX_URL || !/^(https?|discord):\/\//i.test(url)) throw invalidFormBody(`${path}.url`, 'scheme must be one of (http, https, discord)');
  } else {
    if (url !== undefined) throw invalidFormBody(`${path}.url`, 'a non-link button cannot have a url');
    if (typeof button.custom_id !== 'string' || button.custom_id === '') throw invalidFormBody(`${path}.custom_id`, 'this field is required');
  }
}

/** The components, checked. */
export function checkComponents(components: unknown[]): unknown[] {
  if (components.length > MAX_ROWS) throw invalidFormBody('components', `must be ${MAX_ROWS} or fewer in length`);
  components.forEach((row, i) => {
    if (!isRecord(row) || row.type !== 1) throw invalidFormBody(`components.${i}.type`, 'only action rows (type 1) are supported by the fake');
    const buttons = row.components;
    if (!Array.isArray(buttons) || buttons.length === 0 || buttons.length > PER_ROW) throw invalidFormBody(`components.${i}.components`, `must be between 1 and ${PER_ROW} in length`);
    buttons.forEach((button, j) => checkButton(button, `components.${i}.components.${j}`));
  });
  return components;
}
