import { screen } from '@testing-library/react';
import type { StoreItem } from '../../app/models';
import { renderWithProviders, sampleStoreItem } from '../../test/render';
import { CampaignNote, isFakeDiscount } from './components/CampaignNote';

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
