// @ts-check
/**
 * The two preview panes. Each render asks POST /api/dts/render once per pane: a pane of the edited entry's
 * platform (both for an entry of every platform) renders the editor's template; the other pane renders the
 * loaded template of the same type, id and language for its platform, so both messages of an alert are seen
 * side by side. A newer render cancels the one in flight.
 */
import { drawDiscord } from './discord.js';
import { h, recordOf } from './dom.js';
import { drawTelegram } from './telegram.js';

/** @typedef {'discord' | 'telegram'} PaneName */
/** @typedef {{ view: HTMLElement, state: HTMLElement, raw: HTMLElement }} PaneParts */
/** @typedef {import('./template-text.js').Problem} Problem */

/**
 * @typedef {object} RenderInput
 * @property {string} type
 * @property {string} platform the entry's platform ('' = every platform)
 * @property {string} language
 * @property {string} id
 * @property {import('./template-text.js').ParsedTemplate} template the editor's template
 * @property {unknown[] | undefined} buttons the entry's buttons
 * @property {import('./sources.js').SourceField} source
 */

/**
 * @typedef {object} RenderOutcome
 * @property {Problem | null} problem what is wrong with the editor's template (null when it rendered)
 * @property {Record<string, unknown> | null} variables the variables the render used
 */

export const PANES = /** @type {const} */ (['discord', 'telegram']);

/**
 * @param {unknown} body
 * @returns {Problem}
 */
function problemOf(body) {
  const record = recordOf(body) ?? {};
  const message = typeof record.message === 'string' ? record.message : typeof record.reason === 'string' ? record.reason : 'the template could not be rendered';
  const line = typeof record.line === 'number' ? record.line : undefined;
  const column = typeof record.column === 'number' ? record.column : undefined;
  const path = typeof record.path === 'string' && record.path !== '' ? record.path : undefined;
  return { message, ...(line !== undefined ? { line } : {}), ...(column !== undefined ? { column } : {}), ...(path !== undefined ? { path } : {}) };
}

/** @param {Problem} problem */
export function describeProblem(problem) {
  const where = [
    problem.line !== undefined ? `Line ${problem.line}` : '',
    problem.column !== undefined ? `column ${problem.column}` : '',
    problem.path !== undefined ? `in ${problem.path}` : '',
  ].filter(Boolean);
  return where.length > 0 ? `${where.join(', ')}: ${problem.message}` : problem.message;
}

/**
 * @param {import('./api.js').Api} api
 * @param {Record<PaneName, PaneParts>} panes
 */
export function createPreview(api, panes) {
  /** @type {AbortController | null} */
  let inFlight = null;

  /**
   * @param {PaneName} pane
   * @param {string} state
   * @param {Node | null} content
   * @param {unknown} raw
   */
  function show(pane, state, content, raw) {
    const parts = panes[pane];
    parts.state.textContent = state;
    if (content) parts.view.replaceChildren(content);
    parts.raw.textContent = raw === undefined ? '' : JSON.stringify(raw, null, 2);
  }

  /**
   * @param {PaneName} pane
   * @param {Record<string, unknown>} message
   * @param {Record<string, unknown> | null} variables
   */
  const draw = (pane, message, variables) => (pane === 'discord' ? drawDiscord(message) : drawTelegram(message, variables));

  /**
   * Renders both panes; resolves with null when a newer render replaced this one.
   * @param {RenderInput} input
   * @returns {Promise<RenderOutcome | null>}
   */
  async function render(input) {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    /** @type {Problem | null} */
    let problem = null;
    /** @type {Record<string, unknown> | null} */
    let variables = null;
    const jobs = PANES.map(async (pane) => {
      const live = input.platform === '' || input.platform === pane;
      if (live && !input.template.ok) {
        problem ??= input.template;
        panes[pane].view.classList.add('stale');
        panes[pane].state.textContent = 'the template has an error';
        return;
      }
      if (!live && input.id === '') {
        show(pane, `the ${input.platform} entry has no id yet`, h('div.empty-note', null, `The ${pane} template with the same id is shown here once the entry has an id.`), undefined);
        return;
      }
      const body = {
        type: input.type,
        platform: pane,
        language: input.language,
        ...(input.id !== '' ? { id: input.id } : {}),
        ...(live && input.template.ok ? { template: input.template.template, ...(input.buttons ? { buttons: input.buttons } : {}) } : {}),
        ...input.source,
        includeView: true,
      };
      const answer = await api.post('/dts/render', body, { signal: controller.signal });
      if (controller.signal.aborted) return;
      panes[pane].view.classList.remove('stale');
      if (answer.ok) {
        const message = recordOf(answer.body?.message) ?? {};
        const used = recordOf(answer.body?.view);
        if (used && (live || variables === null)) variables = used;
        show(pane, live ? 'live' : `saved ${pane} template`, draw(pane, message, used), message);
        return;
      }
      const failed = problemOf(answer.body);
      if (live) {
        problem ??= failed;
        panes[pane].view.classList.add('stale');
        show(pane, 'error', null, answer.body);
      } else {
        show(pane, `saved ${pane} template`, h('div.empty-note', null, failed.message), answer.body);
      }
    });
    try {
      await Promise.all(jobs);
    } catch (err) {
      if (controller.signal.aborted) return null;
      throw err;
    }
    if (controller.signal.aborted) return null;
    inFlight = null;
    return { problem, variables };
  }

  return { render };
}
