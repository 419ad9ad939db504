/**
 * A `webhook` target's id is its URL. This checks it is http(s) and asks Discord to answer with the created
 * message (`wait=true`), whose id later clean-up needs; other query parameters (`thread_id`) are kept. A message
 * with link buttons also asks for `with_components=true`: a webhook no application owns (one made in Discord's
 * channel settings) drops a message's components without it.
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

/**
 * The URL that edits a message the webhook sent: `<webhook>/messages/<id>`, keeping `thread_id` (a message in a
 * thread is only found with it); null when the id is not an http(s) URL or the message id no Discord id.
 */
export function messageUrlOf(targetId: string, messageId: string): URL | null {
  const post = postUrlOf(targetId);
  if (!post || !/^\d{1,20}$/.test(messageId)) return null;
  const url = new URL(post);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/messages/${messageId}`;
  url.search = '';
  const thread = post.searchParams.get('thread_id');
  if (thread) url.searchParams.set('thread_id', thread);
  return url;
}

/** The post URL of a message with components: `with_components=true` added (a new URL; `url` is unchanged). */
export function withComponents(url: URL): URL {
  const out = new URL(url);
  out.searchParams.set('with_components', 'true');
  return out;
}
