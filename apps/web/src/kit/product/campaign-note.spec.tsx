import { screen } from '@testing-library/react';
import type { StoreItem } from '../../app/models';
import { renderWithProviders, sampleStoreItem } from '../../test/render';
import { StorePriceTable } from './StorePriceTable';
import { CampaignNote, campaignEndText, campaignLastDay, isFakeDiscount } from './CampaignNote';

const storeItem = (overrides: Partial<StoreItem>): StoreItem => sampleStoreItem(1, { isCampaign: true, lowestPrice30d: 149, ...overrides });

describe('CampaignNote', () => {
  it('shows the 30-day low of a campaign price and flags a campaign that is not below it', () => {
    renderWithProviders(<CampaignNote storeItem={storeItem({})} />);
    expect(screen.getByText('30 pv alin: 1,49 €')).toBeTruthy();
    expect(screen.getByTestId('fake-discount').textContent).toBe('Ei todellinen alennus');
  });

  it('shows the low without a warning for a real discount', () => {
    renderWithProviders(<CampaignNote storeItem={storeItem({ price: 159, lowestPrice30d: 199 })} />);
    expect(screen.getByText('30 pv alin: 1,99 €')).toBeTruthy();
    expect(screen.queryByTestId('fake-discount')).toBeNull();
  });

  it('shows nothing for a regular price or a campaign without history', () => {
    const { container } = renderWithProviders(<CampaignNote storeItem={storeItem({ isCampaign: false })} />);
    expect(container.textContent).toBe('');
    expect(isFakeDiscount(storeItem({ lowestPrice30d: null }))).toBe(false);
    expect(isFakeDiscount(storeItem({ price: 149, lowestPrice30d: 149 }))).toBe(true);
  });

  it('shows the regular price its source gave beside a campaign price, with or without history', () => {
    const { unmount } = renderWithProviders(<CampaignNote storeItem={storeItem({ price: 299, regularPrice: 389, lowestPrice30d: 389 })} />);
    expect(screen.getByTestId('regular-price').textContent).toBe('Norm. 3,89 €');
    expect(screen.getByText('30 pv alin: 3,89 €')).toBeTruthy();
    unmount();
    renderWithProviders(<CampaignNote storeItem={storeItem({ price: 299, regularPrice: 389, lowestPrice30d: null })} />);
    expect(screen.getByTestId('campaign-note').textContent).toBe('Norm. 3,89 €');
  });

  it('leaves out a regular price that is not above the price, and any on a price that is no campaign', () => {
    const { container, unmount } = renderWithProviders(<CampaignNote storeItem={storeItem({ price: 299, regularPrice: 299, lowestPrice30d: null })} />);
    expect(container.textContent).toBe('');
    unmount();
    const other = renderWithProviders(<CampaignNote storeItem={storeItem({ isCampaign: false, price: 299, regularPrice: 389 })} />);
    expect(other.container.textContent).toBe('');
  });
});

describe("what the shop itself said of a price, in the product page's price table", () => {
  const rows = () => screen.getAllByTestId('store-price-row').map((row) => row.textContent ?? '');

  it('gives the last day of a campaign in Finland’s calendar, an end at midnight being the day before', () => {
    // 23.59.59 in Helsinki (UTC+2 in November) on the 30th.
    expect(campaignLastDay('2026-11-30T21:59:59.000Z')).toBe('30.11.');
    // 22.30 UTC on the 30th is already 1.12. in Helsinki.
    expect(campaignLastDay('2026-11-30T22:30:00.000Z')).toBe('1.12.');
    // An end at midnight, the start of 1.12. in Helsinki, is the end of 30.11.; the same in summer time (UTC+3).
    expect(campaignLastDay('2026-11-30T22:00:00.000Z')).toBe('30.11.');
    expect(campaignLastDay('2026-06-06T21:00:00.000Z')).toBe('6.6.');
    expect(campaignLastDay('ensi viikolla')).toBeNull();
    expect(campaignEndText({ isCampaign: true, campaignEndsAt: '2026-12-06T21:59:59.000Z' })).toBe('Tarjous voimassa 6.12. asti');
    expect(campaignEndText({ isCampaign: false, campaignEndsAt: '2026-12-06T21:59:59.000Z' })).toBeNull();
    expect(campaignEndText({ isCampaign: true, campaignEndsAt: null })).toBeNull();
  });

  it("shows the campaign's end and the shop's own 30-day low beside ours, and our warning still from ours", () => {
    renderWithProviders(
      <StorePriceTable
        storeItems={[
          sampleStoreItem(1, { price: 149, isCampaign: true, lowestPrice30d: 149, regularPrice: 199, campaignEndsAt: '2026-11-30T21:59:59.000Z', sourceLowest30d: 179, source: 's-kaupat' }),
        ]}
      />,
    );
    const [row] = rows();
    expect(screen.getByTestId('campaign-ends').textContent).toBe('Tarjous voimassa 30.11. asti');
    expect(screen.getByTestId('source-lowest').textContent).toBe('Kaupan ilmoittama 30 päivän alin: 1,79 €');
    expect(row).toContain('Norm. 1,99 €');
    expect(row).toContain('30 pv alin: 1,49 €');
    // The shop says its low was 1,79 €, but by our own history the campaign is not below ours: the warning is ours.
    expect(screen.getByTestId('fake-discount')).toBeTruthy();
    expect(row).toContain('Lähde: S-kaupat (S-ryhmän verkkokauppa), kaupan verkkokaupan hinta 1.3.2026');
  });

  it("shows the shop's own low on a regular price too, and neither text where the shop gave none (or a low of 0)", () => {
    renderWithProviders(
      <StorePriceTable
        storeItems={[
          sampleStoreItem(1, { price: 189, sourceLowest30d: 179 }),
          sampleStoreItem(2, { price: 199, isCampaign: true, lowestPrice30d: 219 }),
          sampleStoreItem(3, { price: 209, sourceLowest30d: 0 }),
        ]}
      />,
    );
    const [regular, campaign, zero] = rows();
    expect(regular).toContain('Kaupan ilmoittama 30 päivän alin: 1,79 €');
    expect(regular).not.toContain('Tarjous voimassa');
    // A low of 0 cents is a placeholder, not a price the shop sold at.
    expect(zero).not.toContain('Kaupan ilmoittama');
    expect(campaign).toContain('30 pv alin: 2,19 €');
    expect(campaign).not.toContain('Kaupan ilmoittama');
    expect(campaign).not.toContain('Tarjous voimassa');
  });

  it('keeps the product cards as they were: the shop’s texts are for the price table', () => {
    const { container } = renderWithProviders(<CampaignNote storeItem={storeItem({ price: 129, lowestPrice30d: 149, campaignEndsAt: '2026-11-30T21:59:59.000Z', sourceLowest30d: 139 })} />);
    expect(container.textContent).toBe('30 pv alin: 1,49 €');
  });
});
