/**
 * A `webhook` target's id is its URL. This checks it is http(s) and asks Discord to answer with the created
 * message (`wait=true`), whose id later clean-up needs; other query parameters (`thread_id`) are kept.
 */

/** The URL to post to, or null when the id is not an absolute http(s) URL. */
export function postUrlOf(targetId: string): URL | null {
  let url: URL;
  try {
    url = new URL(targetId.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.searchParams.has('wait')) url.searchParams.set('wait', 'true');
  return url;
}
