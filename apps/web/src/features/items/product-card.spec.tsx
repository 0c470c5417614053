import { screen } from '@testing-library/react';
import { renderWithProviders, sampleItem, sampleStoreItem } from '../../test/render';
import { ProductCard } from './components/ProductCard';

// On a phone the search page shows two cards a row, about 145 px of text each: a line that may not wrap there widens
// the page, and the sticky search box then scrolls out of sight with it (the browser e2e of the PWA saw this).
describe('ProductCard on a narrow screen', () => {
  it('keeps only the store name (ellipsis) and the price on one line; a campaign note wraps below them', () => {
    const item = sampleItem(1, { storeItems: [sampleStoreItem(7, { isCampaign: true, lowestPrice30d: 159, price: 189 }), sampleStoreItem(8, { price: 199 })] });
    renderWithProviders(<ProductCard item={item} />);
    const note = screen.getByTestId('campaign-note');
    expect(getComputedStyle(note).whiteSpace).not.toBe('nowrap');
    expect(getComputedStyle(note).flexBasis).toBe('100%');
    expect(getComputedStyle(screen.getByTestId('fake-discount')).whiteSpace).toBe('normal');
    expect(getComputedStyle(screen.getByText('Kauppa 7')).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(screen.getAllByText('1,89 €')[0].closest('.price') as Element).whiteSpace).toBe('nowrap');
  });

  it('lets "Ei hintaa valituissa kaupoissa" wrap', () => {
    renderWithProviders(<ProductCard item={sampleItem(2)} />);
    expect(getComputedStyle(screen.getByText('Ei hintaa valituissa kaupoissa')).whiteSpace).not.toBe('nowrap');
  });

  it("shows a drink's deposit beside its price ('+ pantti 0,15 €'), and none where the store gave none", () => {
    const item = sampleItem(3, { storeItems: [sampleStoreItem(7, { price: 189, deposit: 15 }), sampleStoreItem(8, { price: 199, deposit: null })] });
    renderWithProviders(<ProductCard item={item} />);
    const notes = screen.getAllByTestId('deposit-note');
    expect(notes.map((n) => n.textContent)).toEqual(['+ pantti 0,15 €']);
    expect(notes[0].closest('li')?.textContent).toContain('Kauppa 7');
  });
});
