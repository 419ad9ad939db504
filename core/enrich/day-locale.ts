/**
 * Loads the dayjs locale named by [locale] timeformat (`en-gb`, `de`, `pt-br`…) once; an unknown name falls
 * back to its base language, then to English, with a warning.
 */
import type { Logger } from '../log/logger.ts';

const BUILT_IN = 'en';
const LOCALE_NAME = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/;

async function tryLoad(name: string): Promise<boolean> {
  try {
    await import(`dayjs/locale/${name}.js`);
    return true;
  } catch {
    return false;
  }
}

/** The name to pass to dayjs `.locale()`; the locale is registered when this resolves. */
export async function loadDayLocale(requested: string, log: Logger): Promise<string> {
  const name = requested.trim().toLowerCase().replace(/_/g, '-');
  if (name === '' || name === BUILT_IN) return BUILT_IN;
  if (LOCALE_NAME.test(name)) {
    if (await tryLoad(name)) return name;
    const base = name.split('-')[0]!;
    if (base !== name && (base === BUILT_IN || (await tryLoad(base)))) {
      log.warn({ key: 'locale.timeformat', requested, using: base }, 'time format locale not found; using its base language');
      return base;
    }
  }
  log.warn({ key: 'locale.timeformat', requested, using: BUILT_IN }, 'time format locale not found; using English');
  return BUILT_IN;
}
