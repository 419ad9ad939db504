/**
 * POST /api/dts/templates and GET|POST /api/dts/reload over a temporary root (fallbacks/ + config/) and a real
 * DtsEngine, through the HTTP server as the app builds it (auth, error shape).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { RenderRequest, View } from '../../../../core/contract.ts';
import { DtsEngine } from '../../../../core/dts/engine.ts';
import { dtsApiRoutes } from '../../../../core/http/api/dts.ts';
import { createHttpServer } from '../../../../core/http/server.ts';
import { silentLogger } from '../../../../core/log/logger.ts';
import { dtsTree, entry, type DtsTree } from '../../../fixtures/dts/tree.ts';
import { SHIPPED_PLATFORMS } from '../../../fixtures/dts/platforms.ts';

const SECRET = 'dts-api-secret';
const AT = new Date(Date.UTC(2026, 10, 24, 13, 5, 1));
const STAMP = '2026-11-24_130501';
const log = silentLogger();
const meta = { eventId: 'e1', webhookType: 'pokemon', receivedAt: 0 };

const FALLBACKS = [entry({ id: 1, default: true, template: { content: 'fallback {{name}}' } }), entry({ type: 'raid', template: { content: 'fallback raid' } })];

interface DtsApi {
  readonly tree: DtsTree;
  readonly engine: DtsEngine;
  /** `secret` null sends none */
  call(method: 'GET' | 'POST', url: string, payload?: unknown, secret?: string | null): Promise<LightMyRequestResponse>;
  render(fields: Partial<RenderRequest> & { view: View }): unknown;
  read(file: string): string;
  /** every file under the root with its text */
  files(): Record<string, string>;
}

async function dtsApi(t: { after: (fn: () => unknown) => void }, files: Record<string, unknown>): Promise<DtsApi> {
  const tree = dtsTree({ 'fallbacks/dts.json': FALLBACKS, ...files });
  t.after(() => tree.remove());
  const engine = await DtsEngine.load({ rootDir: tree.root, log, platforms: SHIPPED_PLATFORMS, defaultTemplateId: '1' });
  const app = await createHttpServer(
    { ipWhitelist: [], ipBlacklist: [], apiSecret: SECRET, bodyLimitBytes: 1024 * 1024, log },
    [],
    [dtsApiRoutes({ renderer: engine, rootDir: tree.root, log, now: () => AT })],
  );
  t.after(() => app.close());
  const walk = (dir: string, out: Record<string, string>): Record<string, string> => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, d.name);
      if (d.isDirectory()) walk(path, out);
      else out[relative(tree.root, path)] = readFileSync(path, 'utf8');
    }
    return out;
  };
  return {
    tree,
    engine,
    call: (method, url, payload, secret = SECRET) =>
      app.inject({
        method,
        url,
        headers: { ...(secret === null ? {} : { 'x-service-secret': secret }), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      }),
    render: (fields) => engine.render({ alertType: 'monster', platform: 'discord', language: 'en', templateId: '1', meta, ...fields }).body,
    read: (file) => readFileSync(join(tree.root, file), 'utf8'),
    files: () => walk(tree.root, {}),
  };
}

describe('POST /api/dts/templates', () => {
  test('moves an entry out of config/dts.json into its own TOML file, with a backup, and the engine renders it', async (t) => {
    const original = [entry({ id: 1, template: { content: 'old {{name}}' } }), entry({ id: 2, template: { content: 'two' } })];
    const api = await dtsApi(t, { 'config/dts.json': original });
    const originalText = api.read('config/dts.json');
    assert.deepEqual(api.render({ view: { name: 'Pikachu' } }), { content: 'old Pikachu' });

    const res = await api.call('POST', '/api/dts/templates', [{ type: 'monster', id: 1, platform: 'discord', language: 'en', description: 'new', template: { embed: { title: '{{name}} saved' } } }]);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), {
      status: 'ok',
      saved: [{ type: 'monster', id: '1', platform: 'discord', language: 'en', file: 'config/dts/monster-1-discord-en.toml' }],
      removedFrom: ['config/dts.json'],
      deleted: [],
      backups: [`config/backups/config/dts.json.bak.${STAMP}`],
      reload: { ok: true, entries: 3, problems: [] },
    });
    assert.equal(api.read(`config/backups/config/dts.json.bak.${STAMP}`), originalText);
    assert.equal(api.read('config/dts.json'), `${JSON.stringify([original[1]], null, 2)}\n`, 'the other entry stays, as pretty JSON');
    assert.match(api.read('config/dts/monster-1-discord-en.toml'), /^\[\[entry\]\]\nid = "1"\ntype = "monster"\nplatform = "discord"\nlanguage = "en"\ndefault = false\ndescription = "new"\ntemplate = """\n/);

    assert.deepEqual(api.render({ view: { name: 'Pikachu' } }), { embed: { title: 'Pikachu saved' } });
    assert.equal(api.engine.select('monster', 'discord', '1', 'en')?.source.file, 'config/dts/monster-1-discord-en.toml');
    assert.deepEqual(api.render({ templateId: '2', view: {} }), { content: 'two' });
  });

  test('saving the same template again backs up its own file; one object is a body too', async (t) => {
    const api = await dtsApi(t, {});
    const first = await api.call('POST', '/api/dts/templates', entry({ template: 'first {{name}}' }));
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json().backups, []);
    const before = api.read('config/dts/monster-1-discord-en.toml');
    const second = await api.call('POST', '/api/dts/templates', entry({ template: 'second {{name}}' }));
    assert.deepEqual(second.json().backups, [`config/backups/config/dts/monster-1-discord-en.toml.bak.${STAMP}`]);
    assert.equal(api.read(`config/backups/config/dts/monster-1-discord-en.toml.bak.${STAMP}`), before);
    assert.deepEqual(api.render({ view: { name: 'Eevee' } }), { content: 'second Eevee' });
  });

  test('an emptied source file is deleted (backed up first), but config/dts.json stays as []', async (t) => {
    const api = await dtsApi(t, {
      'config/dts.json': [entry({ id: 7 })],
      'config/dts/old.json': [entry({ id: 8 })],
    });
    const res = await api.call('POST', '/api/dts/templates', [entry({ id: 7, template: 'seven' }), entry({ id: 8, template: 'eight' })]);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.deepEqual(body.removedFrom, ['config/dts.json', 'config/dts/old.json']);
    assert.deepEqual(body.deleted, ['config/dts/old.json']);
    assert.deepEqual([...body.backups].sort(), [`config/backups/config/dts.json.bak.${STAMP}`, `config/backups/config/dts/old.json.bak.${STAMP}`]);
    const files = api.files();
    assert.equal(files['config/dts.json'], '[]\n');
    assert.equal(files['config/dts/old.json'], undefined);
    assert.ok(files['config/dts/monster-7-discord-en.toml'] && files['config/dts/monster-8-discord-en.toml']);
    assert.equal(body.reload.ok, true);
  });

  test('a TOML source stays TOML with its other entries', async (t) => {
    const mixed = '# hand written\n[[entry]]\nid = "5"\ntype = "monster"\nplatform = "discord"\nlanguage = "en"\ntemplate = "five"\n\n[[entry]]\nid = "6"\ntype = "monster"\nplatform = "discord"\nlanguage = "en"\ntemplate = """\nsix\n  {{name}}\n"""\n\n[[entry.buttons]]\nid = "b"\naction = "mute"\n';
    const api = await dtsApi(t, { 'config/dts/mixed.toml': mixed });
    const res = await api.call('POST', '/api/dts/templates', [entry({ id: 5, template: 'FIVE' })]);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().removedFrom, ['config/dts/mixed.toml']);
    const rewritten = api.read('config/dts/mixed.toml');
    assert.doesNotMatch(rewritten, /five/);
    assert.match(rewritten, /^\[\[entry\]\]\nid = "6"/);
    const six = api.engine.select('monster', 'discord', '6', 'en');
    assert.equal(six?.body, 'six\n  {{name}}\n');
    assert.deepEqual(six?.buttons, [{ id: 'b', action: 'mute' }]);
    assert.equal(six?.source.file, 'config/dts/mixed.toml');
  });

  test('multi-line template strings survive save → load exactly', async (t) => {
    const api = await dtsApi(t, {});
    const texts = [
      '\n{{name}} "quoted" """ triple\\ back\\slash\n\ttab\r\nCRLF \u0001 ctl\n\n',
      "{{#if x}}\n  it's '''\n{{/if}}\"",
      '{ "content": "{{name}}\\nsecond line", "embed": { "title": "t" } }\n',
    ];
    const res = await api.call('POST', '/api/dts/templates', texts.map((template, i) => entry({ id: `ml${i}`, template })));
    assert.equal(res.statusCode, 200, res.body);
    for (const [i, text] of texts.entries()) {
      const loaded = api.engine.select('monster', 'discord', `ml${i}`, 'en');
      assert.equal(loaded?.raw['template'], text, `template ${i}`);
    }
    assert.deepEqual(api.render({ templateId: 'ml2', view: { name: 'Mew' } }), { content: 'Mew\nsecond line', embed: { title: 't' } });
  });

  test('bad bodies → 400 naming the entry and the field; nothing is written', async (t) => {
    const api = await dtsApi(t, { 'config/dts.json': [entry()] });
    const before = api.files();
    const cases: [unknown, RegExp][] = [
      [[], /no templates given/],
      [[entry({ id: 2 }), entry({ type: 'raid', template: { embed: { title: '{{#each x}}' } } })], /^raid\/1\/discord\/en \(request body entry 1\): broken Handlebars in embed\.title/],
      [[entry({ id: 2 }), entry({ id: 3, template: undefined })], /^entry 1: neither "template" nor "templateFile" is given/],
      [[entry({ default: 'yes' })], /^entry 0: "default" must be true or false/],
      [[entry({ id: { x: 1 } })], /^entry 0: "id" must be a string or a number/],
      [[entry({ language: 'any' })], /^entry 0: "language" may not be "any"/],
    ];
    for (const [payload, message] of cases) {
      const res = await api.call('POST', '/api/dts/templates', payload);
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().status, 'error');
      assert.match(res.json().message, message);
    }
    const notJson = await api.call('POST', '/api/dts/templates', '"just a string"');
    assert.equal(notJson.statusCode, 400);
    assert.deepEqual(api.files(), before);
  });

  test('path traversal through type, id, platform, language or templateFile is refused', async (t) => {
    const api = await dtsApi(t, {});
    const before = api.files();
    for (const fields of [
      { id: '../../../etc/cron.d/x' },
      { type: '../monster' },
      { id: 'a/b' },
      { id: 'a\\b' },
      { language: '..' },
      { language: 'en\u0000' },
      { platform: '../discord' },
      { template: undefined, templateFile: '../../etc/passwd' },
      { template: undefined, templateFile: '/etc/passwd' },
    ]) {
      const res = await api.call('POST', '/api/dts/templates', [entry(fields)]);
      assert.equal(res.statusCode, 400, `${JSON.stringify(fields)}: ${res.body}`);
    }
    assert.deepEqual(api.files(), before);
  });

  test("409 when the template's own file holds other templates", async (t) => {
    const api = await dtsApi(t, { 'config/dts/monster-1-discord-en.toml': '[[entry]]\nid = "2"\ntype = "monster"\nplatform = "discord"\nlanguage = "en"\ntemplate = "two"\n' });
    const res = await api.call('POST', '/api/dts/templates', [entry()]);
    assert.equal(res.statusCode, 409);
    assert.match(res.json().message, /also holds other templates/);
  });

  test('templateFile from outside the template folder, through a symbolic link, or of a binary file → 400 naming the entry and why, quoting no byte of the file; nothing is written', async (t) => {
    const secret = 'api_secret = "TOP-SECRET-42"';
    const api = await dtsApi(t, {
      'config/config.toml': secret,
      'config/dts.json': [entry()],
      'config/dts/broken.hbs': `${secret}\n{{#if x}}`,
    });
    symlinkSync('../config.toml', join(api.tree.root, 'config/dts/leak.txt'));
    writeFileSync(join(api.tree.root, 'config/dts/image.png'), Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), Buffer.from(secret)]));
    const before = api.files();
    const cases: [string, RegExp][] = [
      ['config.toml', /^entry 1: templateFile "config\.toml" not found in the template folder config\/dts\//],
      ['../config.toml', /^entry 1: templateFile "\.\.\/config\.toml" refused: it has a "\.\." segment; template files are read only from the template folder config\/dts\//],
      ['/etc/passwd', /^entry 1: templateFile "\/etc\/passwd" refused: it is an absolute path/],
      ['C:\\lookout\\config\\config.toml', /^entry 1: templateFile ".*" refused: it is an absolute path/],
      ['dts/../../x', /^entry 1: templateFile "dts\/\.\.\/\.\.\/x" refused: it has a "\.\." segment/],
      ['leak.txt', /^entry 1: templateFile "leak\.txt" refused: it leads outside the folder \(a symbolic link\)/],
      ['image.png', /^entry 1: templateFile "image\.png" refused: it is not a UTF-8 text file/],
      ['broken.hbs', /^monster\/2\/discord\/en \(request body entry 1\): templateFile "broken\.hbs": broken Handlebars \(parse error on line 2: Expecting /],
    ];
    for (const [templateFile, message] of cases) {
      const res = await api.call('POST', '/api/dts/templates', [entry({ id: 3 }), entry({ id: 2, template: undefined, templateFile })]);
      assert.equal(res.statusCode, 400, `${templateFile}: ${res.body}`);
      assert.match(res.json().message, message);
      assert.doesNotMatch(res.body, /TOP-SECRET|PNG|\\u0000/, templateFile);
    }
    assert.deepEqual(api.files(), before);
    assert.deepEqual(api.render({ view: {} }), { content: 'x' }, 'the templates in use are unchanged');
  });

  test('a templateFile in the template folder is saved as a reference and renders', async (t) => {
    const api = await dtsApi(t, { 'config/dts/bodies/monster.hbs': '{"content": "from file {{name}}"}' });
    const res = await api.call('POST', '/api/dts/templates', [entry({ template: undefined, templateFile: 'bodies/monster.hbs' })]);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(api.read('config/dts/monster-1-discord-en.toml'), /templateFile = "bodies\/monster.hbs"/);
    assert.deepEqual(api.render({ view: { name: 'Ditto' } }), { content: 'from file Ditto' });
  });
});

describe('GET|POST /api/dts/reload', () => {
  test('reloads from disk; a broken file → 422 with the problems and the previous set still renders', async (t) => {
    const api = await dtsApi(t, { 'config/dts.json': [entry({ template: 'v1 {{name}}' })] });
    api.tree.write('config/dts.json', [entry({ template: 'v2 {{name}}' })]);
    const ok = await api.call('GET', '/api/dts/reload');
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json(), { status: 'ok', entries: 2 });
    assert.deepEqual(api.render({ view: { name: 'Mew' } }), { content: 'v2 Mew' });

    api.tree.write('config/dts.json', [entry({ template: 'v3 {{name}}' })]);
    api.tree.write('config/dts/x.toml', '[[entry]]\nid = "4"\ntype = "monster"\ntemplate = "fine"\n\n[[entry]]\nid = "5"\ntype = "monster"\ntemplate = "{{#if broken}}"\n');
    const broken = await api.call('POST', '/api/dts/reload');
    assert.equal(broken.statusCode, 422);
    const body = broken.json();
    assert.equal(body.status, 'error');
    assert.match(body.message, /1 problem; the previous templates stay in use/);
    assert.equal(body.problems.length, 1);
    assert.match(body.problems[0], /^config\/dts\/x\.toml entry 1: /);
    assert.deepEqual(api.render({ view: { name: 'Mew' } }), { content: 'v2 Mew' });
  });

  test('without the API secret: 401, nothing written', async (t) => {
    const api = await dtsApi(t, {});
    const before = api.files();
    const res = await api.call('POST', '/api/dts/templates', [entry()], null);
    assert.equal(res.statusCode, 401);
    assert.deepEqual(api.files(), before);
  });
});

describe('a renderer other than the DTS engine', () => {
  test('both routes answer 503', async (t) => {
    const app = await createHttpServer(
      { ipWhitelist: [], ipBlacklist: [], apiSecret: SECRET, bodyLimitBytes: 1024, log },
      [],
      [dtsApiRoutes({ renderer: { render: () => ({ platform: 'discord', body: {} }) }, rootDir: '/nonexistent', log })],
    );
    t.after(() => app.close());
    for (const [method, url] of [['POST', '/api/dts/templates'], ['GET', '/api/dts/reload'], ['POST', '/api/dts/reload']] as const) {
      const res = await app.inject({ method, url, headers: { 'x-service-secret': SECRET } });
      assert.equal(res.statusCode, 503);
      assert.deepEqual(res.json(), { status: 'error', message: 'templates are not managed by the DTS engine' });
    }
    const noSecret = await app.inject({ method: 'GET', url: '/api/dts/reload' });
    assert.equal(noSecret.statusCode, 401);
  });
});
