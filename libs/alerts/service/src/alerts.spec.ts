import { SubscribeRequest } from '@hintakori/alerts-contracts';
import { PayloadPipe } from '@hintakori/platform-messaging';
import { normaliseSubscribeRequest } from './alerts.handler';
import { normaliseEmail } from './email';
import { confirmationMail, dropsMail, euros, escapeHtml } from './mail/templates';

describe('normaliseEmail', () => {
  it('trims, lower-cases and converts an IDN domain to punycode', () => {
    expect(normaliseEmail('  Matti.Meikalainen@Esimerkki.FI ')).toEqual({ ok: true, email: 'matti.meikalainen@esimerkki.fi' });
    expect(normaliseEmail('liisa@mäkitalo.fi')).toEqual({ ok: true, email: 'liisa@xn--mkitalo-5wa.fi' });
    expect(normaliseEmail('a+hinnat@example.com')).toEqual({ ok: true, email: 'a+hinnat@example.com' });
  });

  it.each([
    [undefined, 'email is required'],
    ['   ', 'email is required'],
    ['matti', 'email "matti" is not an e-mail address'],
    ['matti@', 'email "matti@" is not an e-mail address'],
    ['@example.fi', 'email "@example.fi" is not an e-mail address'],
    ['matti@localhost', 'email "matti@localhost" is not an e-mail address'],
    ['mat ti@example.fi', 'email "mat ti@example.fi" is not an e-mail address'],
    [`${'a'.repeat(65)}@example.fi`, `email "${'a'.repeat(65)}@example.fi" is not an e-mail address`],
  ])('refuses %p', (input, reason) => {
    expect(normaliseEmail(input)).toEqual({ ok: false, reason });
  });
});

describe('mail templates', () => {
  it('writes euros the Finnish way from integer cents', () => {
    expect([euros(249), euros(5), euros(100), euros(123456)]).toEqual(['2,49 €', '0,05 €', '1,00 €', '1234,56 €']);
  });

  it('lists every drop with old and new price, store and product link, and escapes names in HTML', () => {
    const mail = dropsMail({
      publicUrl: 'https://hintakori.fi',
      manageUrl: 'https://hintakori.fi/hintavahti/T',
      unsubscribeUrl: 'https://hintakori.fi/hintavahti/T?lopeta=1',
      drops: [
        { watchId: 1, itemId: 7, itemName: 'Kahvi <tumma>', itemSlug: 'kahvi-tumma', storeId: 1, storeName: 'Prisma', oldPrice: 499, newPrice: 399, targetPrice: null },
        { watchId: 2, itemId: 8, itemName: 'Maito', itemSlug: 'maito', storeId: 2, storeName: 'Lidl', oldPrice: null, newPrice: 99, targetPrice: 100 },
      ],
    });
    expect(mail.subject).toBe('Hinnat laskivat: 2 seuraamaasi tuotetta');
    expect(mail.text).toContain('Kahvi <tumma> – Prisma: 4,99 € → 3,99 €\nhttps://hintakori.fi/tuotteet/kahvi-tumma');
    expect(mail.text).toContain('Maito – Lidl: 0,99 €');
    expect(mail.text).toContain('Lopeta kaikki ilmoitukset: https://hintakori.fi/hintavahti/T?lopeta=1');
    expect(mail.html).toContain('Kahvi &lt;tumma&gt;');
    expect(mail.html).not.toContain('<tumma>');
  });

  it('names the item, stores and target in the confirmation mail', () => {
    const mail = confirmationMail({ itemName: 'Kahvi', storeNames: ['Prisma', 'Lidl'], targetPrice: 250, confirmUrl: 'https://x/hintavahti/vahvista/abc', hours: 48 });
    expect(mail.subject).toBe('Vahvista hintavahti: Kahvi');
    expect(mail.text).toContain('kun sen hinta laskee hintaan 2,50 € tai alle kaupoissa: Prisma, Lidl');
    expect(mail.text).toContain('https://x/hintavahti/vahvista/abc');
    expect(escapeHtml(`"a" & 'b'`)).toBe('&quot;a&quot; &amp; &#39;b&#39;');
  });
});

describe('the subscribe payload (contract schema, then the handler\'s checks)', () => {
  const pipe = new PayloadPipe(SubscribeRequest);
  const parse = (input: unknown) => normaliseSubscribeRequest(pipe.transform(input));
  const valid = { email: 'A@B.fi', itemId: 1, itemName: 'Kahvi', itemSlug: 'kahvi', stores: [{ storeId: 2, storeName: 'Prisma', price: 300 }], targetPrice: null, clientAddress: '10.0.0.1' };

  it('returns the request with the address normalised', () => {
    expect(parse(valid)).toEqual({ ...valid, email: 'a@b.fi' });
  });

  it.each([
    [{ ...valid, itemId: 0 }, 'itemId must be a positive integer, got 0'],
    [{ ...valid, stores: [] }, 'stores must list at least one value'],
    [{ ...valid, stores: Array.from({ length: 51 }, (_, i) => ({ storeId: i + 1, storeName: 'P', price: null })) }, 'stores may list at most 50 values, got 51'],
    [{ ...valid, stores: [valid.stores[0], valid.stores[0]] }, 'stores must not repeat a store'],
    [{ ...valid, targetPrice: 2.5 }, 'targetPrice must be null (any drop) or integer cents between 1 and 100000, got 2.5'],
    [{ ...valid, targetPrice: 100_001 }, 'targetPrice must be null (any drop) or integer cents between 1 and 100000, got 100001'],
    [{ ...valid, stores: [{ storeId: 2, storeName: 'P', price: 1.5 }] }, 'stores[0].price must be a whole number from 0 to 2147483647 or null, got 1.5'],
    [{ ...valid, itemName: '  ' }, 'itemName must be a non-empty string of at most 500 characters, got "  "'],
    [{ ...valid, email: 'no address' }, 'email "no address" is not an e-mail address'],
  ])('refuses %#', (input, message) => {
    expect(() => parse(input)).toThrow(message);
  });
});
