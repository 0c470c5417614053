/** Runtime configuration of the web client. */
export const config = {
  apiBaseUrl: '/api',
  map: {
    /**
     * OpenStreetMap raster tiles; without network the map still shows markers and clusters. The credit is the one
     * OpenStreetMap asks for (DATA_SOURCES in @hintakori/shared-util), with a link to the site's sources page.
     */
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    tileAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMapin tekijät</a> | <a href="/tietoa/lahteet">Tietolähteet</a>',
    altTileUrl: 'https://{s}.tile.openstreetmap.fr/hot/{z}/{x}/{y}.png',
    altTileAttribution:
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMapin tekijät</a>, tyyli: Humanitarian OSM Team | <a href="/tietoa/lahteet">Tietolähteet</a>',
  },
} as const;
