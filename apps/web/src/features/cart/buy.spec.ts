import { buyLink } from './buy';
import { copyText, shareUrl, socialLinks } from '../../kit/cart/share';

describe('buy link', () => {
  it("links to the group's shop with cart id, external store id, store id and type in the hash", () => {
    const s = new URL(buyLink({ cartId: 'c-1', storeId: 12, externalId: '726308750', type: 'S' }) as string);
    expect(`${s.origin}/`).toBe('https://www.s-kaupat.fi/');
    const hash = new URLSearchParams(s.hash.slice(1));
    expect(Object.fromEntries(hash)).toEqual({ cartId: 'c-1', externalStoreId: '726308750', storeId: '12', type: 'S' });
    expect(buyLink({ cartId: 'c-1', storeId: 3, externalId: 'N106', type: 'K' })).toMatch(/^https:\/\/www\.k-ruoka\.fi\/#/);
  });

  it('has no shop for Lidl', () => {
    expect(buyLink({ cartId: 'c-1', storeId: 3, externalId: null, type: 'L' })).toBeNull();
  });
});

describe('sharing', () => {
  it('builds the shared cart link and the six social links', () => {
    const url = shareUrl('abc-123', 'https://hintakori.fi');
    expect(url).toBe('https://hintakori.fi/ostoskorit/abc-123');
    expect(socialLinks(url).map((l) => l.name)).toEqual(['Facebook', 'Twitter', 'WhatsApp', 'Telegram', 'LinkedIn', 'Sähköposti']);
    expect(socialLinks(url).every((l) => l.href.includes(encodeURIComponent(url)))).toBe(true);
  });

  it('falls back to the legacy copy command when the clipboard API fails', async () => {
    Object.assign(navigator, { clipboard: { writeText: jest.fn().mockRejectedValue(new Error('denied')) } });
    const exec = jest.fn().mockReturnValue(true);
    document.execCommand = exec;
    await expect(copyText('hello')).resolves.toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
  });
});
