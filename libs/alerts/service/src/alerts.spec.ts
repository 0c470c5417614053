import { SubscribeRequest } from '@hintakori/alerts-contracts';
import { PayloadPipe } from '@hintakori/platform-messaging';
import { loadConfig } from '@hintakori/platform-config';
import { loadAlertsConfig } from './alerts-config';
import { normaliseSubscribeRequest } from './alerts.handler';
import { clientKey } from './client-key';
import { confirmationMail, dropsMail, euros, escapeHtml } from './mail/templates';

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

  it('says only what Hintakori writes in the confirmation mail: its own subject, the link and how long it works', () => {
    const mail = confirmationMail({ confirmUrl: 'https://x/hintavahti/vahvista/abc', hours: 48 });
    expect(mail.subject).toBe('Vahvista hintavahti Hintakorissa');
    expect(mail.text).toContain('https://x/hintavahti/vahvista/abc');
    expect(mail.text).toContain('48 tunnin');
    expect(mail.html).toContain('href="https://x/hintavahti/vahvista/abc"');
    expect(escapeHtml(`"a" & 'b'`)).toBe('&quot;a&quot; &amp; &#39;b&#39;');
  });

  it('escapes hostile product and store names in the HTML part of a price-drop mail and keeps them as plain text in the text part', () => {
    const itemName = '<img src=x onerror=alert(1)></script><script>alert(1)</script>';
    const storeName = '"><svg onload=alert(1)>';
    const mail = dropsMail({
      publicUrl: 'https://hintakori.fi',
      manageUrl: 'https://hintakori.fi/hintavahti/T',
      unsubscribeUrl: 'https://hintakori.fi/hintavahti/T?lopeta=1',
      drops: [{ watchId: 1, itemId: 7, itemName, itemSlug: 'x"><script>', storeId: 1, storeName, oldPrice: 499, newPrice: 399, targetPrice: null }],
    });
    expect(mail.subject).toBe(`Hinta laski: ${itemName}`);
    expect(mail.text).toContain(`${itemName} – ${storeName}: 4,99 € → 3,99 €`);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('&quot;&gt;&lt;svg onload=alert(1)&gt;');
    expect(mail.html).toContain('href="https://hintakori.fi/tuotteet/x%22%3E%3Cscript%3E"');
    for (const raw of ['<img', '<script', '</script', '<svg']) expect(mail.html).not.toContain(raw);
  });
});

describe('the subscribe payload (contract schema, then the handler\'s checks)', () => {
  const pipe = new PayloadPipe(SubscribeRequest);
  const parse = (input: unknown) => normaliseSubscribeRequest(pipe.transform(input));
  const valid = { email: 'A@B.fi', itemId: 1, itemName: 'Kahvi', itemSlug: 'kahvi', stores: [{ storeId: 2, storeName: 'Prisma', price: 300 }], targetPrice: null, clientAddress: '10.0.0.1' };

  it('returns the request with the address normalised', () => {
    expect(parse(valid)).toEqual({ ...valid, email: 'a@b.fi' });
  });

  it('keeps a store listed twice once, its first entry (the one policy for repeated ids)', () => {
    const other = { storeId: 3, storeName: 'Alepa', price: null };
    const stores = [valid.stores[0], other, { ...valid.stores[0], storeName: 'Prisma again' }];
    expect(parse({ ...valid, stores }).stores).toEqual([valid.stores[0], other]);
  });

  it.each([
    [{ ...valid, itemId: 0 }, 'itemId must be a positive integer, got 0'],
    [{ ...valid, stores: [] }, 'stores must list at least one value'],
    [{ ...valid, stores: Array.from({ length: 51 }, (_, i) => ({ storeId: i + 1, storeName: 'P', price: null })) }, 'stores may list at most 50 values, got 51'],
    [{ ...valid, targetPrice: 2.5 }, 'targetPrice must be null (any drop) or integer cents between 1 and 100000, got 2.5'],
    [{ ...valid, targetPrice: 100_001 }, 'targetPrice must be null (any drop) or integer cents between 1 and 100000, got 100001'],
    [{ ...valid, stores: [{ storeId: 2, storeName: 'P', price: 1.5 }] }, 'stores[0].price must be a whole number from 0 to 2147483647 or null, got 1.5'],
    [{ ...valid, itemName: '  ' }, 'itemName must be a non-empty string of at most 500 characters, got "  "'],
    [{ ...valid, email: 'no address' }, 'email must be an e-mail address such as matti@example.fi (at most 64 characters before the @), got "no address"'],
  ])('refuses %#', (input, message) => {
    expect(() => parse(input)).toThrow(message);
  });
});

describe('clientKey (the per-client hourly limit)', () => {
  it('keeps an IPv4 address, also written IPv4-mapped', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:eeee:dddd:cccc', '2001:DB8:1:2:0:0:0:9', '[2001:db8:1:2::abcd]', '2001:db8:1:2::1%eth0']) {
      expect(clientKey(address)).toBe(key);
    }
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8::1.2.3.4')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
  });
});

describe('loadAlertsConfig', () => {
  const app = loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1:5432/x' });

  it('has a global hourly budget of confirmation mails, 300 unless ALERTS_CONFIRMATION_MAILS_PER_HOUR says otherwise', () => {
    expect(loadAlertsConfig(app, {}).confirmationMailsPerHour).toBe(300);
    expect(loadAlertsConfig(app, { ALERTS_CONFIRMATION_MAILS_PER_HOUR: '50' }).confirmationMailsPerHour).toBe(50);
  });

  it('refuses a budget that is not a whole number, naming the variable', () => {
    expect(() => loadAlertsConfig(app, { ALERTS_CONFIRMATION_MAILS_PER_HOUR: 'many' })).toThrow('ALERTS_CONFIRMATION_MAILS_PER_HOUR must be an integer between 0 and 1000000, got "many"');
  });
});
