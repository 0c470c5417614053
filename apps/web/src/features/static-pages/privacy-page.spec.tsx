import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { priceSourceText } from '../../kit/sources/data-sources';
import { PrivacyPage } from './components/PrivacyPage';

describe('the privacy page /tietosuojalauseke', () => {
  it('is dated the day it last changed, in the page’s own date style', () => {
    renderWithProviders(<PrivacyPage />);
    expect(screen.getByText('Päivitetty 3.12.2026')).toBeInTheDocument();
  });

  it("explains the extension's price sharing: off until turned on, what is sent, what never is, and the address", () => {
    renderWithProviders(<PrivacyPage />);
    const heading = screen.getByRole('heading', { level: 2, name: 'Hintojen jakaminen Hintakori-lisäosalla' });
    const list = heading.nextElementSibling;
    expect(list?.tagName).toBe('UL');
    const text = list?.textContent?.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain('Jakaminen on pois päältä, kunnes otat sen itse käyttöön lisäosan valikosta');
    expect(text).toContain(
      'tuotteen EAN-koodin, Hintakorin kaupan tunnisteen (lisäosa päättelee sen verkkokaupan kaupan tunnisteesta), hinnan, normaalihinnan ja tarjoushinnan, yksikköhinnan sellaisena kuin verkkokauppa sen näyttää sekä ajan, jolloin hinta nähtiin',
    );
    expect(text).toContain('Sinusta ei lähetetä mitään: ei evästeitä, verkkokaupan tiliäsi, ostoskoriasi, osoitettasi');
    expect(text).toContain('enintään 120 hintahavaintoa tunnissa');
    expect(text).toContain('vain avaimella laskettu yksisuuntainen tiiviste');
    expect(text).toContain('itse osoitetta ei tallenneta');
    // The example is the line the product page writes for such a price.
    const line = priceSourceText({ price: 189, isEstimated: false, source: 'shoppers', updatedAt: '2026-12-01T10:00:00.000Z' }, 'S');
    expect(text).toContain(`”${line}”`);
  });
});
