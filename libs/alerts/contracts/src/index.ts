import { CentsAmount, Id, IsoTime, MemberCardSchema, MemberCards, Nullable } from '@hintakori/shared-contracts';
import { type Static, Type } from 'typebox';

/**
 * Message patterns and payloads of the alerts service (price-drop e-mails without an account). Each request payload
 * is a TypeBox schema (the service checks every message against it; the gateway composes its routes from it), and so
 * is each reply (the gateway's OpenAPI document references it, the web app imports its type); every type is derived
 * from its schema.
 */

export const AlertsPatterns = {
  Subscribe: 'alerts.subscribe',
  Confirm: 'alerts.confirm',
  Manage: 'alerts.manage.get',
  DeleteWatch: 'alerts.manage.delete-watch',
  Erase: 'alerts.manage.erase',
} as const;
export type AlertsPattern = (typeof AlertsPatterns)[keyof typeof AlertsPatterns];

/** The abuse limits of the issue: pending confirmations per address, requests per client address an hour, products per address. */
export const ALERT_LIMITS = {
  pendingPerAddress: 5,
  requestsPerClientPerHour: 20,
  itemsPerAddress: 100,
  storesPerRequest: 50,
  confirmationHours: 48,
  /** The highest target price, cents (prices above 1,000 € are refused by the ingest too). */
  targetPrice: 100_000,
} as const;

/** Text with something besides spaces in it, at most `max` characters. */
const Text = (title: string, max: number) =>
  Type.String({ maxLength: max, pattern: '\\S', title, 'x-expected': `a non-empty string of at most ${max} characters` });

/** The token of an e-mail link: 43 characters of base64url (32 random bytes). */
export const AlertToken = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', title: 'token', 'x-expected': 'the 43-character token from the e-mail link' });
/** The price to watch for, cents; null: any drop. */
export const TargetPrice = (description?: string) =>
  Type.Union([Type.Integer({ minimum: 1, maximum: ALERT_LIMITS.targetPrice }), Type.Null()], {
    title: 'targetPrice',
    'x-expected': `null (any drop) or integer cents between 1 and ${ALERT_LIMITS.targetPrice}`,
    ...(description ? { description } : {}),
  });

/** The longest e-mail address (RFC 5321's path limit less its angle brackets), and of its part before the @. */
export const MAX_EMAIL_LENGTH = 254;
const EMAIL_ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
/**
 * An e-mail address, the one rule for it (the gateway's subscribe body and the alerts service's payload): a dot-atom before the @ (at most 64 characters), a domain of
 * letter/digit/hyphen labels ending in a top-level domain of letters (an internationalised domain in its `xn--`
 * form, as browsers' e-mail inputs send it), at most 254 characters. Spaces or tabs around it are allowed (the
 * service trims them and lower-cases the address). `not` holds the 64-character limit, which a pattern without look-ahead cannot count.
 */
export const EmailAddress = Type.String({
  maxLength: MAX_EMAIL_LENGTH,
  pattern: `^[ \\t]*${EMAIL_ATOM}(?:\\.${EMAIL_ATOM})*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}[ \\t]*$`,
  not: { pattern: '^[ \\t]*[^@ \\t]{65}' },
  title: 'email',
  'x-expected': 'an e-mail address such as matti@example.fi (at most 64 characters before the @)',
  description: 'The address to notify (name@domain, at most 254 characters; trimmed and lower-cased by the alerts service)',
  examples: ['matti@example.fi'],
});

/** One store of a watch request, with the price (cents; null: none now) the gateway read from the catalog (the first reference). */
export const AlertStoreRef = Type.Object({ storeId: Id('storeId'), storeName: Text('storeName', 200), price: Nullable(CentsAmount) });
export type AlertStoreRef = Static<typeof AlertStoreRef>;

/**
 * A request to watch one item in some stores. The gateway checks the item and stores exist and adds their
 * names and current prices; `clientAddress` is the requester's IP (for the per-client limit).
 */
export const SubscribeRequest = Type.Object({
  /** Checked by the schema; trimmed and lower-cased by the alerts service. */
  email: EmailAddress,
  itemId: Id('itemId'),
  itemName: Text('itemName', 500),
  itemSlug: Text('itemSlug', 500),
  /** A store listed twice counts once (the service keeps its first entry: the one policy for repeated ids). */
  stores: Type.Array(AlertStoreRef, { minItems: 1, maxItems: ALERT_LIMITS.storesPerRequest }),
  targetPrice: TargetPrice(),
  /**
   * The membership cards the subscriber holds: a drop is measured on the price they would pay (a member price of a
   * card they hold while its campaign runs); none or absent: shelf prices.
   */
  cards: Type.Optional(MemberCards),
  clientAddress: Text('clientAddress', 100),
});
export type SubscribeRequest = Static<typeof SubscribeRequest>;

/** Always the same answer, whatever the address: nobody learns whether an address is subscribed. */
export const SubscribeResult = Type.Object({ accepted: Type.Literal(true) });
export type SubscribeResult = Static<typeof SubscribeResult>;

/** `alerts.confirm`, `alerts.manage.get`, `alerts.manage.erase`. */
export const TokenRequest = Type.Object({ token: AlertToken });
export type TokenRequest = Static<typeof TokenRequest>;

export const ConfirmResult = Type.Object({
  /** The address's manage page token (`/hintavahti/{manageToken}`). */
  manageToken: Type.String(),
  itemName: Type.String(),
  /** Watches (item × store) the confirmation added or updated. */
  watches: Type.Integer(),
});
export type ConfirmResult = Static<typeof ConfirmResult>;

export const WatchDto = Type.Object({
  id: Type.Integer(),
  itemId: Type.Integer(),
  itemName: Type.String(),
  itemSlug: Type.String(),
  storeId: Type.Integer(),
  storeName: Type.String(),
  /** The cards the watch's prices are measured with (the subscriber's own at their last request); empty: shelf prices. */
  cards: Type.Array(MemberCardSchema, { description: 'the membership cards the prices of this watch are measured with; empty: shelf prices' }),
  targetPrice: Nullable(Type.Integer()),
  /** The price the next drop is measured against: the price when the watch was made, then the last notified one. */
  referencePrice: Nullable(Type.Integer()),
  latestPrice: Nullable(Type.Integer()),
  createdAt: IsoTime,
});
export type WatchDto = Static<typeof WatchDto>;

export const ManageDto = Type.Object({ email: Type.String(), watches: Type.Array(WatchDto) });
export type ManageDto = Static<typeof ManageDto>;

export const DeleteWatchRequest = Type.Object({ token: AlertToken, watchId: Id('watchId') });
export type DeleteWatchRequest = Static<typeof DeleteWatchRequest>;

export const EraseResult = Type.Object({ erased: Type.Boolean() });
export type EraseResult = Static<typeof EraseResult>;
