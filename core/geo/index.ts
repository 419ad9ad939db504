/** Geofences: loading (files, GeoJSON, remote), the R-tree index, the reloadable store, geometry helpers, API routes. */
export type { Fence, FenceId, LatLon, Polygon, Ring } from './fence.ts';
export { FenceIndex } from './fence-index.ts';
export { loadGeofences, DEFAULT_GEOFENCE_PATH, FALLBACK_GEOFENCE_PATH, type GeofenceLoadOptions, type LoadResult } from './load.ts';
export { GeofenceStore, buildGeofenceSet, type GeofenceSet, type ReloadOutcome, type GeofenceLoader } from './store.ts';
export { geofenceRoutes, type GeofenceSource } from './routes.ts';
export { distanceMetres, bearingDegrees, bearingArrow, BEARING_ARROWS, EARTH_RADIUS_METRES, type BearingArrow } from './distance.ts';
export { boxAround, boxContains, boxOfFence, boxOfPoints, boxesIntersect, boxUnion, type LatLonBox } from './bbox.ts';
export { toPoracle, toGeoJsonFeature, toFeatureCollection, type PoracleFence, type GeoJsonFeature, type GeoJsonFeatureCollection } from './shapes.ts';
export { areaHash, areaHashes, setHash } from './hash.ts';
export { s2CellId, weatherCellId, WEATHER_CELL_LEVEL } from './s2-cell.ts';
export { WeatherCellStore, type WeatherCells } from './weather-cells.ts';
