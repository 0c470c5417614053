/**
 * Every source Hintakori shows data from: what a shopper reads beside a price ("Lähde: …"), the licence and the
 * attribution each asks for (page /tietoa/lahteet). Keyed by the source id that feed runs and the API use.
 */
export interface DataSourceInfo {
  id: string;
  /** Finnish name as shown to shoppers. */
  name: string;
  /** What the source gives Hintakori, in Finnish. */
  provides: string;
  /** How a price from this source was observed, in Finnish ("käyttäjän ilmoitus"); null: not a price source. */
  priceKind: string | null;
  licence: string | null;
  licenceUrl: string | null;
  /** Why there is no open licence, in Finnish, shown in its place ("Ketjun oma tieto, …"); null for an open source. */
  licenceNote: string | null;
  /** The attribution text the source asks for. */
  attribution: string | null;
  url: string | null;
  /** The terms of use that apply to Hintakori's use of the source, in Finnish; null: none beyond the licence. */
  terms: string | null;
  /** Where those terms are published; null: nowhere to link. */
  termsUrl: string | null;
  /** true: openly licensed public data (never overwrites what a chain feed said). */
  open: boolean;
}

/** A chain's or partner's own feed: no public licence or attribution. */
function feedSource(id: string, name: string, provides: string, priceKind: string): DataSourceInfo {
  return {
    id,
    name,
    provides,
    priceKind,
    licence: null,
    licenceUrl: null,
    licenceNote: 'Ketjun oma tieto, ei avointa lisenssiä',
    attribution: null,
    url: null,
    terms: null,
    termsUrl: null,
    open: false,
  };
}

/**
 * A chain's own web shop or site, read under the site's terms of use: no open licence, and used only as agreed with
 * the chain. `termsUrl` is the site's published terms page as known when this was written: the operator must check
 * that it still is the page that applies (and what it allows) before the source is run.
 */
function chainSiteSource(id: string, name: string, provides: string, priceKind: string, site: { url: string; terms: string; termsUrl: string }): DataSourceInfo {
  return { ...feedSource(id, name, provides, priceKind), url: site.url, terms: site.terms, termsUrl: site.termsUrl };
}

/**
 * The source id of the prices shoppers share from the chains' web shops with the Hintakori extension (POST
 * /api/price-reports): the product page names the shop the price was seen in, which the store's group tells.
 */
export const SHOPPERS_SOURCE_ID = 'shoppers';

export const DATA_SOURCES: readonly DataSourceInfo[] = [
  {
    id: 'osm',
    name: 'OpenStreetMap',
    provides: 'Kauppojen sijainnit, osoitteet ja aukioloajat',
    priceKind: null,
    licence: 'Open Database License (ODbL) 1.0',
    licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
    licenceNote: null,
    attribution: '© OpenStreetMapin tekijät',
    url: 'https://www.openstreetmap.org/copyright',
    terms: null,
    termsUrl: null,
    open: true,
  },
  {
    id: 'open-food-facts',
    name: 'Open Food Facts',
    provides: 'Tuotteiden nimet, merkit, kuvat, ainesosat, alkuperä ja ravintosisältö',
    priceKind: null,
    licence: 'Open Database License (ODbL) 1.0; kuvat CC BY-SA 3.0',
    licenceUrl: 'https://world.openfoodfacts.org/terms-of-use',
    licenceNote: null,
    attribution: 'Tuotetiedot: Open Food Facts -yhteisö (openfoodfacts.org)',
    url: 'https://world.openfoodfacts.org',
    terms: null,
    termsUrl: null,
    open: true,
  },
  {
    id: 'open-prices',
    name: 'Open Prices',
    provides: 'Kuluttajien ilmoittamat hinnat kaupoista',
    priceKind: 'käyttäjän ilmoitus',
    licence: 'Open Database License (ODbL) 1.0',
    licenceUrl: 'https://prices.openfoodfacts.org',
    licenceNote: null,
    attribution: 'Hinnat: Open Prices, Open Food Facts -yhteisö (prices.openfoodfacts.org)',
    url: 'https://prices.openfoodfacts.org',
    terms: null,
    termsUrl: null,
    open: true,
  },
  feedSource('s-group', 'S-ryhmä', 'S-ryhmän kauppojen tuotteet ja hinnat', 'ketjun hintatieto'),
  feedSource('k-group', 'K-ryhmä', 'K-ryhmän kauppojen tuotteet ja hinnat', 'ketjun hintatieto'),
  // The termsUrl of the three below are the sites' published terms pages: the operator must check them (see chainSiteSource).
  chainSiteSource('lidl', 'Lidl', 'Lidlin myymälät, aukioloajat ja valtakunnalliset hinnat', 'Lidlin valtakunnallinen hinta', {
    url: 'https://www.lidl.fi',
    terms: 'Lidl.fi:n käyttöehdot; käytössä vain ketjun kanssa sovitusti',
    termsUrl: 'https://www.lidl.fi/c/kayttoehdot/s10016208',
  }),
  chainSiteSource('s-kaupat', 'S-kaupat (S-ryhmän verkkokauppa)', 'S-ryhmän kauppojen tuotteet, hinnat ja aukioloajat kauppakohtaisesti', 'kaupan verkkokaupan hinta', {
    url: 'https://www.s-kaupat.fi',
    terms: 'S-kaupat.fi:n käyttöehdot; käytössä vain ketjun kanssa sovitusti',
    termsUrl: 'https://www.s-kaupat.fi/kayttoehdot',
  }),
  chainSiteSource('k-ruoka', 'K-Ruoka (K-ryhmän verkkokauppa)', 'K-ryhmän kauppojen tuotteet, hinnat ja aukioloajat kauppakohtaisesti', 'kaupan verkkokaupan hinta', {
    url: 'https://www.k-ruoka.fi',
    terms: 'K-ruoka.fi:n käyttöehdot; käytössä vain ketjun kanssa sovitusti',
    termsUrl: 'https://www.k-ruoka.fi/kayttoehdot',
  }),
  // Hintakori's own shoppers, not a chain: no licence to name, and no attribution to give beyond the source line.
  {
    ...feedSource(
      SHOPPERS_SOURCE_ID,
      'Käyttäjien havainnot verkkokaupoista',
      'Hinnat, jotka Hintakori-lisäosan käyttäjät ovat nähneet S-kauppojen ja K-Ruoan verkkokaupoissa ja halunneet jakaa',
      'käyttäjän havainto',
    ),
    licenceNote: 'Hintakorin käyttäjien jakama tieto, ei avointa lisenssiä',
  },
];

const BY_ID = new Map(DATA_SOURCES.map((s) => [s.id, s]));

/** The source of an id; `csv:<name>` / `jsonl:<name>` feeds are a chain's or partner's own file. */
export function dataSource(id: string): DataSourceInfo {
  const known = BY_ID.get(id);
  if (known) return known;
  const feed = /^(csv|jsonl):(.+)$/.exec(id);
  return feedSource(id, feed ? `Syöte ${feed[2]}` : id, 'Hinnat tiedostosyötteestä', 'syötteen hintatieto');
}

/** The ids of the open sources, whose data fills only what the chains' feeds left empty. */
export const OPEN_DATA_SOURCE_IDS: readonly string[] = DATA_SOURCES.filter((s) => s.open).map((s) => s.id);
