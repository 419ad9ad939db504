/**
 * Saving templates and reloading them, with the file work: validates the request (validate.ts), reads every
 * config DTS file, plans the changes (plan.ts), backs up each file it will change or delete (core/backups),
 * writes each file atomically (temp file + rename), deletes emptied files, then reloads the engine. Saves and
 * reloads run one at a time, so a reload never sees half a save.
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { backupFile } from '../../backups/index.ts';
import { LookoutError } from '../../errors.ts';
import { writeAtomic } from '../../gamedata/json-file.ts';
import type { Logger } from '../../log/logger.ts';
import type { ReloadResult } from '../engine.ts';
import { listDtsFiles } from '../load.ts';
import type { TemplatePlatforms } from '../platforms.ts';
import { templateFileCandidates, templateFileNameProblem, templateFileRefusal } from '../template-file-name.ts';
import { readTemplateFile, templateFolderReader } from '../template-file-read.ts';
import { describeProblem, type DtsPlatform, type DtsProblem } from '../types.ts';
import { planRemoval, planSave, type ConfigFileText, type SavePlan } from './plan.ts';
import { itemKey } from './item-key.ts';
import { validateSave } from './validate.ts';

export interface TemplateFilesOptions {
  readonly rootDir: string;
  readonly log: Logger;
  /** the engine to reload after a save; its template platforms are the ones saved entries may name */
  readonly engine: { reload(): Promise<ReloadResult>; readonly platforms: TemplatePlatforms };
  /** the clock of the backup names (tests); default: the system's */
  readonly now?: () => Date;
}

export interface ReloadSummary {
  /** true when the reloaded set is now in use */
  readonly ok: boolean;
  readonly entries: number;
  /** `config/dts/x.toml entry 2: …` */
  readonly problems: readonly string[];
}

export interface SavedTemplate {
  readonly type: string;
  readonly id: string;
  /** '' = every platform */
  readonly platform: DtsPlatform;
  /** '' = every language */
  readonly language: string;
  readonly file: string;
}

export interface SaveResult {
  readonly status: 'ok';
  readonly saved: readonly SavedTemplate[];
  /** other files the saved templates were removed from (rewritten or deleted) */
  readonly removedFrom: readonly string[];
  /** the ones of those deleted because no entry was left */
  readonly deleted: readonly string[];
  /** the backups taken, relative to the root */
  readonly backups: readonly string[];
  readonly reload: ReloadSummary;
}

function summary(result: ReloadResult): ReloadSummary {
  return { ok: result.ok, entries: result.entries, problems: result.problems.map(describeProblem) };
}

function errorCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException).code;
}

async function readIfPresent(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    const code = errorCode(err);
    if (code === 'ENOENT' || code === 'EISDIR') return null;
    throw err;
  }
}

export class TemplateFiles {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: TemplateFilesOptions) {}

  /** Saves the templates of a request body (one entry object or an array of them); see docs/dts.md. */
  save(body: unknown): Promise<SaveResult> {
    return this.serial(() => this.saveNow(body));
  }

  /** Reloads the templates from disk; on problems the previous set stays in use. */
  reload(): Promise<ReloadSummary> {
    return this.serial(async () => summary(await this.options.engine.reload()));
  }

  /**
   * Replaces the text of an entry's templateFile (the previous generation's editor): the name resolves as the
   * loader resolves it, the old text is backed up, the new one written and the templates reloaded.
   */
  writeTemplateFile(name: string, content: string): Promise<{ readonly status: 'ok'; readonly file: string; readonly backup: string | null; readonly reload: ReloadSummary }> {
    return this.serial(async () => {
      const { rootDir, log } = this.options;
      const problem = templateFileNameProblem(name);
      if (problem !== null) throw new LookoutError('BAD_REQUEST', templateFileRefusal(name, problem), { templateFile: name });
      const candidates = templateFileCandidates(name);
      let file = candidates[candidates.length - 1]!;
      for (const candidate of candidates) {
        if ((await readIfPresent(join(rootDir, candidate))) === null) continue;
        const current = await readTemplateFile(rootDir, name);
        if (!current.ok) throw new LookoutError('BAD_REQUEST', current.message, { templateFile: name });
        file = candidate;
        break;
      }
      const backup = await backupFile(rootDir, file, this.options.now?.() ?? new Date());
      await mkdir(dirname(join(rootDir, file)), { recursive: true });
      await writeAtomic(join(rootDir, file), content);
      log.info({ file, backup }, 'dts save: a templateFile was written');
      return { status: 'ok' as const, file, backup, reload: summary(await this.options.engine.reload()) };
    });
  }

  /**
   * Deletes a template from the operator's files (the previous generation's editor's DELETE): every config file
   * entry with that key is taken out (files re-emitted or deleted, each backed up), then the templates reload.
   * LookoutError NOT_FOUND when no config file holds it (a bundled template cannot be deleted).
   */
  delete(key: { readonly type: string; readonly platform: string; readonly language: string; readonly id: string }): Promise<{ readonly status: 'ok'; readonly removedFrom: readonly string[]; readonly backups: readonly string[]; readonly reload: ReloadSummary }> {
    return this.serial(async () => {
      const { platforms } = this.options.engine;
      const wanted = itemKey(key, platforms);
      if (wanted === null) throw new LookoutError('BAD_REQUEST', 'type, platform (a known one), and id are required', { ...key });
      const removal = planRemoval(new Set([wanted]), await this.configFiles(), platforms);
      const plan = { writes: [], ...removal };
      if (plan.rewrites.length === 0 && plan.deletes.length === 0) throw new LookoutError('NOT_FOUND', `no template ${key.type}/${key.platform || 'any'}/${key.language || 'any'}/${key.id} in the config files`, { ...key });
      const backups = await this.apply(plan);
      const removedFrom = [...plan.rewrites.map((w) => w.file), ...plan.deletes];
      this.options.log.info({ removedFrom, backups }, 'dts save: a template was deleted');
      return { status: 'ok' as const, removedFrom, backups, reload: summary(await this.options.engine.reload()) };
    });
  }

  /** Backs up every file the plan changes, then writes (the new files first) and deletes; answers the backups. */
  private async apply(plan: SavePlan): Promise<string[]> {
    const { rootDir } = this.options;
    const now = this.options.now?.() ?? new Date();
    const backups: string[] = [];
    for (const file of [...plan.writes.map((w) => w.file), ...plan.rewrites.map((w) => w.file), ...plan.deletes]) {
      const backup = await backupFile(rootDir, file, now);
      if (backup !== null) backups.push(backup);
    }
    // the saved templates first: should a later step fail, no template is lost
    for (const { file, text } of [...plan.writes, ...plan.rewrites]) await writeAtomic(join(rootDir, file), text);
    for (const file of plan.deletes) await rm(join(rootDir, file), { force: true });
    return backups;
  }

  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async configFiles(): Promise<ConfigFileText[]> {
    const problems: DtsProblem[] = [];
    const listed = (await listDtsFiles(this.options.rootDir, problems)).filter((spec) => spec.origin === 'config');
    if (problems.length > 0) throw new LookoutError('UNAVAILABLE', `templates not saved: ${problems.map(describeProblem).join('; ')}`);
    const files: ConfigFileText[] = [];
    for (const spec of listed) {
      const text = await readIfPresent(join(this.options.rootDir, spec.file));
      if (text !== null) files.push({ file: spec.file, format: spec.format, text });
    }
    return files;
  }

  private async saveNow(body: unknown): Promise<SaveResult> {
    const { rootDir, log } = this.options;
    // templateFile names of saved entries resolve as the loader resolves them: in the template folder only
    const { platforms } = this.options.engine;
    const items = await validateSave(body, templateFolderReader(rootDir), platforms);
    const plan = planSave(items, await this.configFiles(), platforms);
    for (const { file, message } of plan.unreadable) {
      log.warn({ file, reason: message }, 'dts save: a config template file cannot be parsed, so saved templates were not removed from it');
    }

    const backups = await this.apply(plan);
    const removedFrom = [...plan.rewrites.map((w) => w.file), ...plan.deletes];
    const saved = items.map(({ template, file }) => ({ ...template, file }));
    log.info({ saved: saved.map((s) => s.file), removedFrom, backups }, 'dts save: templates saved');
    const reload = summary(await this.options.engine.reload());
    return { status: 'ok', saved, removedFrom, deleted: [...plan.deletes], backups, reload };
  }
}
