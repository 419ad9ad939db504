/**
 * `campfireUrl`: a deep link that opens the gym in Niantic's Campfire app, in the shape the previous generation
 * gave it: the app's OneLink address with the map position and the gym id, base64 in `deep_link_sub1`, and the
 * gym's name and picture as the link preview.
 */
import { encodeUrlText } from '../../core/enrich/url-text.ts';

const ONELINK = 'https://campfire.onelink.me/eBr8';
/** the preview picture when the gym has none */
const DEFAULT_IMAGE = 'https://lh3.googleusercontent.com/2hDpMTpBQ2VblLhRrjUBFPFqCL7gOX0OMjaQxTHdAMbMSoyFIdHFe8VDjeKMXsRXALo';

/** form-style query escaping (spaces as `+`), as the link was written before */
function queryEscape(text: string): string {
  return encodeUrlText(text).replace(/%20/g, '+').replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function campfireUrl(latitude: number, longitude: number, gymId: string, gymName: string, gymUrl: string): string {
  const target = `r=map&lat=${latitude.toFixed(6)}&lng=${longitude.toFixed(6)}&m=${gymId}&g=PGO`;
  const encoded = Buffer.from(target, 'utf8').toString('base64');
  const title = gymName || 'Gym';
  const image = gymUrl || DEFAULT_IMAGE;
  return `${ONELINK}?af_dp=campfire://&af_force_deeplink=true&deep_link_sub1=${queryEscape(encoded)}&af_og_title=${queryEscape(title)}&af_og_description=%20&af_og_image=${queryEscape(image)}`;
}
