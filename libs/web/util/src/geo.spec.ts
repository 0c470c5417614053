import { boundingBox, distanceMetres, nearest } from './geo';

describe('geolocation box', () => {
  it('reaches 5 km to every side using an earth radius of 6378 km', () => {
    const box = boundingBox(60.17, 24.94);
    const dLat = (5 / 6378) * (180 / Math.PI);
    expect(box.maxLat - 60.17).toBeCloseTo(dLat, 10);
    expect(60.17 - box.minLat).toBeCloseTo(dLat, 10);
    // Longitude degrees are shorter in the north, so the box is wider in degrees.
    expect(box.maxLong - 24.94).toBeCloseTo(dLat / Math.cos((60.17 * Math.PI) / 180), 10);
    expect(distanceMetres(60.17, 24.94, box.maxLat, 24.94)).toBeCloseTo(5000, 0);
    expect(distanceMetres(60.17, 24.94, 60.17, box.maxLong)).toBeCloseTo(5000, -1);
  });

  it('keeps the nearest stores sorted by distance', () => {
    const stores = [
      { id: 1, lat: 60.2, long: 24.94 },
      { id: 2, lat: 60.171, long: 24.94 },
      { id: 3, lat: 60.18, long: 24.94 },
      { id: 4, lat: 60.3, long: 24.94 },
      { id: 5, lat: 60.175, long: 24.94, distance: 10 },
    ];
    expect(nearest(stores, 60.17, 24.94, 4).map((s) => s.id)).toEqual([5, 2, 3, 1]);
  });
});
