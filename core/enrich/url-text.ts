/**
 * Text from a webhook put into a URL: `encodeURIComponent` throws on a lone surrogate (half of an emoji pair, which
 * a truncated scanner name can hold), so such halves become U+FFFD first. Everything else is encoded as usual.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function encodeUrlText(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));
}
