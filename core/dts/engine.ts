/**
 * The DTS engine: the render hook of the pipeline (`Renderer`). Holds one loaded template set (entries,
 * selection index, Handlebars environment with partials, compiled-template cache) and swaps it whole on
 * reload. Missing template → LookoutError NOT_FOUND; a template that fails to render → BAD_REQUEST; both
 * name type/platform/id/language (and the entry), and the pipeline catches them per target. An entry's link
 * buttons are rendered with the same view (buttons/render.ts); a button that cannot be sent is left out and
 * reported once per loaded set, never failing the message.
 */
import type { RenderedMessage } from '../model.ts';
import type { Renderer, RenderRequest, SharedFill, View } from '../contract.ts';
import { LookoutError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import { idOnlyLookups, type GameLookups } from './game-lookups.ts';
import { createEnvironment, type HandlebarsEnv } from './helpers/env.ts';
import { toEntry, type EntryOutcome } from './entry.ts';
import { loadDts } from './load.ts';
import { templateFolderReader } from './template-file-read.ts';
import { normalisePlatform, type TemplatePlatforms } from './platforms.ts';
import { bodyStrings } from './body.ts';
import type { LinkButtonDef } from './buttons/definition.ts';
import { buttonTemplateTexts, compileButtons, finishButtons, renderButtonTexts, sharedButtonTexts, type ButtonRows, type CompiledButton, type DropReport } from './buttons/render.ts';
import type { RenderData } from './helpers/options.ts';
import type { Call } from './invoke.ts';
import { printableOnly } from './output-variables.ts';
import { rootVariables, WHOLE_CONTEXT } from './root-variables.ts';
import { compileBody, renderBody, renderShared, TemplateRenderError, type CompiledBody } from './render.ts';
import { indexEntries, selectEntry, templateIdsOf, type DtsIndex } from './select.ts';
import { describeEntry, describeProblem, type DtsEntry, type DtsPlatform, type DtsProblem, type DtsSet } from './types.ts';

export interface DtsEngineOptions {
  readonly rootDir: string;
  readonly log: Logger;
  /** the template platforms of the registered platform plugins (templatePlatforms() in platforms.ts) */
  readonly platforms: TemplatePlatforms;
  /** the registered plugins' `fallbacks` folders, loaded after fallbacks/dts.json (see load.ts) */
  readonly pluginFallbacks?: readonly string[];
  /** game data for the game helpers; default: idOnlyLookups() */
  readonly lookups?: GameLookups;
  /** [general] default_template_name: the id used when a rule names none (default '1') */
  readonly defaultTemplateId?: string;
  /** [general] locale: the fallback language of the selection chain (default 'en') */
  readonly fallbackLanguage?: string;
  /** [locale] language: the language of the …Alt helpers (default 'en') */
  readonly altLanguage?: string;
  /** [locale] timeformat: number formatting locale (default 'en-gb') */
  readonly numberLocale?: string;
}

/** What to render without a pipeline event (help, greeting, editor previews). */
export interface TemplateRequest {
  readonly type: string;
  readonly platform: string;
  readonly language: string;
  /** null = the default template id */
  readonly id: string | null;
  readonly view: View;
}

export interface ReloadResult {
  /** true when the new set is now in use */
  readonly ok: boolean;
  readonly problems: readonly DtsProblem[];
  readonly entries: number;
}

interface Loaded {
  readonly set: DtsSet;
  readonly index: DtsIndex;
  readonly env: HandlebarsEnv;
  /** compiled bodies by entry; weak, so previews of unsaved entries do not accumulate */
  readonly cache: WeakMap<DtsEntry, CompiledBody>;
  /** per entry: whether a list of shared variables (joined with commas) is printable-only in it */
  readonly printableCache: WeakMap<DtsEntry, Map<string, boolean>>;
  /** compiled link buttons by entry (entries with linkButtons only) */
  readonly buttonCache: WeakMap<DtsEntry, readonly CompiledButton[]>;
  /** the buttons left out that were reported: entry, button and reason kind, so each is logged once per loaded set */
  readonly reported: WeakMap<DtsEntry, Set<string>>;
  /** which variables the set's templates read (made on first use; null inside = any may be read) */
  filter?: { readonly test: ((name: string) => boolean) | null };
}

/** What a render is for: the language, the platform and the template id asked for, and the recipient's humans.type (its buttons' applies_to). */
export interface RenderTarget {
  readonly language: string;
  readonly platform: DtsPlatform;
  readonly id?: string;
  readonly targetType?: string;
}

export class DtsEngine implements Renderer {
  private loaded: Loaded;
  private reloading: Promise<unknown> = Promise.resolve();
  private readonly lookups: GameLookups;

  private constructor(private readonly options: DtsEngineOptions, set: DtsSet) {
    this.lookups = options.lookups ?? idOnlyLookups();
    this.loaded = this.prepare(set);
  }

  /** Loads every DTS file (broken entries are reported in `problems()` and skipped). */
  static async load(options: DtsEngineOptions): Promise<DtsEngine> {
    return new DtsEngine(options, await loadDts(options));
  }

  /** An engine over an already loaded set (tests, tools). */
  static fromSet(set: DtsSet, options: DtsEngineOptions): DtsEngine {
    return new DtsEngine(options, set);
  }

  private prepare(set: DtsSet): Loaded {
    const env = createEnvironment({ lookups: this.lookups, partials: set.partials, numberLocale: this.options.numberLocale });
    return { set, index: indexEntries(set.entries), env, cache: new WeakMap(), printableCache: new WeakMap(), buttonCache: new WeakMap(), reported: new WeakMap() };
  }

  render(request: RenderRequest): RenderedMessage {
    const { entry, target } = this.entryFor({ type: request.alertType, platform: request.platform, language: request.language, id: request.templateId, view: request.view });
    return this.renderFor(entry, request.view, target, request.targetType);
  }

  renderTemplate(request: TemplateRequest): RenderedMessage {
    const { entry, target } = this.entryFor(request);
    return this.renderEntry(entry, request.view, target);
  }

  /**
   * Renders once for every recipient of a group (see SharedRenderer in the contract): null when the entry uses
   * one of `shared` other than as printed text or an if/unless condition (output-variables.ts).
   */
  renderShared(request: RenderRequest, shared: readonly string[]): SharedFill | null {
    const { entry, target } = this.entryFor({ type: request.alertType, platform: request.platform, language: request.language, id: request.templateId, view: request.view });
    if (!this.printable(entry, shared)) return null;
    const fill = this.attempt(entry, target, (compiled, data) => renderShared(compiled, request.view, data));
    const { platform } = target;
    if (!entry.linkButtons) return (values) => ({ platform, body: fill(values) });
    const buttons = this.compiledButtons(entry, entry.linkButtons);
    const texts = sharedButtonTexts(buttons, this.call(entry, request.view, target));
    return (values, targetType) => withButtons({ platform, body: fill(values) }, finishButtons(buttons, texts(values), targetType, this.reporter(entry)));
  }

  private entryFor(request: TemplateRequest): { readonly entry: DtsEntry; readonly target: RenderTarget } {
    const platform = this.platformOf(request.platform);
    const id = request.id ?? this.options.defaultTemplateId ?? '1';
    const entry = this.select(request.type, platform, id, request.language);
    if (!entry) {
      const where = { type: request.type, platform, id, language: request.language };
      throw new LookoutError('NOT_FOUND', `no template for type=${request.type} platform=${platform} id=${id} language=${request.language}`, where);
    }
    return { entry, target: { language: request.language, platform, id } };
  }

  /**
   * Renders one entry (also for the editor's preview); `id` is what was asked for, for the error message. Without
   * a `targetType` every link button is kept, whatever its applies_to.
   */
  renderEntry(entry: DtsEntry, view: View, target: RenderTarget): RenderedMessage {
    return this.renderFor(entry, view, target, target.targetType);
  }

  private renderFor(entry: DtsEntry, view: View, target: RenderTarget, targetType: string | undefined): RenderedMessage {
    const message = { platform: target.platform, body: this.attempt(entry, target, (compiled, data) => renderBody(compiled, view, data)) };
    if (!entry.linkButtons) return message;
    const buttons = this.compiledButtons(entry, entry.linkButtons);
    return withButtons(message, finishButtons(buttons, renderButtonTexts(buttons, this.call(entry, view, target)), targetType, this.reporter(entry)));
  }

  private renderData(target: RenderTarget): RenderData {
    return { language: target.language, altLanguage: this.options.altLanguage ?? 'en', platform: target.platform };
  }

  /** Runs a render of `entry` with its compiled body and private data; a failure names the entry and the request. */
  private attempt<T>(entry: DtsEntry, target: RenderTarget, run: (compiled: CompiledBody, data: RenderData) => T): T {
    const data = this.renderData(target);
    try {
      const compiled = this.compiledBody(entry);
      return run(compiled, data);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const asked = `type=${entry.type} platform=${target.platform} id=${target.id ?? entry.id} language=${target.language}`;
      throw new LookoutError('BAD_REQUEST', `template ${describeEntry(entry)} for ${asked} failed to render: ${reason}`, {
        type: entry.type,
        platform: target.platform,
        id: target.id ?? entry.id,
        language: target.language,
        file: entry.source.file,
        entry: entry.source.index,
        path: err instanceof TemplateRenderError ? err.path : undefined,
      }, { cause: err });
    }
  }

  private compiledBody(entry: DtsEntry): CompiledBody {
    const { cache, env } = this.loaded;
    let compiled = cache.get(entry);
    if (!compiled) {
      compiled = compileBody(env, entry.body);
      cache.set(entry, compiled);
    }
    return compiled;
  }

  private compiledButtons(entry: DtsEntry, defs: readonly LinkButtonDef[]): readonly CompiledButton[] {
    const { buttonCache, env } = this.loaded;
    let compiled = buttonCache.get(entry);
    if (!compiled) {
      compiled = compileButtons(env, defs);
      buttonCache.set(entry, compiled);
    }
    return compiled;
  }

  /** Calls templates over `view` with the render's private data, as the entry's body is rendered. */
  private call(entry: DtsEntry, view: View, target: RenderTarget): Call {
    return this.compiledBody(entry).invoke(view, this.renderData(target));
  }

  /** Logs a button left out, once per entry, button and kind of reason for this loaded set. */
  private reporter(entry: DtsEntry): DropReport {
    const { reported } = this.loaded;
    return (def, kind, detail) => {
      let seen = reported.get(entry);
      if (!seen) reported.set(entry, (seen = new Set()));
      const key = `${def.index}:${kind}`;
      if (seen.has(key)) return;
      seen.add(key);
      this.options.log.warn({ file: entry.source.file, entry: entry.source.index, button: def.name, reason: kind }, `dts: ${describeEntry(entry)}: button ${def.name} left out: ${detail} (logged once)`);
    };
  }

  /** Whether the entry uses every one of `names` only as printed text or a condition (remembered per entry). */
  private printable(entry: DtsEntry, names: readonly string[]): boolean {
    if (names.length === 0) return true;
    const { printableCache, set, env } = this.loaded;
    let known = printableCache.get(entry);
    if (!known) printableCache.set(entry, (known = new Map()));
    const key = names.join(',');
    let answer = known.get(key);
    if (answer === undefined) {
      const texts = bodyStrings(entry.body).map((s) => s.text);
      if (entry.linkButtons) texts.push(...buttonTemplateTexts(entry.linkButtons));
      const sources = { texts, partial: (name: string) => set.partials[name] ?? null, isHelper: (name: string) => Object.hasOwn(env.helpers, name) };
      answer = printableOnly(sources, names).size === names.length;
      known.set(key, answer);
    }
    return answer;
  }

  /** The root variables an entry's templates (body and link buttons) read (root-variables.ts), its partials followed. */
  variablesOf(entry: DtsEntry): Set<string> {
    const { set, env } = this.loaded;
    const texts = [...bodyStrings(entry.body).map((s) => s.text), ...(entry.linkButtons ? buttonTemplateTexts(entry.linkButtons) : [])];
    return rootVariables(texts, { partial: (name) => set.partials[name] ?? null, isHelper: (name) => Object.hasOwn(env.helpers, name) });
  }

  /**
   * Whether any template of the loaded set reads a variable (the union of `variablesOf` over its entries), or null
   * when one may read any (root-variables.ts WHOLE_CONTEXT). Made once per loaded set.
   */
  variableFilter(): ((name: string) => boolean) | null {
    const loaded = this.loaded;
    if (!loaded.filter) {
      const used = new Set<string>();
      for (const entry of loaded.set.entries) for (const name of this.variablesOf(entry)) used.add(name);
      loaded.filter = { test: used.has(WHOLE_CONTEXT) ? null : (name) => used.has(name) };
    }
    return loaded.filter.test;
  }

  /** The entry the selection chain picks, or null. */
  select(type: string, platform: string, id: string, language: string): DtsEntry | null {
    const query = { type, platform: this.platformOf(platform), id, language, fallbackLanguage: this.options.fallbackLanguage ?? 'en' };
    return selectEntry(this.loaded.index, query);
  }

  /** Template ids of a type available on a platform (for `template<N>` validation and listings). */
  templateIds(type: string, platform: string): string[] {
    return templateIdsOf(this.loaded.set.entries, type, this.platformOf(platform));
  }

  /** The effective entries (one per key, load order), each with its source file and index. */
  entries(): readonly DtsEntry[] {
    return this.loaded.set.entries;
  }

  /** The whole loaded set: all entries (also overridden ones), partials, problems, advisories. */
  current(): DtsSet {
    return this.loaded.set;
  }

  problems(): readonly DtsProblem[] {
    return this.loaded.set.problems;
  }

  /**
   * Reloads from disk. The new set replaces the current one only when it loaded without problems (or with
   * `force`, which accepts a best-effort set like the startup load); otherwise the current set stays.
   */
  reload(options: { readonly force?: boolean } = {}): Promise<ReloadResult> {
    const run = this.reloading.then(() => this.reloadNow(options.force ?? false));
    this.reloading = run.catch(() => undefined);
    return run;
  }

  private async reloadNow(force: boolean): Promise<ReloadResult> {
    const { log } = this.options;
    const set = await loadDts(this.options);
    const ok = set.problems.length === 0 || force;
    if (ok) this.loaded = this.prepare(set);
    else log.warn({ problems: set.problems.map(describeProblem) }, 'dts: reload has problems; the previous templates stay in use');
    return { ok, problems: set.problems, entries: set.entries.length };
  }

  /**
   * An entry that is not part of the loaded set (an editor's unsaved template), read like a file's entry: its
   * templateFile and `@include`s from config/dts/. Rendered with `renderEntry`.
   */
  unsavedEntry(raw: unknown): Promise<EntryOutcome> {
    const source = { file: '(unsaved)', index: 0, format: 'json' as const, origin: 'config' as const };
    return toEntry(raw, source, templateFolderReader(this.options.rootDir), this.options.platforms);
  }

  /** The template platforms entries and requests may name. */
  get platforms(): TemplatePlatforms {
    return this.options.platforms;
  }

  /** The canonical template platform of a name (`chat_a` → `discord`); LookoutError BAD_REQUEST for unknown ones. */
  platformName(platform: string): DtsPlatform {
    return this.platformOf(platform);
  }

  private platformOf(platform: string): DtsPlatform {
    const canonical = normalisePlatform(this.options.platforms, platform);
    if (canonical === null) throw new LookoutError('BAD_REQUEST', `unknown template platform "${platform}"`, { platform });
    return canonical;
  }
}

/** The message with its buttons, when any are left. */
function withButtons(message: RenderedMessage, buttons: ButtonRows | undefined): RenderedMessage {
  return buttons === undefined ? message : { ...message, buttons };
}
