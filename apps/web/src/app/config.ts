/** Runtime configuration of the web client. */
export const config = {
  apiBaseUrl: '/api',
  map: {
    /** OpenStreetMap raster tiles; without network the map still shows markers and clusters. */
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    tileAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> -tekijät',
    altTileUrl: 'https://{s}.tile.openstreetmap.fr/hot/{z}/{x}/{y}.png',
    altTileAttribution:
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> -tekijät, tyyli: Humanitarian OSM Team',
  },
} as const;
