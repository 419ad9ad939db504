/**
 * Static map image URLs that are built from the position alone, no request: Google Static Maps, MapQuest
 * (the `osm` provider, as before) and Mapbox, sized by [geocoding] width/height/zoom, keyed by static_key.
 */
import type { EventLocation } from '../contract.ts';

export interface MapFrame {
  readonly width: number;
  readonly height: number;
  readonly zoom: number;
}

export type UrlStaticProvider = 'google' | 'osm' | 'mapbox';

export function staticMapUrl(provider: UrlStaticProvider, where: EventLocation, frame: MapFrame, key: string): string {
  const { latitude: lat, longitude: lon } = where;
  const { width, height, zoom } = frame;
  switch (provider) {
    case 'google': {
      const params = new URLSearchParams({ center: `${lat},${lon}`, markers: `color:red|${lat},${lon}`, maptype: 'roadmap', zoom: String(zoom), size: `${width}x${height}` });
      if (key) params.set('key', key);
      return `https://maps.googleapis.com/maps/api/staticmap?${params.toString()}`;
    }
    case 'osm': {
      const params = new URLSearchParams({ locations: `${lat},${lon}`, size: `${width},${height}`, defaultMarker: 'marker-md-3B5998-22407F', zoom: String(zoom) });
      if (key) params.set('key', key);
      return `https://www.mapquestapi.com/staticmap/v5/map?${params.toString()}`;
    }
    case 'mapbox': {
      const query = key ? `?access_token=${encodeURIComponent(key)}` : '';
      return `https://api.mapbox.com/styles/v1/mapbox/streets-v11/static/pin-s+e0301e(${lon},${lat})/${lon},${lat},${zoom},0/${width}x${height}${query}`;
    }
  }
}
