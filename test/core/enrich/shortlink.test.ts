import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bodyHasMarker, markedUrls, replaceMarked, shortenBody } from '../../../core/enrich/shortlink/marker.ts';
import { createShortener } from '../../../core/enrich/shortlink/shortener.ts';
import { captureLog, type CapturedLog } from '../../helpers/log-capture.ts';
import { configWith } from './fixtures.ts';
import { fakeServer } from './fake-server.ts';

const LONG_A = 'https://www.google.com/maps/search/?api=1&query=51.5,-0.12';
const LONG_B = 'https://maps.apple.com/?daddr=51.5,-0.12';

function shortenerFor(general: Record<string, unknown>, captured: CapturedLog = captureLog()) {
  return createShortener(configWith({ general }).general, { fetch, log: captured.log, now: Date.now });
}

describe('shortlink markers', () => {
  test('marked URLs are found once each and replaced; the markers go away', () => {
    const text = `[Map](<S<${LONG_A}>S>) or <S< ${LONG_B} >S> and again <S<${LONG_A}>S>`;
    assert.deepEqual(markedUrls(text), [LONG_A, LONG_B]);
    assert.equal(replaceMarked(text, new Map([[LONG_A, 'https://s/1']])), `[Map](https://s/1) or ${LONG_B} and again https://s/1`);
  });

  test('bodies are walked: only strings with a marker change', async () => {
    const body = { embed: { title: 'plain', fields: [{ value: `<S<${LONG_A}>S>` }], color: 3 }, content: 'x' };
    assert.equal(bodyHasMarker(body), true);
    assert.equal(bodyHasMarker({ embed: { title: 'plain' }, n: 1 }), false);
    const out = await shortenBody(body, async (t) => t.replace(/<S<(.*?)>S>/g, 'SHORT'));
    assert.deepEqual(out, { embed: { title: 'plain', fields: [{ value: 'SHORT' }], color: 3 }, content: 'x' });
    assert.equal(body.embed.fields[0]!.value, `<S<${LONG_A}>S>`);
  });
});

describe('shortlink providers', () => {
  test('hideuri: form POST, result_url used, each URL asked once', async (t) => {
    const server = await fakeServer((req) => ({ body: { result_url: `https://hideuri.com/${new URLSearchParams(req.body).get('url') === LONG_A ? 'aaa' : 'bbb'}` } }));
    t.after(() => server.close());
    const shortener = shortenerFor({ shortlink_provider: 'hideuri', shortlink_provider_url: `${server.url}/api/v1/shorten` });
    const text = await shortener.shortenMarked(`<S<${LONG_A}>S> <S<${LONG_B}>S>`);
    assert.equal(text, 'https://hideuri.com/aaa https://hideuri.com/bbb');
    assert.equal(await shortener.shortenMarked(`again <S<${LONG_A}>S>`), 'again https://hideuri.com/aaa');
    assert.equal(server.requests.length, 2);
    assert.equal(server.requests[0]!.method, 'POST');
    assert.equal(server.requests[0]!.path, '/api/v1/shorten');
    assert.match(String(server.requests[0]!.headers['content-type']), /x-www-form-urlencoded/);
  });

  test('shlink: JSON POST with the API key and domain', async (t) => {
    const server = await fakeServer(() => ({ body: { shortUrl: 'https://s.example/xyz' } }));
    t.after(() => server.close());
    const shortener = shortenerFor({ shortlink_provider: 'shlink', shortlink_provider_url: server.url, shortlink_provider_key: 'secret', shortlink_provider_domain: 's.example' });
    assert.equal(await shortener.shortenMarked(`go <S<${LONG_A}>S>`), 'go https://s.example/xyz');
    const req = server.requests[0]!;
    assert.equal(req.path, '/rest/v2/short-urls');
    assert.equal(req.headers['x-api-key'], 'secret');
    assert.deepEqual(JSON.parse(req.body), { longUrl: LONG_A, findIfExists: true, domain: 's.example' });
  });

  test('yourls: GET with the signature; a URL it already knows still gives its short link', async (t) => {
    let first = true;
    const server = await fakeServer(() => {
      const reply = first ? { body: { status: 'success', shorturl: 'https://y.example/1' } } : { status: 400, body: { status: 'fail', message: 'already exists', shorturl: 'https://y.example/2' } };
      first = false;
      return reply;
    });
    t.after(() => server.close());
    const shortener = shortenerFor({ shortlink_provider: 'yourls', shortlink_provider_url: `${server.url}/`, shortlink_provider_key: 'sig' });
    assert.equal(await shortener.shortenMarked(`<S<${LONG_A}>S>`), 'https://y.example/1');
    assert.equal(await shortener.shortenMarked(`<S<${LONG_B}>S>`), 'https://y.example/2');
    const req = server.requests[0]!;
    assert.equal(req.path, '/yourls-api.php');
    assert.equal(req.query.get('signature'), 'sig');
    assert.equal(req.query.get('action'), 'shorturl');
    assert.equal(req.query.get('format'), 'json');
    assert.equal(req.query.get('url'), LONG_A);
  });

  test('a provider without its URL or key is not configured: markers go, long URLs stay', async () => {
    const shortener = shortenerFor({ shortlink_provider: 'shlink', shortlink_provider_url: '', shortlink_provider_key: '' });
    assert.equal(await shortener.shortenMarked(`[Map](<S<${LONG_A}>S>)`), `[Map](${LONG_A})`);
    assert.equal(await shortener.shortenMarked('no marker'), 'no marker');
  });

  test('a failing provider keeps the long URL, warned once per burst', async (t) => {
    const server = await fakeServer(() => ({ status: 502, body: 'bad gateway' }));
    t.after(() => server.close());
    const captured = captureLog();
    const shortener = shortenerFor({ shortlink_provider: 'shlink', shortlink_provider_url: server.url, shortlink_provider_key: 'k' }, captured);
    assert.equal(await shortener.shortenMarked(`<S<${LONG_A}>S>`), LONG_A);
    assert.equal(await shortener.shortenMarked(`<S<${LONG_B}>S>`), LONG_B);
    assert.equal(captured.lines.filter((l) => l.level === 'warn').length, 1);
  });
});
