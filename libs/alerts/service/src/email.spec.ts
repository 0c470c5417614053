import { EmailAddress, SubscribeRequest } from '@hintakori/alerts-contracts';
import { PayloadPipe } from '@hintakori/platform-messaging';
import { Type } from 'typebox';
import { normaliseSubscribeRequest } from './alerts.handler';
import { normaliseEmail } from './email';

// The address's one rule, the alerts contract's EmailAddress: the gateway's subscribe body (and so the OpenAPI
// document) and the service's payload check both use it, worded by the one validation-error formatter.
const pipe = new PayloadPipe(Type.Object({ email: EmailAddress }));
const answer = (email: unknown): string => pipe.problem({ email }) ?? 'accepted';

describe('EmailAddress', () => {
  it.each([
    'matti@example.fi',
    'Matti.Meikalainen@Esimerkki.FI',
    '  matti@example.fi\t',
    "a+hinnat!#$%&'*/=?^_`{|}~-@example.com",
    'liisa@xn--mkitalo-5wa.fi',
    'x@1.sub-domain.example',
    `${'a'.repeat(64)}@example.fi`,
    `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(57)}.fi`,
  ])('accepts %j', (email) => {
    expect(answer(email)).toBe('accepted');
  });

  it.each([
    ['', '""'],
    ['   ', '"   "'],
    ['matti', '"matti"'],
    ['matti@', '"matti@"'],
    ['@example.fi', '"@example.fi"'],
    ['matti@localhost', '"matti@localhost"'],
    ['matti@example.f', '"matti@example.f"'],
    ['matti@example.123', '"matti@example.123"'],
    ['mat ti@example.fi', '"mat ti@example.fi"'],
    ['matti..m@example.fi', '"matti..m@example.fi"'],
    ['.matti@example.fi', '".matti@example.fi"'],
    ['matti@-example.fi', '"matti@-example.fi"'],
    ['matti@exa_mple.fi', '"matti@exa_mple.fi"'],
    ['liisa@mäkitalo.fi', '"liisa@mäkitalo.fi"'],
    ['matti@example.fi\n', '"matti@example.fi\\n"'],
  ])('refuses %j, naming the field', (email, shown) => {
    expect(answer(email)).toBe(`email must be an e-mail address such as matti@example.fi (at most 64 characters before the @), got ${shown}`);
  });

  it('refuses more than 64 characters before the @, with or without dots', () => {
    expect(answer(`${'a'.repeat(65)}@example.fi`)).toMatch(/^email must be an e-mail address .*at most 64 characters before the @/);
    expect(answer(`${'a.'.repeat(32)}a@example.fi`)).toMatch(/^email must be an e-mail address/);
    expect(answer(`  ${'a'.repeat(62)}@example.fi`)).toBe('accepted');
  });

  it('refuses more than 254 characters', () => {
    const long = `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(58)}.fi`;
    expect(long).toHaveLength(255);
    expect(answer(long)).toBe('email must be at most 254 characters, got 255');
  });

  it('is required and a string', () => {
    expect(answer(undefined)).toBe('email is required');
    expect(answer(42)).toMatch(/^email must be an e-mail address .*, got 42$/);
  });

  it('is the subscribe payload\'s address, which the service only trims and lower-cases', () => {
    const subscribe = new PayloadPipe(SubscribeRequest);
    const request = { email: ' Matti.M@Esimerkki.FI\t', itemId: 1, itemName: 'Kahvi', itemSlug: 'kahvi', stores: [{ storeId: 2, storeName: 'Prisma', price: 300 }], targetPrice: null, clientAddress: '10.0.0.1' };
    expect(normaliseSubscribeRequest(subscribe.transform(request)).email).toBe('matti.m@esimerkki.fi');
    expect(subscribe.problem({ ...request, email: 'liisa@mäkitalo.fi' })).toBe(answer('liisa@mäkitalo.fi'));
    expect(normaliseEmail('liisa@XN--MKITALO-5WA.fi')).toBe('liisa@xn--mkitalo-5wa.fi');
  });
});
