/**
 * Calls compiled templates without Handlebars' per-call set-up. A top-level call of a compiled template copies
 * every registered helper (about 230 here) into a new object and wraps each in a fresh closure before it renders
 * anything — most of the render time of a short embed. Handlebars calls partials another way: with the set-up
 * of the caller handed in. Here every template is called that way, with a set-up captured once per environment
 * from one real top-level call (a decorator is handed the template's container), so the helpers, partials,
 * hooks and prototype-access rules are exactly the ones Handlebars would have built for each call.
 *
 * Environments are complete when created (createEnvironment registers every helper and partial), so a captured
 * set-up never goes stale.
 */
import type { TemplateDelegate } from 'handlebars';
import type { HandlebarsEnv } from './helpers/env.ts';
import type { RenderData } from './helpers/options.ts';

/** What a template's container holds after Handlebars' own set-up. */
interface Setup {
  readonly helpers: unknown;
  readonly partials: unknown;
  readonly decorators: unknown;
  readonly hooks: unknown;
  readonly protoAccessControl: unknown;
}

/** Inherited view variables (layered views) are visible; constructor/__proto__ & co stay blocked. */
const RUNTIME_OPTIONS = { allowProtoPropertiesByDefault: true } as const;

const setups = new WeakMap<HandlebarsEnv, Setup>();

function capture(env: HandlebarsEnv): Setup {
  let container: Setup | undefined;
  const probe = env.compile('{{* lookoutCaptureSetup}}');
  const decorators = {
    lookoutCaptureSetup(fn: unknown, _props: unknown, seen: Setup): unknown {
      container = seen;
      return fn;
    },
  };
  probe({}, { ...RUNTIME_OPTIONS, decorators } as Handlebars.RuntimeOptions);
  if (!container) throw new Error('Handlebars did not run the set-up probe');
  // A top-level call uses the environment's own partials and decorators (the probe's container has no partials,
  // as the probe uses none, and its decorators include the probe decorator).
  return { helpers: container.helpers, partials: env.partials, decorators: env.decorators, hooks: container.hooks, protoAccessControl: container.protoAccessControl };
}

function setupOf(env: HandlebarsEnv): Setup {
  let setup = setups.get(env);
  if (!setup) {
    setup = capture(env);
    setups.set(env, setup);
  }
  return setup;
}

/** Calls templates of one render: the same view and private data (`@root` is the view, as in a top-level call). */
export type Call = (fn: TemplateDelegate) => string;

/** Starts one render over `view`: the runtime options are built once and shared by every template of the body. */
export type Invoke = (view: object, data: RenderData) => Call;

export function invokerFor(env: HandlebarsEnv): Invoke {
  const setup = setupOf(env);
  return (view, data) => {
    const options = { ...setup, partial: true, data: { ...data, _parent: data, root: view } } as Handlebars.RuntimeOptions;
    return (fn) => fn(view, options);
  };
}
