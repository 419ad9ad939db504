/**
 * The icon service: the image, alt and sticker repositories ([general] img_url, img_url_alt, sticker_url) as
 * icon sets, with each repository's index.json downloaded in the background and refreshed periodically.
 * Resolving never waits for a download: until an index arrives (or when none can be had) the standard names
 * are used.
 */
import type { Logger } from '../log/logger.ts';
import { createIconSet, emptyIconSet, normaliseBase } from './icon-set.ts';
import { createIndexSource, type IndexSource } from './index-source.ts';
import type { IconIndex } from './index-file.ts';
import type { IconService, IconSet } from './types.ts';

export interface IconsOptions {
  /** [general] img_url; empty = every image URL is the empty string */
  readonly img: string;
  /** [general] img_url_alt; empty = no alt set */
  readonly alt: string;
  /** [general] sticker_url; empty = no sticker set */
  readonly sticker: string;
  readonly log: Logger;
  readonly fetch?: typeof fetch;
  /** per download; default 10 s */
  readonly timeoutMs?: number;
  /** how often every index is downloaded again; default 6 h */
  readonly refreshMs?: number;
}

export const DEFAULT_ICON_TIMEOUT_MS = 10_000;
export const DEFAULT_ICON_REFRESH_MS = 6 * 60 * 60 * 1000;

/** Only http(s) repositories have an index to download. */
export function isHttpUrl(base: string): boolean {
  try {
    const { protocol } = new URL(base);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export function createIcons(options: IconsOptions): IconService {
  const log = options.log;
  const sources = new Map<string, IndexSource>();
  const indexFor = (base: string): (() => IconIndex | null) => {
    if (!isHttpUrl(base)) return () => null;
    let source = sources.get(base);
    if (!source) {
      source = createIndexSource({ base, fetch: options.fetch ?? fetch, timeoutMs: options.timeoutMs ?? DEFAULT_ICON_TIMEOUT_MS, log });
      sources.set(base, source);
    }
    const found = source;
    return () => found.current();
  };
  const setFor = (raw: string, defaultExt: string): IconSet | null => {
    const base = normaliseBase(raw);
    return base ? createIconSet(base, defaultExt, indexFor(base)) : null;
  };

  const image = setFor(options.img, 'png') ?? emptyIconSet();
  const alt = setFor(options.alt, 'png');
  // Telegram stickers are webp; the index, once loaded, says what the repository really holds
  const sticker = setFor(options.sticker, 'webp');

  const controller = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let firstRound: Promise<void> | null = null;
  let inFlight: Promise<void> | null = null;

  const runRound = (): Promise<void> => {
    const round: Promise<void> = Promise.all([...sources.values()].map((s) => s.load(controller.signal)))
      .then(() => undefined)
      .finally(() => {
        if (inFlight === round) inFlight = null;
      });
    inFlight = round;
    return round;
  };
  // setInterval takes at most 2^31-1 ms (about 24.8 days)
  const refreshMs = Math.min(options.refreshMs !== undefined && options.refreshMs > 0 ? options.refreshMs : DEFAULT_ICON_REFRESH_MS, 2 ** 31 - 1);

  return {
    image: () => image,
    alt: () => alt,
    sticker: () => sticker,
    start() {
      if (firstRound || controller.signal.aborted) return;
      firstRound = runRound();
      timer = setInterval(() => {
        if (!inFlight) void runRound();
      }, refreshMs);
      timer.unref();
    },
    stop() {
      controller.abort();
      if (timer) clearInterval(timer);
      timer = null;
    },
    ready: () => firstRound ?? Promise.resolve(),
    async refresh() {
      if (inFlight) await inFlight;
      if (!controller.signal.aborted) await runRound();
    },
  };
}
