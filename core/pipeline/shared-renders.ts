/**
 * Renders shared by the recipients of one event: recipients whose messages differ only in the variables every
 * recipient has its own value of (distance, bearing, bearing arrow) get one render with tokens in their place,
 * filled in per recipient (core/dts/shared-tokens.ts), instead of a render each. A group is everything else that
 * shapes the message alike: alert type, platform, language, template, the rest of the recipient's variables
 * (prefix, the plugin's own target variables) and which shared values are empty (an if/unless sees those). A
 * renderer that cannot share, or a template that uses these variables otherwise, renders per recipient.
 */
import type { RenderedMessage, Renderer, RenderRequest, View } from '../contract.ts';
import { printsAsIs, sharedToken } from '../dts/shared-tokens.ts';
import { layer } from './view.ts';

/** The recipient variables filled in after a shared render. */
export const SHARED_VARIABLES = ['distance', 'bearing', 'bearingEmoji'] as const;

type Fill = (values: readonly string[]) => RenderedMessage;

export interface RecipientRender {
  /** the request with the language layer as its view (the recipient layers are added here) */
  readonly request: RenderRequest;
  /** the core's recipient variables (distance, bearing, prefix…) */
  readonly common: View;
  /** the plugin's recipient variables */
  readonly extra: View | undefined;
}

/** One per event: remembers each group's render. */
export class SharedRenders {
  private readonly groups = new Map<string, Fill | null>();

  constructor(private readonly renderer: Renderer & Required<Pick<Renderer, 'renderShared'>>) {}

  /** The recipient's message, or null when it must be rendered on its own (the renderer refused to share). */
  render(r: RecipientRender): RenderedMessage | null {
    const tokenised: Record<string, unknown> = { ...r.common };
    const names: string[] = [];
    const values: string[] = [];
    for (const name of SHARED_VARIABLES) {
      const value = r.common[name];
      const text = value === undefined || value === null ? '' : String(value);
      if (!value || !printsAsIs(text)) continue;
      tokenised[name] = sharedToken(names.length);
      names.push(name);
      values.push(text);
    }
    const { alertType, platform, language, templateId } = r.request;
    const key = JSON.stringify([alertType, platform, language, templateId, tokenised, r.extra ?? null]);
    let fill = this.groups.get(key);
    if (fill === undefined) {
      fill = this.renderer.renderShared({ ...r.request, view: layer(layer(r.request.view, tokenised), r.extra) }, names);
      this.groups.set(key, fill);
    }
    return fill ? fill(values) : null;
  }
}

/** Shared renders for one event, when the renderer can share. */
export function sharedRendersFor(renderer: Renderer): SharedRenders | null {
  return renderer.renderShared ? new SharedRenders(renderer as Renderer & Required<Pick<Renderer, 'renderShared'>>) : null;
}
