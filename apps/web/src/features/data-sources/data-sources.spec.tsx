import { screen, within } from '@testing-library/react';
import { DATA_SOURCES } from '@hintakori/shared-util';
import type { Store, StoreItem } from '../../app/models';
import { fakeResponse, renderWithProviders, sampleStoreItem } from '../../test/render';
import { StorePriceTable } from '../../kit/product/StorePriceTable';
import { DataSourcesPage } from './components/DataSourcesPage';
import { OpenBadge } from '../../kit/stores/OpenBadge';
import { OpeningTimes } from '../../kit/stores/OpeningTimes';
import { StoreHeader, StoreInfo } from '../../kit/stores/StoreInfo';
import { ProductSources } from '../../kit/sources/ProductSources';
import { priceSourceText } from '../../kit/sources/data-sources';
import { StoreSource, storeClosedText } from '../../kit/sources/StoreSource';

// The store page's map (Leaflet) is never loaded in unit tests.
jest.mock('../../kit/stores/StoreMap', () => ({ StoreMap: () => <div data-testid="store-map" /> }));

/** The text of the price row of a store (rows are sorted by price). */
const rowTexts = () => screen.getAllByTestId('store-price-row').map((row) => row.textContent ?? '');

const price = (storeId: number, overrides: Partial<StoreItem>): StoreItem => sampleStoreItem(storeId, overrides);

describe('where a price came from, on the product page', () => {
  it("names a shopper's Open Prices report with the day it was reported, in Finland's calendar", () => {
    // 22.30 UTC on the 19th is already the 20th in Helsinki.
    renderWithProviders(<StorePriceTable storeItems={[price(1, { source: 'open-prices', updatedAt: '2026-11-19T22:30:00.000Z' })]} />);
    expect(rowTexts()[0]).toContain('Lähde: Open Prices, käyttäjän ilmoitus 20.11.2026');
  });

  it("names a chain's own price feed and the day it saw the price", () => {
    renderWithProviders(
      <StorePriceTable
        storeItems={[
          price(1, { source: 's-group', updatedAt: '2026-11-26T08:00:00.000Z', price: 189 }),
          price(2, { source: 'csv:tokmanni', updatedAt: '2026-11-25T08:00:00.000Z', price: 199 }),
        ]}
      />,
    );
    const [sGroup, feed] = rowTexts();
    expect(sGroup).toContain('Lähde: S-ryhmä, ketjun hintatieto 26.11.2026');
    expect(feed).toContain('Lähde: Syöte tokmanni, syötteen hintatieto 25.11.2026');
  });

  it("names a chain's own web shop or site with the day it saw the price, and every price of the table its own", () => {
    renderWithProviders(
      <StorePriceTable
        storeItems={[
          price(1, { source: 's-kaupat', updatedAt: '2026-11-26T08:00:00.000Z', price: 189 }),
          price(2, { source: 'k-ruoka', updatedAt: '2026-11-25T21:30:00.000Z', price: 195 }),
          price(3, { source: 'lidl', updatedAt: '2026-11-24T08:00:00.000Z', price: 199 }),
        ]}
      />,
    );
    expect(rowTexts()).toEqual([
      expect.stringContaining('Lähde: S-kaupat (S-ryhmän verkkokauppa), kaupan verkkokaupan hinta 26.11.2026'),
      // 21.30 UTC on the 25th is the 25th in Helsinki (UTC+2) until 22.00.
      expect.stringContaining('Lähde: K-Ruoka (K-ryhmän verkkokauppa), kaupan verkkokaupan hinta 25.11.2026'),
      expect.stringContaining('Lähde: Lidl, Lidlin valtakunnallinen hinta 24.11.2026'),
    ]);
    expect(screen.getAllByTestId('price-source')).toHaveLength(3);
  });

  it("names the web shop of a price a shopper shared by the store's group, and the day in Finland's calendar", () => {
    const chosen = [
      { id: 1, name: 'Prisma Kamppi', urlSlug: 'prisma-kamppi', chain: 'prisma', type: 'S', externalId: 's1' },
      { id: 2, name: 'K-Citymarket Ruoholahti', urlSlug: 'k-citymarket-ruoholahti', chain: 'kcitymarket', type: 'K', externalId: 'k2' },
      { id: 3, name: 'Lidl Kamppi', urlSlug: 'lidl-kamppi', chain: 'lidl', type: 'L', externalId: 'l3' },
    ];
    // 22.30 UTC on 30 November is 1 December in Helsinki.
    const seen = '2026-11-30T22:30:00.000Z';
    renderWithProviders(
      <StorePriceTable
        storeItems={[
          price(1, { source: 'shoppers', updatedAt: seen, price: 189 }),
          price(2, { source: 'shoppers', updatedAt: seen, price: 195 }),
          price(3, { source: 'shoppers', updatedAt: seen, price: 199 }),
          // Not among the chosen stores: the group is not known here.
          price(4, { source: 'shoppers', updatedAt: seen, price: 209 }),
          price(5, { source: 's-kaupat', updatedAt: seen, price: 219 }),
        ]}
      />,
      { preloadedState: { stores: { selected: [...chosen, { id: 5, name: 'Sale Kallio', urlSlug: 'sale-kallio', chain: 'sale', type: 'S', externalId: 's5' }] } } },
    );
    expect(screen.getAllByTestId('price-source').map((line) => line.textContent)).toEqual([
      'Lähde: käyttäjän havainto S-kaupat-verkkokaupasta 1.12.2026',
      'Lähde: käyttäjän havainto K-Ruoka-verkkokaupasta 1.12.2026',
      'Lähde: käyttäjän havainto verkkokaupasta 1.12.2026',
      'Lähde: käyttäjän havainto verkkokaupasta 1.12.2026',
      // Another source's line is the same whatever the store's group.
      'Lähde: S-kaupat (S-ryhmän verkkokauppa), kaupan verkkokaupan hinta 1.12.2026',
    ]);
    expect(rowTexts()[0]).toMatch(/^Prisma Kamppi/);
  });

  it('renders what a source names itself as text, never as markup', () => {
    renderWithProviders(<StorePriceTable storeItems={[price(1, { source: 'csv:<img src=x onerror=alert(1)>', price: 189 })]} />);
    expect(rowTexts()[0]).toContain('Lähde: Syöte <img src=x onerror=alert(1)>, syötteen hintatieto');
    expect(screen.getByTestId('store-price-row').querySelector('img')).toBeNull();
  });

  it('says nothing about a source for an estimated price or a price without one, and keeps the clock', () => {
    renderWithProviders(
      <StorePriceTable
        storeItems={[
          price(1, { source: 'open-prices', isEstimated: true, price: 189 }),
          price(2, { source: null, price: 199 }),
          price(3, { price: 209 }),
        ]}
      />,
    );
    for (const text of rowTexts()) expect(text).not.toContain('Lähde');
    expect(screen.queryAllByTestId('price-source')).toHaveLength(0);
    // The 14-day clock is still there, red for a price last seen long ago.
    for (const row of screen.getAllByTestId('store-price-row')) expect(row.querySelector('[data-stale="true"]')).not.toBeNull();
  });
});

describe("the product data's sources", () => {
  it('names the open sources of the product fields once, with a link to the sources page', () => {
    renderWithProviders(
      <ProductSources
        fieldSources={[
          { field: 'ingredients', source: 'open-food-facts', observedAt: '2026-11-20T00:00:00.000Z' },
          { field: 'nutritionalContent', source: 'open-food-facts', observedAt: null },
          { field: 'name', source: 's-group', observedAt: null },
        ]}
      />,
    );
    const line = screen.getByTestId('product-sources');
    expect(line.textContent).toMatch(/^Tuotetiedot: Open Food Facts ·/);
    expect(within(line).getByRole('link', { name: 'Tietolähteet ja lisenssit' })).toHaveAttribute('href', '/tietoa/lahteet');
  });

  it("shows no line when only the chain's own feed gave the fields, or nothing is known", () => {
    renderWithProviders(<ProductSources fieldSources={[{ field: 'name', source: 'k-group', observedAt: null }]} />);
    renderWithProviders(<ProductSources fieldSources={undefined} />);
    expect(screen.queryByText(/Tuotetiedot/)).toBeNull();
  });
});

describe('the sources page /tietoa/lahteet', () => {
  it('lists every source with what it gives, its licence (linked) and the attribution it asks for', () => {
    renderWithProviders(<DataSourcesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tietolähteet' })).toBeInTheDocument();
    expect(document.title).toBe('Tietolähteet | Hintakori');
    const sections = screen.getAllByTestId('data-source');
    expect(sections).toHaveLength(DATA_SOURCES.length);
    for (const source of DATA_SOURCES) {
      const section = screen.getByRole('region', { name: source.name });
      expect(section).toHaveTextContent(source.provides);
      if (source.licence && source.licenceUrl) {
        expect(within(section).getByRole('link', { name: source.licence })).toHaveAttribute('href', source.licenceUrl);
      }
      if (source.attribution) expect(section).toHaveTextContent(source.attribution);
    }
    for (const name of ['OpenStreetMap', 'Open Food Facts', 'Open Prices']) {
      const section = screen.getByRole('region', { name });
      expect(within(section).getByRole('link', { name: /Open Database License \(ODbL\) 1\.0/ })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('region', { name: 'OpenStreetMap' })).getByText('© OpenStreetMapin tekijät')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'S-ryhmä' })).getByText('Ketjun oma tieto, ei avointa lisenssiä')).toBeInTheDocument();
  });

  it("lists the chains' web shops and sites with the terms of use that apply, linked, and none of them as open data", () => {
    renderWithProviders(<DataSourcesPage />);
    const sites = [
      { name: 'S-kaupat (S-ryhmän verkkokauppa)', terms: 'S-kaupat.fi:n käyttöehdot; käytössä vain ketjun kanssa sovitusti', url: 'https://www.s-kaupat.fi/kayttoehdot' },
      { name: 'K-Ruoka (K-ryhmän verkkokauppa)', terms: 'K-ruoka.fi:n käyttöehdot; käytössä vain ketjun kanssa sovitusti', url: 'https://www.k-ruoka.fi/kayttoehdot' },
      { name: 'Lidl', terms: 'Lidl.fi:n käyttöehdot; käytössä vain ketjun kanssa sovitusti', url: 'https://www.lidl.fi/c/kayttoehdot/s10016208' },
    ];
    for (const site of sites) {
      const section = screen.getByRole('region', { name: site.name });
      expect(within(section).getByTestId('source-terms')).toHaveTextContent(site.terms);
      expect(within(section).getByRole('link', { name: site.url.replace('https://', '') })).toHaveAttribute('href', site.url);
      expect(within(section).getByText('Ketjun oma tieto, ei avointa lisenssiä')).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'S-kaupat (S-ryhmän verkkokauppa)' })).toHaveTextContent('S-ryhmän kauppojen tuotteet, hinnat ja aukioloajat kauppakohtaisesti');
    expect(screen.getByRole('region', { name: 'Lidl' })).toHaveTextContent('Lidlin myymälät, aukioloajat ja valtakunnalliset hinnat');
    // Every source with terms shows them; the open ones have their licence instead.
    expect(screen.getAllByTestId('source-terms')).toHaveLength(DATA_SOURCES.filter((s) => s.terms).length);
    expect(DATA_SOURCES.filter((s) => s.terms).map((s) => s.id)).toEqual(['lidl', 's-kaupat', 'k-ruoka']);
    expect(DATA_SOURCES.filter((s) => s.open).map((s) => s.id)).toEqual(['osm', 'open-food-facts', 'open-prices']);
    expect(DATA_SOURCES).toHaveLength(9);
    expect(document.body.textContent).toContain('Hintakorin oma 30 päivän alin hinta lasketaan aina Hintakorin omasta hintahistoriasta');
  });

  it('lists the prices shoppers share with the extension: what is collected, what never is, and which price wins', () => {
    renderWithProviders(<DataSourcesPage />);
    const section = screen.getByRole('region', { name: 'Käyttäjien havainnot verkkokaupoista' });
    expect(section).toHaveTextContent('Hinnat, jotka Hintakori-lisäosan käyttäjät ovat nähneet S-kauppojen ja K-Ruoan verkkokaupoissa ja halunneet jakaa');
    expect(section).toHaveTextContent('Hintakorin käyttäjien jakama tieto, ei avointa lisenssiä');
    expect(section).not.toHaveTextContent('Ketjun oma tieto');
    expect(within(section).queryByText('Lähdemerkintä')).toBeNull();
    const page = document.body.textContent ?? '';
    expect(page).toContain('tallennetaan vain tuotteen EAN-koodi, verkkokaupan kauppaa vastaava Hintakorin kauppa');
    expect(page).toContain('Käyttäjästä ei lähetetä mitään: ei evästeitä, tiliä, ostoskoria eikä osoitetta');
    expect(page).toContain('se odottaa, kunnes toinen käyttäjä havaitsee saman hinnan');
    expect(page).toContain('Ketjun oma, uudempi hintatieto menee aina käyttäjän havainnon edelle');
    // The example is the line the product page writes.
    expect(page).toContain(`”${priceSourceText({ price: 189, isEstimated: false, source: 'shoppers', updatedAt: '2026-12-01T10:00:00.000Z' }, 'S')}”`);
    expect(screen.getByRole('link', { name: 'tietosuojalausekkeessa' })).toHaveAttribute('href', '/tietosuojalauseke');
  });

  it("tells what shoppers' reports, open data and the red clock mean", () => {
    renderWithProviders(<DataSourcesPage />);
    const page = document.body.textContent ?? '';
    expect(page).toContain('OpenStreetMap, Open Food Facts ja Open Prices ovat avoimia tietokantoja');
    expect(page).toContain('voivat olla vanhempia kuin ketjujen omat hintatiedot tai poiketa hyllyssä olevasta hinnasta');
    expect(page).toContain('se ei koskaan korvaa sitä, mitä ketjun oma hintatieto tai tuotetieto kertoo');
    expect(page).toContain('Jos hintaa ei ole nähty yli 14 päivään, sen kohdalla oleva kellokuvake näkyy punaisena');
  });
});

const STORE: Store = {
  id: 7,
  name: 'Lähikauppa Kallio',
  urlSlug: 'lahikauppa-kallio',
  chain: 'other',
  type: 'O',
  externalId: 'node/1',
  address: 'Helsinginkatu 1',
  postalCode: '00500',
  city: 'Helsinki',
  lat: 60.18,
  long: 24.95,
  // Open all day on the test's day: a badge that guessed from these would say 'Avoinna'.
  openingTimes: [{ date: '2026-11-20', opens: '00:00', closes: '23:59', isOpenAllDay: true, description: null }],
  openingTimeExceptions: [],
  source: 'osm',
  sourceObservedAt: '2026-11-19T00:00:00.000Z',
  openingHoursKnown: true,
  isClosed: false,
};

describe('a store from open data', () => {
  beforeEach(() => jest.useFakeTimers().setSystemTime(new Date('2026-11-20T12:00:00+02:00')));
  afterEach(() => jest.useRealTimers());

  it("says its hours are not known instead of a table, and the badge does not guess", () => {
    const store = { ...STORE, openingHoursKnown: false };
    renderWithProviders(<OpeningTimes store={store} />);
    expect(screen.getByText('Aukioloajat eivät ole tiedossa')).toBeInTheDocument();
    expect(screen.queryByTestId('opening-times')).toBeNull();
    renderWithProviders(<OpenBadge store={store} />);
    expect(screen.queryByTestId('open-badge')).toBeNull();
    // A store with known hours still gets the table and the badge.
    renderWithProviders(<OpeningTimes store={STORE} />);
    expect(screen.getByTestId('opening-times')).toBeInTheDocument();
    renderWithProviders(<OpenBadge store={STORE} />);
    expect(screen.getByTestId('open-badge')).toHaveTextContent('Avoinna');
  });

  it("keeps 'Aukioloaikoja ei saatavilla' for a store whose source has no hours for these days", () => {
    renderWithProviders(<OpeningTimes store={{ ...STORE, openingTimes: [] }} />);
    expect(screen.getByText('Aukioloaikoja ei saatavilla')).toBeInTheDocument();
    expect(screen.queryByText('Aukioloajat eivät ole tiedossa')).toBeNull();
  });

  it("shows a store gone from its source as closed for good, whatever its old hours say", () => {
    renderWithProviders(<StoreHeader store={{ ...STORE, isClosed: true }} />);
    const badge = screen.getByTestId('open-badge');
    expect(badge).toHaveTextContent('Suljettu pysyvästi');
    expect(screen.queryByText('Avoinna')).toBeNull();
    expect(storeClosedText('osm')).toBe('Kauppaa ei enää löydy lähteestä OpenStreetMap, joten se on merkitty pysyvästi suljetuksi.');
  });

  it("on the store page, puts the closing sentence in place of the opening times and names the source under the address", async () => {
    global.fetch = jest.fn(async () => fakeResponse(200, [])) as unknown as typeof fetch;
    renderWithProviders(<StoreInfo store={{ ...STORE, isClosed: true }} basePath="/kaupat" />);
    await screen.findByTestId('store-map');
    expect(screen.getByTestId('store-closed')).toHaveTextContent('Kauppaa ei enää löydy lähteestä OpenStreetMap, joten se on merkitty pysyvästi suljetuksi.');
    expect(screen.queryByRole('heading', { name: 'Aukioloajat' })).toBeNull();
    const address = screen.getByRole('region', { name: 'Osoite' });
    expect(address.nextElementSibling).toHaveTextContent('Lähde: OpenStreetMap');
  });

  it('names OpenStreetMap as its source with the credit it asks for and a link to the sources page', () => {
    renderWithProviders(<StoreSource source="osm" />);
    const line = screen.getByTestId('store-source');
    expect(line).toHaveTextContent('Lähde: OpenStreetMap (© OpenStreetMapin tekijät) · Tietolähteet');
    expect(within(line).getByRole('link', { name: 'Tietolähteet' })).toHaveAttribute('href', '/tietoa/lahteet');
    renderWithProviders(<StoreSource source="s-group" />);
    renderWithProviders(<StoreSource source={null} />);
    expect(screen.getAllByTestId('store-source')).toHaveLength(1);
    // A store from a chain's own web shop says so too (its data and hours are the shop's).
    renderWithProviders(<StoreSource source="s-kaupat" />);
    expect(screen.getAllByTestId('store-source')[1]).toHaveTextContent('Lähde: S-kaupat (S-ryhmän verkkokauppa) · Tietolähteet');
  });
});
