/**
 * Checks that a refusal is answered in the project's error shape: JSON `{"status":"error","message":"…"}`, or for
 * a missing or wrong API secret `{"status":"authError","reason":"…"}` (401), the shape existing clients read.
 */

/** what is wrong with the body of an answer of `status` (>= 400), or null when it has the project's shape */
export function errorShapeProblem(status: number, text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `answered ${status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  const b = (typeof body === 'object' && body !== null ? body : {}) as { status?: unknown; message?: unknown; reason?: unknown };
  if (b.status === 'error' && typeof b.message === 'string') return null;
  if (status === 401 && b.status === 'authError' && typeof b.reason === 'string') return null;
  return `answered ${status} in another shape: ${text.slice(0, 200)}`;
}
