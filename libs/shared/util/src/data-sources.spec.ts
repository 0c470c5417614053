import { DATA_SOURCES, dataSource, OPEN_DATA_SOURCE_IDS, SHOPPERS_SOURCE_ID } from './data-sources';

describe("the shoppers' price reports as a source", () => {
  it('is named and described in Finnish, a price source of its own kind, with no licence or attribution', () => {
    const info = dataSource(SHOPPERS_SOURCE_ID);
    expect(DATA_SOURCES).toContain(info);
    expect(info).toMatchObject({
      id: 'shoppers',
      name: 'Käyttäjien havainnot verkkokaupoista',
      provides: 'Hinnat, jotka Hintakori-lisäosan käyttäjät ovat nähneet S-kauppojen ja K-Ruoan verkkokaupoissa ja halunneet jakaa',
      priceKind: 'käyttäjän havainto',
      licence: null,
      licenceUrl: null,
      licenceNote: 'Hintakorin käyttäjien jakama tieto, ei avointa lisenssiä',
      attribution: null,
      open: false,
    });
  });

  it('is not counted as open data (which only fills what the chains left empty)', () => {
    expect(OPEN_DATA_SOURCE_IDS).not.toContain(SHOPPERS_SOURCE_ID);
  });

  it('says why a source has no open licence: every source has a licence or a note, never both', () => {
    for (const source of DATA_SOURCES) expect([source.licence, source.licenceNote].filter(Boolean)).toHaveLength(1);
    expect(dataSource('csv:tokmanni').licenceNote).toBe('Ketjun oma tieto, ei avointa lisenssiä');
  });
});
