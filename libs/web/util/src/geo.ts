import { EARTH_RADIUS_KM, GEO_BOX_KM } from './constants';

export interface GeoBox {
  minLat: number;
  minLong: number;
  maxLat: number;
  maxLong: number;
}

const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

/** A box reaching `km` kilometres north, south, east and west of a point (earth radius 6378 km). */
export function boundingBox(lat: number, long: number, km: number = GEO_BOX_KM): GeoBox {
  const dLat = toDeg(km / EARTH_RADIUS_KM);
  const dLong = toDeg(km / (EARTH_RADIUS_KM * Math.cos(toRad(lat))));
  return { minLat: lat - dLat, maxLat: lat + dLat, minLong: long - dLong, maxLong: long + dLong };
}

/** Great-circle distance in metres. */
export function distanceMetres(aLat: number, aLong: number, bLat: number, bLong: number): number {
  const dLat = toRad(bLat - aLat);
  const dLong = toRad(bLong - aLong);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(aLat)) * Math.cos(toRad(bLat)) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * 1000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Sorts by distance from a point (using `distance` when the server sent it) and keeps the first `count`. */
export function nearest<T extends { lat: number; long: number; distance?: number }>(
  items: readonly T[],
  lat: number,
  long: number,
  count: number,
): Array<T & { distance: number }> {
  return items
    .map((s) => ({ ...s, distance: s.distance ?? distanceMetres(lat, long, s.lat, s.long) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, count);
}
