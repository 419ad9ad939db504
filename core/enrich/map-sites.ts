/**
 * Links to the thing an alert is about on the scanner map sites the previous generations knew, from the base
 * URLs of `[general] rdm_url`, `react_map_url`, `rocket_mad_url` and `diadem_url`: `rdmUrl` (`<base>/@<kind>/<id>`),
 * `reactMapUrl` (`<base>/id/<kinds>/<id>`), `diademUrl` (`<base>/<kind>/<id>`) and `rocketMadUrl`
 * (`<base>/?lat=…&lon=…&zoom=18.0`). A site whose base is empty gives an empty string, as does a site that
 * cannot show the kind. Plugins add these to their own view; the core knows no alert type.
 */
import { encodeUrlText } from './url-text.ts';
import type { GeneralConfig } from '../config/index.ts';
import type { EventLocation } from '../contract.ts';

/** What the link points at, in each site's words; null where a site has no page for it (it links the spot). */
export interface MapEntity {
  /** RDM's kind (`pokemon`, `gym`, `pokestop`); null: RDM links the spot (`@<lat>/@<lon>/18`) */
  readonly rdm: string | null;
  /** ReactMap's plural kind (`pokemon`, `gyms`, `pokestops`, `nests`, `stations`) */
  readonly reactMap: string;
  /** Diadem's kind (`pokemon`, `gym`, `pokestop`, `nest`, `station`); null: no Diadem link */
  readonly diadem: string | null;
  readonly id: string;
}

export interface MapSiteLinks {
  readonly rdmUrl: string;
  readonly reactMapUrl: string;
  readonly rocketMadUrl: string;
  readonly diademUrl: string;
}

/** The entity kinds of the usual alert subjects. */
export const MAP_ENTITY = {
  pokemon: (id: string): MapEntity => ({ rdm: 'pokemon', reactMap: 'pokemon', diadem: 'pokemon', id }),
  gym: (id: string): MapEntity => ({ rdm: 'gym', reactMap: 'gyms', diadem: 'gym', id }),
  pokestop: (id: string): MapEntity => ({ rdm: 'pokestop', reactMap: 'pokestops', diadem: 'pokestop', id }),
  nest: (id: string): MapEntity => ({ rdm: null, reactMap: 'nests', diadem: 'nest', id }),
  station: (id: string): MapEntity => ({ rdm: null, reactMap: 'stations', diadem: 'station', id }),
} as const;

function withSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

/** Builds the links of one event; the bases are read once. */
export function mapSiteLinks(general: Pick<GeneralConfig, 'rdm_url' | 'react_map_url' | 'rocket_mad_url' | 'diadem_url'>): (entity: MapEntity | null, where: EventLocation) => MapSiteLinks {
  const rdm = general.rdm_url.trim() ? withSlash(general.rdm_url.trim()) : '';
  const reactMap = general.react_map_url.trim() ? withSlash(general.react_map_url.trim()) : '';
  const rocketMad = general.rocket_mad_url.trim() ? withSlash(general.rocket_mad_url.trim()) : '';
  const diadem = general.diadem_url.trim() ? withSlash(general.diadem_url.trim()) : '';
  return (entity, where) => {
    const { latitude: lat, longitude: lon } = where;
    const id = entity ? encodeUrlText(entity.id) : '';
    return {
      rdmUrl: !rdm ? '' : entity?.rdm && id ? `${rdm}@${entity.rdm}/${id}` : `${rdm}@${lat}/@${lon}/18`,
      reactMapUrl: reactMap && entity && id ? `${reactMap}id/${entity.reactMap}/${id}` : '',
      rocketMadUrl: rocketMad ? `${rocketMad}?lat=${lat}&lon=${lon}&zoom=18.0` : '',
      diademUrl: diadem && entity?.diadem && id ? `${diadem}${entity.diadem}/${id}` : '',
    };
  };
}
