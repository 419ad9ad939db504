/**
 * The scanner map links `scannerMapUrlA/B/C` from [general] scanner_map_url_a/b/c. Rule: each setting is a
 * Handlebars template rendered (without HTML escaping) against the event's variables — the plugin's plus
 * latitude/longitude — so `https://map.example.com/@/{{latitude}}/{{longitude}}/17` links to the spot and a
 * setting without `{{` is used as written. An empty setting gives an empty string.
 */
import Handlebars from 'handlebars';
import type { View } from '../contract.ts';
import type { Logger } from '../log/logger.ts';

export interface ScannerMapSettings {
  readonly a: string;
  readonly b: string;
  readonly c: string;
}

export interface ScannerMapLinks {
  readonly scannerMapUrlA: string;
  readonly scannerMapUrlB: string;
  readonly scannerMapUrlC: string;
}

/** the event's view, built only when a link template is set */
type LazyView = () => View;

type Link = (view: LazyView) => string;

function compileLink(env: typeof Handlebars, key: string, source: string, log: Logger): Link {
  if (source.trim() === '') return () => '';
  try {
    env.parse(source);
  } catch (err) {
    log.warn({ key: `general.${key}`, err: err instanceof Error ? err.message : String(err) }, 'scanner map link is not a valid template; the link stays empty');
    return () => '';
  }
  const template = env.compile(source, { noEscape: true });
  let warned = false;
  return (view) => {
    try {
      return template(view(), { allowProtoPropertiesByDefault: true }).trim();
    } catch (err) {
      if (!warned) log.warn({ key: `general.${key}`, err: err instanceof Error ? err.message : String(err) }, 'scanner map link failed to render; the link stays empty');
      warned = true;
      return '';
    }
  };
}

/** Compiles the three settings once; the result renders them for one event's view. */
export function scannerMapLinks(settings: ScannerMapSettings, log: Logger): (view: LazyView) => ScannerMapLinks {
  const env = Handlebars.create();
  const a = compileLink(env, 'scanner_map_url_a', settings.a, log);
  const b = compileLink(env, 'scanner_map_url_b', settings.b, log);
  const c = compileLink(env, 'scanner_map_url_c', settings.c, log);
  return (view) => ({ scannerMapUrlA: a(view), scannerMapUrlB: b(view), scannerMapUrlC: c(view) });
}
