/**
 * Pre-generated static maps from a tile server cache ([geocoding] static_provider = tileservercache), as the
 * previous generation asked for them: `POST <static_provider_url>/staticmap/poracle-<alertType>?pregenerate=true&regeneratable=true`
 * with the event's variables as a JSON body; the answer is the id of the image (plain text), served at
 * `<static_provider_url>/staticmap/pregenerated/<id>` (an answer that already is a URL is used as it is).
 */
import type { View } from '../contract.ts';
import { joinUrl, requestText, TILE_TIMEOUT_MS, upstreamError } from './http.ts';
import type { FetchFn } from './types.ts';

const WHAT = 'static map (tileservercache)';

/** Every variable of a (possibly layered) view, own and inherited, as one plain object. */
export function flattenView(view: View): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const key in view) flat[key] = view[key];
  return flat;
}

export function pregenerateUrl(base: string, alertType: string): string {
  return `${joinUrl(base, `staticmap/poracle-${encodeURIComponent(alertType)}`)}?pregenerate=true&regeneratable=true`;
}

/** The image URL for a tile server answer, or why the answer is unusable. */
export function pregeneratedImageUrl(base: string, answer: string): string {
  const id = answer.trim();
  if (id === '' || id.includes('<') || /\s/.test(id)) throw upstreamError(WHAT, 'answered without an image id');
  if (/^https?:\/\//i.test(id)) return id;
  return joinUrl(base, `staticmap/pregenerated/${id}`);
}

/**
 * Posts `variables` (JSON text) to the tile server's `poracle-<template>` and answers the pre-generated image's
 * URL; shared by alert maps and the geofence map endpoints (core/geo/map-tileserver.ts).
 */
export async function pregenerateImage(fetchFn: FetchFn, base: string, template: string, variables: string, timeoutMs: number = TILE_TIMEOUT_MS): Promise<string> {
  const answer = await requestText(fetchFn, WHAT, pregenerateUrl(base, template), { method: 'POST', headers: { 'content-type': 'application/json' }, body: variables }, timeoutMs);
  if (answer.status !== 200) throw upstreamError(WHAT, `answered HTTP ${answer.status}`, { status: answer.status, template: `poracle-${template}` });
  return pregeneratedImageUrl(base, answer.text);
}

export async function pregenerateStaticMap(fetchFn: FetchFn, base: string, alertType: string, view: View): Promise<string> {
  let body: string;
  try {
    body = JSON.stringify(flattenView(view));
  } catch (err) {
    throw upstreamError(WHAT, 'the event variables cannot be sent as JSON', {}, err);
  }
  return pregenerateImage(fetchFn, base, alertType, body);
}
