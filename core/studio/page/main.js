// @ts-check
/**
 * The template studio page: wires the entry list, the editor, the variables panel, the data source picker and
 * the preview together, and saves (POST /api/dts/templates) and reloads (POST /api/dts/reload) templates.
 * The entry being edited is named in the address (#type/platform/language/id), so a reload of the page returns
 * to it.
 */
import { createApi, forgetSecret } from './api.js';
import { h } from './dom.js';
import { createEditor } from './editor.js';
import { drawEntryList, entryKey, entryName, listedEntries } from './entries.js';
import { createPreview, describeProblem } from './preview.js';
import { secretPrompt } from './secret.js';
import { createSources } from './sources.js';
import { editorTextOf, templateOf } from './template-text.js';
import { createVariablesPanel } from './variables.js';

/** @typedef {import('./entries.js').ListedEntry} ListedEntry */

/**
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return /** @type {T} */ (element);
}

const RENDER_DELAY_MS = 300;
const NEW_TEMPLATE = '{\n  "content": ""\n}\n';

const form = {
  type: /** @type {HTMLInputElement} */ (byId('f-type')),
  platform: /** @type {HTMLSelectElement} */ (byId('f-platform')),
  language: /** @type {HTMLInputElement} */ (byId('f-language')),
  id: /** @type {HTMLInputElement} */ (byId('f-id')),
  default: /** @type {HTMLInputElement} */ (byId('f-default')),
  mode: /** @type {HTMLSelectElement} */ (byId('f-mode')),
  description: /** @type {HTMLInputElement} */ (byId('f-description')),
};
const statusLine = byId('status');
const problemBar = byId('problem');
const dirtyMark = byId('dirty');
const title = byId('entry-title');
const fileNote = byId('file-note');
const entryList = byId('entries');
const entryFilter = /** @type {HTMLInputElement} */ (byId('entry-filter'));

const api = createApi(secretPrompt(/** @type {HTMLDialogElement} */ (byId('secret-dialog'))));

const state = {
  /** @type {ListedEntry[]} */
  entries: [],
  /** the listed entry in the editor; null for a new one */
  /** @type {ListedEntry | null} */
  selected: null,
  dirty: false,
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  timer: undefined,
};

/**
 * @param {string} text
 * @param {'info' | 'error'} [kind]
 */
function setStatus(text, kind = 'info') {
  statusLine.textContent = text;
  statusLine.classList.toggle('error', kind === 'error');
}

/**
 * @param {import('./template-text.js').Problem | null} problem
 * @param {readonly string[]} [details]
 */
function showProblem(problem, details = []) {
  problemBar.hidden = problem === null;
  problemBar.replaceChildren();
  if (problem) {
    problemBar.append(h('div', null, describeProblem(problem)));
    if (details.length > 0) problemBar.append(h('ul', null, ...details.map((d) => h('li', null, d))));
  }
  editor.markLine(problem?.line ?? null, problem?.column ?? null);
}

/** @param {boolean} dirty */
function setDirty(dirty) {
  state.dirty = dirty;
  dirtyMark.hidden = !dirty;
}

const editor = createEditor(byId('editor'), {
  onInput: () => {
    setDirty(true);
    scheduleRender();
  },
  variables: () => variables.names(),
});

const variables = createVariablesPanel({
  list: byId('variables'),
  filter: /** @type {HTMLInputElement} */ (byId('variable-filter')),
  heading: byId('variables-type'),
  api,
  pick: (name) => editor.insert(`{{${name}}}`),
});

const sources = createSources({ select: /** @type {HTMLSelectElement} */ (byId('source')), api, changed: () => scheduleRender(0) });

/** the key fields, locked while a templateFile entry is edited (its save writes the file only) */
const keyFields = [form.type, form.platform, form.language, form.id, form.default, form.description];

const preview = createPreview(api, {
  discord: { view: byId('discord-preview'), state: byId('discord-state'), raw: byId('discord-raw') },
  telegram: { view: byId('telegram-preview'), state: byId('telegram-state'), raw: byId('telegram-raw') },
});

/** the entry's key fields as in the form */
function formKey() {
  return { type: form.type.value.trim(), platform: form.platform.value, language: form.language.value.trim(), id: form.id.value.trim() };
}

function mode() {
  return form.mode.value === 'text' ? 'text' : 'object';
}

function drawList() {
  drawEntryList(entryList, state.entries, entryFilter.value, state.selected ? entryKey(state.selected) : null, (entry) => void openEntry(entry));
}

function drawTitle() {
  const key = formKey();
  title.textContent = key.type ? entryName(key) : 'new entry';
  const types = [...new Set(state.entries.map((e) => e.type))].sort();
  byId('known-types').replaceChildren(...types.map((type) => h('option', { value: type })));
}

/** @param {number} [delay] */
function scheduleRender(delay = RENDER_DELAY_MS) {
  clearTimeout(state.timer);
  state.timer = setTimeout(() => void renderNow(), delay);
}

async function renderNow() {
  const key = formKey();
  if (!key.type) return showProblem({ message: 'give the entry a type to preview it' });
  try {
    const buttons = Array.isArray(state.selected?.buttons) ? state.selected.buttons : undefined;
    const outcome = await preview.render({ ...key, template: templateOf(editor.value, mode()), buttons, source: sources.current() });
    if (!outcome) return;
    showProblem(outcome.problem);
    if (outcome.variables) variables.setValues(outcome.variables);
  } catch (err) {
    setStatus(`preview failed: ${/** @type {Error} */ (err).message}`, 'error');
  }
}

/** the type whose variables and test data are loaded */
let loadedType = '';

/** loads what depends on the type when it changed */
async function typeChanged() {
  const type = form.type.value.trim();
  if (type === loadedType) return;
  loadedType = type;
  sources.setType(type);
  await variables.load(type);
}

/** @param {ListedEntry | null} entry */
const writesItsFile = (entry) => Boolean(entry?.templateFile) && entry?.readonly !== true;

/** @param {ListedEntry | null} entry */
function noteFor(entry) {
  if (!entry) return 'A new entry: saving writes it to config/dts/ (a file of its own).';
  if (writesItsFile(entry)) return `This entry's body is the file config/dts/${entry.templateFile}: saving writes that file (a backup is kept). Its other fields are edited in ${entry.file ?? 'its DTS file'}.`;
  if (entry.readonly) return `A bundled template (${entry.file ?? 'fallbacks'}): saving writes your copy to config/dts/, which then replaces it.`;
  return entry.file ? `From ${entry.file}; saving writes it to config/dts/ (a backup is kept).` : '';
}

/** @param {string} [question] */
function mayDiscard(question = 'Discard the unsaved changes of this template?') {
  return !state.dirty || confirm(question);
}

/**
 * Puts an entry (or a new one) into the form and the editor.
 * @param {ListedEntry | null} entry
 */
async function load(entry) {
  state.selected = entry;
  const body = entry ? editorTextOf(entry) : { text: NEW_TEMPLATE, mode: /** @type {const} */ ('object') };
  form.type.value = entry?.type ?? (form.type.value.trim() || 'monster');
  form.platform.value = entry ? entry.platform : form.platform.value;
  form.language.value = entry ? entry.language : form.language.value;
  form.id.value = entry?.id ?? '';
  form.default.checked = entry?.default === true;
  form.description.value = typeof entry?.description === 'string' ? entry.description : '';
  form.mode.value = body.mode;
  editor.value = body.text;
  fileNote.textContent = noteFor(entry);
  fileNote.hidden = fileNote.textContent === '';
  for (const field of keyFields) field.disabled = writesItsFile(entry);
  setDirty(entry === null);
  showProblem(null);
  drawTitle();
  drawList();
  history.replaceState(null, '', entry ? `#${entryKey(entry)}` : '#new');
  await typeChanged();
  scheduleRender(0);
}

/** @param {ListedEntry} entry */
async function openEntry(entry) {
  if (state.selected && entryKey(state.selected) === entryKey(entry)) return;
  if (!mayDiscard()) return;
  await load(entry);
}

async function fetchEntries() {
  const answer = await api.get('/dts/templates');
  if (!answer.ok) {
    setStatus(`templates not listed: ${answer.body?.message ?? answer.status}`, 'error');
    return false;
  }
  state.entries = listedEntries(answer.body);
  drawList();
  drawTitle();
  return true;
}

/**
 * The listed entry with this key.
 * @param {{ type: string, platform: string, language: string, id: string }} key
 */
function findEntry(key) {
  const wanted = entryKey(key);
  return state.entries.find((entry) => entryKey(entry) === wanted) ?? null;
}

/** the entry named in the address (`#type/platform/language/id`), if listed */
function entryInAddress() {
  const wanted = location.hash.slice(1).toLowerCase();
  return state.entries.find((entry) => entryKey(entry).toLowerCase() === wanted) ?? null;
}

/** what the listing adds to an entry or the form edits: not sent back as they are */
const NOT_KEPT = ['type', 'platform', 'language', 'id', 'default', 'description', 'template', 'templateFile', 'templateFileContent', 'readonly', 'file'];

/** the fields of the listed entry the form does not edit (`name`, `buttons`…), kept when saving */
function keptFields() {
  /** @type {Record<string, unknown>} */
  const kept = { ...(state.selected ?? {}) };
  for (const key of NOT_KEPT) delete kept[key];
  return kept;
}

/**
 * Writes the editor's text: into the entry's templateFile, or as the entry's template.
 * @param {string} template
 * @returns {Promise<{ answer: import('./api.js').ApiAnswer, done: string }>}
 */
async function write(template) {
  const selected = state.selected;
  if (selected && writesItsFile(selected)) {
    const query = new URLSearchParams({ type: selected.type, platform: selected.platform, language: selected.language, id: selected.id });
    const answer = await api.put(`/dts/templates/file?${query}`, { content: editor.value });
    const backup = answer.body?.backup ? `; backup ${answer.body.backup}` : '';
    return { answer, done: `saved to ${answer.body?.file ?? selected.templateFile}${backup}` };
  }
  const description = form.description.value.trim();
  const entry = { ...keptFields(), ...formKey(), default: form.default.checked, ...(description ? { description } : {}), template };
  const answer = await api.post('/dts/templates', entry);
  const saved = answer.body ?? {};
  const files = Array.isArray(saved.saved) ? saved.saved.map((/** @type {{ file?: string }} */ s) => s.file).join(', ') : '';
  const backups = Array.isArray(saved.backups) && saved.backups.length > 0 ? `; backup ${saved.backups.join(', ')}` : '';
  return { answer, done: `saved to ${files || 'config/dts/'}${backups}` };
}

async function save() {
  const key = formKey();
  if (!key.type || !key.id) {
    showProblem({ message: 'the entry needs a type and an id to be saved' });
    return;
  }
  const parsed = templateOf(editor.value, mode());
  if (!parsed.ok) {
    showProblem(parsed);
    setStatus('not saved: the template has an error', 'error');
    return;
  }
  setStatus('saving…');
  const { answer, done } = await write(parsed.template);
  if (!answer.ok) {
    setStatus('not saved', 'error');
    showProblem({ message: answer.body?.message ?? `the service answered ${answer.status}` });
    return;
  }
  setStatus(done);
  setDirty(false);
  await fetchEntries();
  state.selected = findEntry(key) ?? state.selected;
  fileNote.textContent = noteFor(state.selected);
  drawList();
  const reloaded = answer.body?.reload;
  if (reloaded && reloaded.ok === false) {
    showProblem({ message: 'saved, but the templates did not reload; the previous ones stay in use' }, Array.isArray(reloaded.problems) ? reloaded.problems : []);
  }
  scheduleRender(0);
}

async function reload() {
  setStatus('reloading…');
  const answer = await api.post('/dts/reload', {});
  if (!answer.ok) {
    setStatus('not reloaded', 'error');
    showProblem({ message: answer.body?.message ?? `the service answered ${answer.status}` }, Array.isArray(answer.body?.problems) ? answer.body.problems : []);
    return;
  }
  setStatus(`reloaded: ${answer.body?.entries ?? '?'} entries`);
  await fetchEntries();
  // the operator agreed to lose unsaved changes: the entry is shown as the files now have it
  const current = state.selected ? findEntry(state.selected) : null;
  if (current) await load(current);
  else scheduleRender(0);
}

// the form: any change is an edit; a new type brings its variables and test data
for (const field of Object.values(form)) {
  field.addEventListener('input', () => {
    setDirty(true);
    drawTitle();
    scheduleRender();
  });
}
form.type.addEventListener('change', () => void typeChanged().then(() => scheduleRender(0)));
byId('entry-form').addEventListener('submit', (event) => event.preventDefault());

entryFilter.addEventListener('input', drawList);
byId('new-entry').addEventListener('click', () => {
  if (mayDiscard()) void load(null).then(() => form.id.focus());
});
byId('save').addEventListener('click', () => void save());
byId('reload').addEventListener('click', () => {
  if (mayDiscard('Reloading the files replaces the unsaved changes of this template. Reload?')) void reload();
});
byId('refresh-sources').addEventListener('click', () => {
  void sources.load().then(() => scheduleRender(0));
});
byId('forget-secret').addEventListener('click', () => {
  forgetSecret();
  location.reload();
});
document.addEventListener('keydown', (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
    event.preventDefault();
    void save();
  }
});
window.addEventListener('beforeunload', (event) => {
  if (state.dirty) event.preventDefault();
});

async function start() {
  if (!(await fetchEntries())) return;
  await sources.load();
  const first = entryInAddress() ?? state.entries.find((entry) => entry.type === 'monster') ?? state.entries[0] ?? null;
  await load(first);
  setStatus(`${state.entries.length} templates loaded`);
}

void start();
