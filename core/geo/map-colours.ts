/**
 * Colours of the shapes drawn on maps, as pure functions: a fence's own colour when it is a usable hex
 * colour, and evenly spaced fully saturated hues to tell the areas of an overview map apart (the previous
 * generation's overview colours).
 */

/** drawn when a fence has no usable colour of its own */
export const DEFAULT_FENCE_COLOUR = '#3366cc';
/** the weather cell and distance circles */
export const HIGHLIGHT_COLOUR = '#e0301e';

/** `#rrggbb` (lower case) for `#rgb`/`#rrggbb` with or without the `#`, else the default. */
export function fenceColour(colour: string): string {
  const hex = colour.trim().replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{6}$/.test(hex)) return `#${hex}`;
  if (/^[0-9a-f]{3}$/.test(hex)) return `#${[...hex].map((c) => c + c).join('')}`;
  return DEFAULT_FENCE_COLOUR;
}

function hexByte(share: number): string {
  return Math.round(share * 255).toString(16).padStart(2, '0');
}

/** The colour of hue `step / steps` of the wheel at full saturation and brightness, as `#rrggbb`. */
export function rainbow(steps: number, step: number): string {
  const sector = (step / Math.max(1, steps)) * 6;
  const channel = (offset: number): number => {
    const k = (offset + sector) % 6;
    return 1 - Math.max(0, Math.min(k, 4 - k, 1));
  };
  return `#${hexByte(channel(5))}${hexByte(channel(3))}${hexByte(channel(1))}`;
}
