// @ts-check
/**
 * Calls to this service's /api with the operator's secret (header X-Service-Secret). The secret is asked for once
 * and kept in sessionStorage (this tab only); an answer of 401 or 403 forgets it and asks again, with the reason
 * the service gave, then repeats the call. Every answer is JSON: `{ status, ok, body }`.
 */

const SECRET_KEY = 'lookout.studio.apiSecret';

/** @typedef {{ status: number, ok: boolean, body: any }} ApiAnswer */
/** @typedef {(reason: string) => Promise<string>} AskSecret */

/**
 * @param {unknown} body
 * @returns {string}
 */
function refusalReason(body) {
  if (typeof body === 'object' && body !== null) {
    const record = /** @type {Record<string, unknown>} */ (body);
    for (const key of ['reason', 'message']) if (typeof record[key] === 'string') return /** @type {string} */ (record[key]);
  }
  return 'the service refused the secret';
}

export function forgetSecret() {
  sessionStorage.removeItem(SECRET_KEY);
}

/**
 * @param {AskSecret} askSecret shows the prompt; resolves with what the operator typed
 */
export function createApi(askSecret) {
  /** @type {Promise<string> | null} one prompt at a time, shared by the calls waiting for it */
  let asking = null;

  /** @param {string} reason */
  function ask(reason) {
    asking ??= askSecret(reason).then((secret) => {
      sessionStorage.setItem(SECRET_KEY, secret);
      asking = null;
      return secret;
    });
    return asking;
  }

  /**
   * @param {'GET' | 'POST' | 'PUT'} method
   * @param {string} path under /api, e.g. `/dts/templates`
   * @param {{ body?: unknown, signal?: AbortSignal }} [options]
   * @returns {Promise<ApiAnswer>}
   */
  async function call(method, path, options = {}) {
    const url = new URL(`../api${path}`, location.href);
    for (;;) {
      const secret = asking ? await asking : (sessionStorage.getItem(SECRET_KEY) ?? (await ask('')));
      /** @type {Record<string, string>} */
      const headers = { 'x-service-secret': secret, accept: 'application/json' };
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      /** @type {Response} */
      let response;
      try {
        response = await fetch(url, {
          method,
          headers,
          ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (err) {
        // a header value the browser cannot send (characters outside Latin-1) is the operator's to fix
        if (err instanceof TypeError && /header/i.test(err.message)) {
          forgetSecret();
          await ask('the secret holds characters a browser cannot send in a header');
          continue;
        }
        throw err;
      }
      const text = await response.text();
      /** @type {unknown} */
      let body = null;
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        body = { status: 'error', message: text.slice(0, 500) };
      }
      if (response.status === 401 || response.status === 403) {
        if (sessionStorage.getItem(SECRET_KEY) === secret) forgetSecret();
        await ask(refusalReason(body));
        continue;
      }
      return { status: response.status, ok: response.ok, body };
    }
  }

  return {
    /** @param {string} path @param {{ signal?: AbortSignal }} [options] */
    get: (path, options) => call('GET', path, options),
    /** @param {string} path @param {unknown} body @param {{ signal?: AbortSignal }} [options] */
    post: (path, body, options) => call('POST', path, { ...options, body }),
    /** @param {string} path @param {unknown} body */
    put: (path, body) => call('PUT', path, { body }),
  };
}

/** @typedef {ReturnType<typeof createApi>} Api */
