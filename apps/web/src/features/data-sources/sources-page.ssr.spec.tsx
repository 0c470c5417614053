/** @jest-environment node */
import { firstScreenNeeds, renderFirstScreen } from '../../server/first-screen';

/** The text of the markup, as a reader sees it. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

describe('/tietoa/lahteet rendered on the server', () => {
  it('gets a first screen like /tietoa, without data to fetch', () => {
    expect(firstScreenNeeds('/tietoa/lahteet')).toEqual({ categories: false, itemId: null });
    expect(firstScreenNeeds('/tietoa/lahteet/')).toEqual({ categories: false, itemId: null });
    expect(firstScreenNeeds('/tietoa/muuta')).toBeNull();
  });

  it('renders the sources with their licences in the shell, whose footer links to the page', async () => {
    const screen = await renderFirstScreen('/tietoa/lahteet');
    const shown = text(screen.html);
    expect(shown).toContain('Tietolähteet');
    expect(shown).toContain('OpenStreetMap');
    expect(shown).toContain('Open Database License (ODbL) 1.0');
    expect(shown).toContain('© OpenStreetMapin tekijät');
    // The chains' shops with the terms of use that apply, linked.
    expect(shown).toContain('S-kaupat (S-ryhmän verkkokauppa)');
    expect(shown).toContain('S-kaupat.fi:n käyttöehdot; käytössä vain ketjun kanssa sovitusti');
    expect(screen.html).toContain('href="https://www.s-kaupat.fi/kayttoehdot"');
    expect(screen.html).toContain('href="https://www.k-ruoka.fi/kayttoehdot"');
    expect(screen.html).toContain('href="https://www.lidl.fi/c/kayttoehdot/s10016208"');
    // The prices shoppers share with the extension, with what is collected: the same component as in the browser.
    expect(shown).toContain('Käyttäjien havainnot verkkokaupoista');
    expect(shown).toContain('Hintakorin käyttäjien jakama tieto, ei avointa lisenssiä');
    expect(screen.html).toMatch(/<footer[^]*<a href="\/tietoa\/lahteet"[^>]*>Tietolähteet<\/a>[^]*<\/footer>/);
  });
});
