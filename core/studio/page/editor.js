// @ts-check
/**
 * The template editor: a textarea (no wrapping, so one text line is one row) with a gutter of line numbers, a
 * marked line and column for the last error, and a completion list of variables that opens after `{{`
 * (arrows choose, Enter or Tab insert, Escape closes). Tab without the list inserts two spaces.
 */
import { completionContext, matchingVariables } from './completion.js';
import { h } from './dom.js';

/**
 * @typedef {object} EditorOptions
 * @property {() => void} onInput called after every change the operator makes
 * @property {() => readonly string[]} variables the names offered after `{{`
 */

/**
 * @param {HTMLElement} container
 * @param {EditorOptions} options
 */
export function createEditor(container, options) {
  const gutter = h('div.gutter', { 'aria-hidden': 'true' });
  const gutterLines = h('div.gutter-lines');
  gutter.append(gutterLines);
  const lineMark = h('div.line-mark', { hidden: true });
  const columnMark = h('div.column-mark', { hidden: true });
  const textarea = /** @type {HTMLTextAreaElement} */ (
    h('textarea.code-input', { id: 'template', wrap: 'off', spellcheck: 'false', autocapitalize: 'off', autocomplete: 'off', 'aria-label': 'Template' })
  );
  const list = /** @type {HTMLUListElement} */ (h('ul.completion', { role: 'listbox', id: 'completion', hidden: true }));
  const code = h('div.code', null, lineMark, columnMark, textarea, list);
  const measure = h('span.measure', { 'aria-hidden': 'true' }, 'M'.repeat(80));
  container.append(gutter, code, measure);

  /** @type {{ line: number, column: number | null } | null} */
  let mark = null;
  let lineCount = 0;
  /** @type {string[]} */
  let choices = [];
  let chosen = 0;
  /** true while the editor writes text itself (an accepted completion must not reopen the list) */
  let inserting = false;

  const metrics = () => {
    const style = getComputedStyle(textarea);
    return {
      lineHeight: parseFloat(style.lineHeight) || 20,
      charWidth: measure.getBoundingClientRect().width / 80 || 8,
      top: parseFloat(style.paddingTop) || 0,
      left: parseFloat(style.paddingLeft) || 0,
    };
  };

  function renderGutter() {
    const count = textarea.value.split('\n').length;
    if (count !== lineCount) {
      lineCount = count;
      gutterLines.replaceChildren(...Array.from({ length: count }, (_, i) => h('div', null, String(i + 1))));
    }
    for (const el of gutterLines.querySelectorAll('.marked')) el.classList.remove('marked');
    if (mark) gutterLines.children[mark.line - 1]?.classList.add('marked');
    place();
  }

  /** keeps the gutter and the marks in step with the textarea's scrolling */
  function place() {
    gutterLines.style.transform = `translateY(${-textarea.scrollTop}px)`;
    const m = metrics();
    lineMark.hidden = mark === null;
    columnMark.hidden = mark === null || mark.column === null;
    if (!mark) return;
    lineMark.style.top = `${m.top + (mark.line - 1) * m.lineHeight - textarea.scrollTop}px`;
    lineMark.style.height = `${m.lineHeight}px`;
    if (mark.column !== null) {
      columnMark.style.top = `${m.top + mark.line * m.lineHeight - textarea.scrollTop - 3}px`;
      columnMark.style.left = `${m.left + (mark.column - 1) * m.charWidth - textarea.scrollLeft}px`;
      columnMark.style.width = `${m.charWidth}px`;
    }
  }

  function closeList() {
    list.hidden = true;
    choices = [];
    textarea.removeAttribute('aria-activedescendant');
  }

  function showChoice() {
    for (const [i, item] of [...list.children].entries()) {
      item.classList.toggle('chosen', i === chosen);
      item.setAttribute('aria-selected', String(i === chosen));
      if (i === chosen) {
        textarea.setAttribute('aria-activedescendant', item.id);
        item.scrollIntoView({ block: 'nearest' });
      }
    }
  }

  function openList() {
    const context = completionContext(textarea.value, textarea.selectionStart);
    if (!context || textarea.selectionStart !== textarea.selectionEnd) return closeList();
    choices = matchingVariables(options.variables(), context.prefix);
    if (choices.length === 0) return closeList();
    chosen = 0;
    list.replaceChildren(
      ...choices.map((name, i) => {
        const item = h('li', { role: 'option', id: `completion-${i}` }, name);
        item.addEventListener('mousedown', (event) => {
          event.preventDefault();
          chosen = i;
          accept();
        });
        return item;
      }),
    );
    const before = textarea.value.slice(0, context.start);
    const line = before.split('\n').length;
    const column = context.start - (before.lastIndexOf('\n') + 1);
    const m = metrics();
    list.style.top = `${m.top + line * m.lineHeight - textarea.scrollTop + 2}px`;
    list.style.left = `${Math.max(0, m.left + column * m.charWidth - textarea.scrollLeft - 4)}px`;
    list.hidden = false;
    showChoice();
  }

  /**
   * Replaces start…end with `text` as typing would (the browser's undo keeps it).
   * @param {number} start
   * @param {number} end
   * @param {string} text
   */
  function replaceRange(start, end, text) {
    textarea.focus();
    textarea.setSelectionRange(start, end);
    inserting = true;
    try {
      if (!document.execCommand('insertText', false, text)) {
        textarea.setRangeText(text, start, end, 'end');
        textarea.dispatchEvent(new Event('input', { bubbles: true }));
      }
    } finally {
      inserting = false;
    }
  }

  function accept() {
    const name = choices[chosen];
    const context = completionContext(textarea.value, textarea.selectionStart);
    closeList();
    if (name === undefined || !context) return;
    replaceRange(context.start, context.end, name + context.close);
  }

  textarea.addEventListener('input', () => {
    renderGutter();
    options.onInput();
    if (inserting) closeList();
    else openList();
  });
  textarea.addEventListener('scroll', () => {
    place();
    if (!list.hidden) openList();
  });
  textarea.addEventListener('blur', closeList);
  textarea.addEventListener('click', closeList);
  textarea.addEventListener('keydown', (event) => {
    if (!list.hidden && choices.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        chosen = (chosen + (event.key === 'ArrowDown' ? 1 : choices.length - 1)) % choices.length;
        return showChoice();
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        return accept();
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        return closeList();
      }
    }
    if (event.key === 'Tab' && !event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey) {
      event.preventDefault();
      replaceRange(textarea.selectionStart, textarea.selectionEnd, '  ');
    }
  });

  renderGutter();

  return {
    textarea,
    get value() {
      return textarea.value;
    },
    /** replaces the whole text (not an edit: no input event, the undo history starts again) */
    set value(text) {
      closeList();
      textarea.value = text;
      textarea.scrollTop = 0;
      textarea.scrollLeft = 0;
      renderGutter();
    },
    /**
     * Marks a line (from 1) and optionally a column (from 1); null clears the mark.
     * @param {number | null} line
     * @param {number | null} [column]
     */
    markLine(line, column = null) {
      mark = line === null ? null : { line: Math.max(1, Math.min(line, lineCount)), column };
      renderGutter();
    },
    /**
     * Writes `text` at the caret (replacing the selection), as typing would.
     * @param {string} text
     */
    insert(text) {
      replaceRange(textarea.selectionStart, textarea.selectionEnd, text);
    },
    /** @param {boolean} readOnly */
    setReadOnly(readOnly) {
      textarea.readOnly = readOnly;
    },
  };
}

/** @typedef {ReturnType<typeof createEditor>} Editor */
