/**
 * Renders shared by the recipients of one event: recipients whose messages differ only in the variables every
 * recipient has its own value of (distance, bearing, bearing arrow) get one render with tokens in their place,
 * filled in per recipient (core/dts/shared-tokens.ts), instead of a render each. A group is everything else that
 * shapes the message alike: alert type, platform, language, template, the rest of the recipient's variables
 * (prefix, the plugin's own target variables) and which shared values are empty (an if/unless sees those). A
 * renderer that cannot share, or a template that uses these variables otherwise, renders per recipient. The
 * recipient's target type is not part of the group: each copy keeps the link buttons meant for its recipient's
 * destination (the renderer's fill takes it).
 */
import type { RenderedMessage } from '../model.ts';
import type { Renderer, RenderRequest, SharedFill, View } from '../contract.ts';
import { printsAsIs, sharedToken } from '../dts/shared-tokens.ts';
import type { FlatView } from './view.ts';

/** The recipient variables filled in after a shared render. */
export const SHARED_VARIABLES: readonly string[] = ['distance', 'bearing', 'bearingEmoji'];

/** A renderer that can render once for a group of recipients. */
export type SharingRenderer = Renderer & Required<Pick<Renderer, 'renderShared'>>;

export interface RecipientRender {
  /** the request but its view */
  readonly request: Omit<RenderRequest, 'view'>;
  /** the event's variables in the recipient's language (the recipient's are laid on them here) */
  readonly view: FlatView;
  /** the core's recipient variables (distance, bearing, prefix…) */
  readonly common: View;
  /** the plugin's recipient variables */
  readonly extra: View | undefined;
}

/** One per event: remembers each group's render. */
export class SharedRenders {
  private readonly groups = new Map<string, SharedFill | null>();

  constructor(private readonly renderer: SharingRenderer) {}

  /** The recipient's message, or null when it must be rendered on its own (the renderer refused to share). */
  render(r: RecipientRender): RenderedMessage | null {
    const names: string[] = [];
    const values: string[] = [];
    const { alertType, platform, language, templateId } = r.request;
    // the group key: what shapes the message alike; a shared variable counts by its slot, not its value
    let key = `${alertType}\u0000${platform}\u0000${language}\u0000${JSON.stringify(templateId)}`;
    for (const name of Object.keys(r.common)) {
      const value = r.common[name];
      const text = value === undefined || value === null ? '' : String(value);
      if (SHARED_VARIABLES.includes(name) && value && printsAsIs(text)) {
        names.push(name);
        values.push(text);
        key += `\u0000${name}#`;
      } else key += `\u0000${name}=${JSON.stringify(value ?? null)}`;
    }
    if (r.extra) key += `\u0000${JSON.stringify(r.extra)}`;
    let fill = this.groups.get(key);
    if (fill === undefined) {
      const tokenised: Record<string, unknown> = { ...r.common };
      names.forEach((name, i) => (tokenised[name] = sharedToken(i)));
      fill = r.view.render([tokenised, r.extra], (view) => this.renderer.renderShared({ ...r.request, view }, names));
      this.groups.set(key, fill);
    }
    return fill ? fill(values, r.request.targetType) : null;
  }
}

/** Shared renders for one event, when the renderer can share. */
export function sharedRendersFor(renderer: Renderer): SharedRenders | null {
  return renderer.renderShared ? new SharedRenders(renderer as SharingRenderer) : null;
}
