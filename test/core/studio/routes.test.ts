/**
 * The template studio's static routes (core/studio/routes.ts) through the HTTP server: the page and its files
 * with their content types and cache headers, no secret needed, 404 for anything else — including every way of
 * naming a file outside the page's folder — and the IP lists applied.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { createHttpServer } from '../../../core/http/server.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { STUDIO_PAGE_DIR } from '../../../core/studio/assets.ts';
import { studioRoutes, type StudioRouteOptions } from '../../../core/studio/routes.ts';

async function server(t: TestContext, options: StudioRouteOptions = {}, blacklist: string[] = []): Promise<FastifyInstance> {
  const app = await createHttpServer(
    { ipWhitelist: [], ipBlacklist: blacklist, apiSecret: 'secret', bodyLimitBytes: 1024 * 1024, log: silentLogger() },
    [studioRoutes(options)],
    [],
  );
  t.after(() => app.close());
  return app;
}

describe('GET /studio', () => {
  test('redirects /studio to /studio/, which is the page, with no secret asked for', async (t) => {
    const app = await server(t);
    const redirect = await app.inject({ method: 'GET', url: '/studio' });
    assert.equal(redirect.statusCode, 302);
    assert.equal(redirect.headers.location, 'studio/');

    const page = await app.inject({ method: 'GET', url: '/studio/' });
    assert.equal(page.statusCode, 200);
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(page.body, readFileSync(join(STUDIO_PAGE_DIR, 'index.html'), 'utf8'));
    assert.equal(page.headers['cache-control'], 'no-cache');
    assert.equal(page.headers['x-content-type-options'], 'nosniff');
    const policy = String(page.headers['content-security-policy']);
    assert.match(policy, /script-src 'self'/);
    assert.match(policy, /connect-src 'self'/);
    assert.match(policy, /frame-ancestors 'none'/);
  });

  test('serves each file of the page with its content type; HEAD and revalidation by ETag work', async (t) => {
    const app = await server(t);
    const expected: Record<string, string> = { 'main.js': 'text/javascript; charset=utf-8', 'studio.css': 'text/css; charset=utf-8', 'favicon.svg': 'image/svg+xml' };
    for (const [file, type] of Object.entries(expected)) {
      const res = await app.inject({ method: 'GET', url: `/studio/${file}` });
      assert.equal(res.statusCode, 200, file);
      assert.equal(res.headers['content-type'], type, file);
      assert.equal(res.body, readFileSync(join(STUDIO_PAGE_DIR, file), 'utf8'), file);
      assert.equal(res.headers['content-security-policy'], undefined, 'only the page carries the policy');
      const etag = String(res.headers.etag);
      assert.match(etag, /^"[\w-]+"$/);
      const again = await app.inject({ method: 'GET', url: `/studio/${file}`, headers: { 'if-none-match': `W/"other", ${etag}` } });
      assert.equal(again.statusCode, 304, file);
      assert.equal(again.body, '');
      const head = await app.inject({ method: 'HEAD', url: `/studio/${file}` });
      assert.equal(head.statusCode, 200);
      assert.equal(head.headers['content-type'], type);
    }
    const changed = await app.inject({ method: 'GET', url: '/studio/main.js', headers: { 'if-none-match': '"stale"' } });
    assert.equal(changed.statusCode, 200);
  });

  test('every script, style and module import of the page is served', async (t) => {
    const app = await server(t);
    const html = readFileSync(join(STUDIO_PAGE_DIR, 'index.html'), 'utf8');
    const referenced = new Set([...html.matchAll(/(?:src|href)="([^"#:]+)"/g)].map((m) => m[1]!));
    for (const file of readdirSync(STUDIO_PAGE_DIR).filter((f) => f.endsWith('.js'))) {
      for (const m of readFileSync(join(STUDIO_PAGE_DIR, file), 'utf8').matchAll(/^import .* from '\.\/([^']+)';$/gm)) referenced.add(m[1]!);
    }
    assert.ok(referenced.has('main.js') && referenced.has('studio.css') && referenced.has('editor.js'), [...referenced].join(', '));
    for (const file of referenced) assert.equal((await app.inject({ method: 'GET', url: `/studio/${file}` })).statusCode, 200, file);
  });

  test('anything but a file of the page folder answers 404 in the error shape', async (t) => {
    const root = mkdtempSync(join(tmpdir(), 'lookout-studio-'));
    t.after(() => rmSync(root, { recursive: true, force: true }));
    const page = join(root, 'page');
    mkdirSync(join(page, 'sub'), { recursive: true });
    writeFileSync(join(page, 'index.html'), '<!doctype html><p>page</p>');
    writeFileSync(join(page, 'app.js'), 'export {};');
    writeFileSync(join(page, 'notes.txt'), 'not a page file type');
    writeFileSync(join(page, '.hidden.js'), 'PRIVATE hidden');
    writeFileSync(join(page, 'sub', 'inner.js'), 'PRIVATE inner');
    writeFileSync(join(root, 'outside.js'), 'PRIVATE outside');
    symlinkSync(join(root, 'outside.js'), join(page, 'linked.js'));
    const app = await server(t, { dir: page });

    assert.equal((await app.inject({ method: 'GET', url: '/studio/app.js' })).statusCode, 200);
    const refused = [
      '/studio/notes.txt',
      '/studio/.hidden.js',
      '/studio/sub/inner.js',
      '/studio/sub%2Finner.js',
      '/studio/linked.js',
      '/studio/../outside.js',
      '/studio/..%2Foutside.js',
      '/studio/%2e%2e%2foutside.js',
      '/studio/..%5Coutside.js',
      '/studio/%2E%2E/outside.js',
      '/studio/nothing.js',
      '/studio/index.html%00.js',
      '/studio/APP.JS',
    ];
    for (const url of refused) {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.json().status, 'error', url);
      assert.ok(!res.body.includes('PRIVATE'), `${url}: no file text is answered`);
    }
  });

  test('a missing page folder answers 404 naming it; the IP lists refuse the page like the API', async (t) => {
    const missing = await server(t, { dir: join(tmpdir(), 'lookout-no-such-studio-folder') });
    const res = await missing.inject({ method: 'GET', url: '/studio/' });
    assert.equal(res.statusCode, 404);
    assert.match(res.json().message, /the template studio's files are missing/);

    const blocked = await server(t, {}, ['127.0.0.1']);
    for (const url of ['/studio', '/studio/', '/studio/main.js']) {
      const refused = await blocked.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
      assert.equal(refused.statusCode, 403, url);
    }
  });
});
