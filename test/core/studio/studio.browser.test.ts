/**
 * The template studio in a real browser: headless Chromium (Debian's `chromium`, driven by playwright-core)
 * against the running service with the real plugins, test data and render API. Enters the secret (a wrong one
 * first), picks an entry and a test webhook, types into the editor and sees the Discord and Telegram previews
 * follow, completes a variable after `{{`, gets a template error with its line and column marked, saves (the file
 * is written, with a backup) and reloads. Skipped where /usr/bin/chromium is not installed.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { openTestDatabase } from '../../helpers/databases.ts';
import { fixtureGameData } from '../../plugins/monster/support.ts';
import { e2e, type E2E } from '../../e2e/harness.ts';
import { until } from '../../e2e/wait.ts';

const CHROMIUM = '/usr/bin/chromium';
const SECRET = 'studio-secret';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const ENTRIES = [
  { type: 'monster', platform: 'discord', language: 'en', id: 'studio', template: { embed: { title: 'Seen {{name}}', description: 'IV {{iv}}%', color: '#00ff00' } } },
  { type: 'monster', platform: 'telegram', language: 'en', id: 'studio', template: { content: '*{{name}}* at {{latitude}}' } },
];

interface Rendered {
  readonly embed?: { readonly title?: string };
  readonly content?: string;
}

/** What the render API answers for a request (the page must show the same). */
async function rendered(s: E2E, body: Record<string, unknown>): Promise<Rendered> {
  const res = await fetch(`${s.baseUrl}/api/dts/render`, { method: 'POST', headers: { 'x-service-secret': SECRET, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await res.json()) as { status: string; message: Rendered };
  assert.equal(res.status, 200, JSON.stringify(answer));
  return answer.message;
}

const text = async (page: Page, selector: string): Promise<string> => ((await page.locator(selector).count()) > 0 ? ((await page.locator(selector).first().textContent()) ?? '') : '');

/** Puts the caret right after `marker` in the editor (its first occurrence). */
async function caretAfter(page: Page, marker: string): Promise<void> {
  // runs in the page: the element is the editor's textarea
  type TextArea = { value: string; focus(): void; setSelectionRange(start: number, end: number): void };
  const found = await page.locator('#template').evaluate((el, m) => {
    const area = el as unknown as TextArea;
    const at = area.value.indexOf(m);
    if (at < 0) return false;
    area.focus();
    area.setSelectionRange(at + m.length, at + m.length);
    return true;
  }, marker);
  assert.ok(found, `"${marker}" is in the editor`);
}

const editorText = (page: Page): Promise<string> => page.locator('#template').inputValue();

describe('template studio in Chromium', () => {
  test('secret, entry, test data, live preview, completion, error position, save and reload', { skip: existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed (Debian package chromium)` }, async (t) => {
    const db = await openTestDatabase('sqlite', { migrate: true });
    const s = await e2e(db, { gameData: await fixtureGameData(), chat: true, config: { processor: { host: '127.0.0.1', port: 0, api_secret: SECRET } } });
    mkdirSync(join(s.rootDir, 'config'), { recursive: true });
    writeFileSync(join(s.rootDir, 'config', 'dts.json'), JSON.stringify(ENTRIES, null, 2));
    const profile = mkdtempSync(join(tmpdir(), 'lookout-chromium-'));
    let browser: BrowserContext | undefined;
    t.after(async () => {
      await browser?.close();
      await s.stop();
      await db.cleanup();
      rmSync(profile, { recursive: true, force: true });
    });
    await s.start();

    // a fresh profile (user data dir) each run
    browser = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport: { width: 1500, height: 900 } });
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));

    // the secret: a wrong one is refused and asked for again, with the service's reason
    await page.goto(`${s.baseUrl}/studio`);
    assert.equal(new URL(page.url()).pathname, '/studio/');
    await page.locator('#secret-input').fill('not-the-secret');
    await page.locator('#secret-submit').click();
    await until(async () => (await text(page, '#secret-reason')).includes('incorrect api secret'), 'the refusal shown in the prompt');
    await page.locator('#secret-input').fill(SECRET);
    await page.locator('#secret-submit').click();
    await page.locator('#secret-dialog').waitFor({ state: 'hidden' });

    // the entry, picked from the list
    await page.locator('#entry-filter').fill('studio');
    await page.locator('button.entry[data-key="monster/discord/en/studio"]').click();
    await until(async () => (await page.locator('#template').inputValue()).includes('Seen {{name}}'), 'the entry in the editor');
    assert.equal(await page.locator('#f-platform').inputValue(), 'discord');
    await until(async () => (await page.locator('#variables code').allTextContents()).includes('iv'), 'the variables of monster listed');

    // a test webhook from the picker: both panes show what the service renders with it
    const test = { kind: 'creature', test: 'great1' };
    await page.locator('#source').selectOption(`test:${test.kind}:${test.test}`);
    const discord = await rendered(s, { type: 'monster', platform: 'discord', language: 'en', id: 'studio', test });
    const telegram = await rendered(s, { type: 'monster', platform: 'telegram', language: 'en', id: 'studio', test });
    assert.ok(discord.embed?.title?.startsWith('Seen ') && discord.embed.title.length > 'Seen '.length, JSON.stringify(discord));
    await until(async () => (await text(page, '#discord-preview .dc-embed-title')) === discord.embed?.title, 'the Discord embed title of the test webhook');
    const name = discord.embed!.title!.slice('Seen '.length);
    assert.ok(telegram.content?.startsWith(`*${name}* at `), JSON.stringify(telegram));
    await until(async () => (await text(page, '#telegram-preview .tg-text')) === telegram.content!.replace(/\*/g, ''), 'the Telegram text of the test webhook, its Markdown drawn');
    assert.equal(await text(page, '#telegram-preview .tg-text strong'), name);

    // typing: the Discord preview follows the editor
    await caretAfter(page, 'Seen');
    await page.keyboard.type(' edited');
    await until(async () => (await text(page, '#discord-preview .dc-embed-title')) === `Seen edited ${name}`, 'the typed title in the Discord preview');
    assert.equal(await page.locator('#dirty').isVisible(), true);

    // completion after {{: filtered by what is typed, Enter inserts the name and closes the mustache
    await caretAfter(page, 'Seen edited {{name}}');
    await page.keyboard.type(' {{iv');
    await page.locator('#completion').waitFor({ state: 'visible' });
    const offered = await page.locator('#completion li').allTextContents();
    assert.equal(offered[0], 'iv');
    assert.ok(offered.every((option) => option.toLowerCase().includes('iv')), offered.join(', '));
    await page.keyboard.press('Enter');
    assert.match(await editorText(page), /"title": "Seen edited \{\{name\}\} \{\{iv\}\}"/);
    const withIv = await rendered(s, { type: 'monster', platform: 'discord', language: 'en', id: 'studio', test, template: await editorText(page) });
    assert.match(withIv.embed?.title ?? '', /^Seen edited .+ \d+(\.\d+)?$/);
    await until(async () => (await text(page, '#discord-preview .dc-embed-title')) === withIv.embed?.title, 'the completed variable rendered');

    // a broken template: the error names the line and column of the editor, and that line is marked
    await caretAfter(page, 'IV {{iv}}');
    await page.keyboard.type(' {{#if name}}');
    await until(() => page.locator('#problem').isVisible(), 'the template error');
    const problem = await text(page, '#problem');
    const position = /^Line (\d+), column (\d+)/.exec(problem);
    assert.ok(position, problem);
    const lines = (await editorText(page)).split('\n');
    const descriptionLine = lines.findIndex((line) => line.includes('"description"')) + 1;
    assert.equal(Number(position[1]), descriptionLine, problem);
    assert.ok(Number(position[2]) > lines[descriptionLine - 1]!.indexOf('IV'), problem);
    assert.equal(await page.locator('.gutter-lines > div.marked').textContent(), String(descriptionLine));
    assert.match((await page.locator('#discord-preview').getAttribute('class')) ?? '', /\bstale\b/);

    // JSON the editor cannot read is caught in the page, with its position
    await caretAfter(page, '"color": "#00ff00"');
    await page.keyboard.type(',');
    await until(async () => /not valid JSON/.test(await text(page, '#problem')), 'the JSON error');
    assert.match(await text(page, '#problem'), /^Line \d+, column \d+: not valid JSON: a comma before "\}"/);
    await page.keyboard.press('Backspace');
    await caretAfter(page, ' {{#if name}}');
    for (let i = 0; i < ' {{#if name}}'.length; i++) await page.keyboard.press('Backspace');
    await until(async () => !(await page.locator('#problem').isVisible()), 'the error gone once fixed');
    assert.equal(await page.locator('.gutter-lines > div.marked').count(), 0);

    // save: written to its own file through POST /api/dts/templates, the file it came from backed up
    await page.locator('#save').click();
    await until(async () => /^saved to config\/dts\/monster-studio-discord-en\.toml; backup /.test(await text(page, '#status')), 'the save confirmed');
    const saved = readFileSync(join(s.rootDir, 'config', 'dts', 'monster-studio-discord-en.toml'), 'utf8');
    assert.match(saved, /Seen edited \{\{name\}\} \{\{iv\}\}/);
    assert.doesNotMatch(saved, /#if/);
    assert.ok(readdirSync(join(s.rootDir, 'config', 'backups', 'config')).some((f) => f.startsWith('dts.json.bak.')), 'config/dts.json backed up');
    assert.equal(await page.locator('#dirty').isVisible(), false);

    // the Telegram entry: its preview follows typing, in Markdown; markup Telegram refuses is shown as such
    await page.locator('button.entry[data-key="monster/telegram/en/studio"]').click();
    await until(async () => (await editorText(page)).includes('*{{name}}* at'), 'the Telegram entry in the editor');
    await caretAfter(page, '*{{name}}*');
    await page.keyboard.type(' _shiny_');
    await until(async () => (await text(page, '#telegram-preview .tg-text em')) === 'shiny', 'the typed italic text in the Telegram preview');
    assert.equal(await text(page, '#telegram-state'), 'live');
    await page.keyboard.type(' *open');
    await until(async () => /Telegram refuses this Markdown: can't find the end of the bold entity/.test(await text(page, '#telegram-preview .tg-refused')), 'the refused Markdown explained');

    // reload: after confirming, the files are read again and the entry's saved text replaces the edit
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('#reload').click();
    await until(async () => /^reloaded: \d+ entries$/.test(await text(page, '#status')), 'the reload confirmed');
    assert.match(await editorText(page), /"content": "\*\{\{name\}\}\* at \{\{latitude\}\}"/);
    assert.equal(await page.locator('#dirty').isVisible(), false);
    assert.deepEqual(pageErrors, []);
  });
});
