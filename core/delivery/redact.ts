/**
 * Target ids as they may appear in logs: a URL id (a webhook target) carries its secret token in the path,
 * so only its origin and the first path segments are kept ("https://discord.com/api/webhooks/123/…").
 */
const KEPT_SEGMENTS = 3;

export function loggableTargetId(id: string): string {
  if (!/^https?:\/\//i.test(id)) return id;
  try {
    const url = new URL(id);
    const segments = url.pathname.split('/').filter(Boolean);
    const kept = segments.slice(0, KEPT_SEGMENTS).join('/');
    return `${url.origin}/${kept}${segments.length > KEPT_SEGMENTS || url.search ? '/…' : ''}`;
  } catch {
    return '(unreadable URL)';
  }
}
