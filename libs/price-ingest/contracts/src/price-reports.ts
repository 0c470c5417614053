import { Id } from '@hintakori/shared-contracts';
import { type Static, Type } from 'typebox';

/**
 * Price reports: a shopper's browser extension sends the price a shop's own page shows (`POST /api/price-reports`),
 * and price-ingest takes it in as the source `shoppers`. The body is declared once here; the gateway's route schema
 * is this object, and the service checks the message (the body and the client's keyed hash) against the same fields.
 */

/** The source id of shoppers' reports on `prices.observed` and in the projections (`storeItems[].source`). */
export const SHOPPERS_SOURCE = 'shoppers';

/** The rules of a report, for the service, the gateway and the documentation alike. */
export const PRICE_REPORT_LIMITS = {
  /** Cents of `price` and `regularPrice`: 1 … 1,000,000 (10,000 €). */
  maxPriceCents: 1_000_000,
  /** Cents of `comparisonPrice` (a unit price can be far above the price of a small pack). */
  maxComparisonPriceCents: 100_000_000,
  /** A `seenAt` this far ahead of the server's clock is still now (the shopper's clock may run ahead). */
  aheadMs: 2 * 60_000,
  /** A `seenAt` older than this is refused: a report is what the shop shows now, not a memory. */
  maxAgeMs: 24 * 60 * 60_000,
  /** The largest body, in bytes (a report is about 200). */
  maxBodyBytes: 4096,
  /** Reports one client may send an hour (PRICE_REPORTS_PER_HOUR's default). */
  perHour: 120,
  /** An identical report (same client, store, EAN and prices) within this long counts once. */
  duplicateWindowMs: 10 * 60_000,
  /** A report further than this share from the store's known price waits for a second client's report. */
  implausibleShare: 0.5,
  /** The second report confirms the first when its price is within this share of it. */
  confirmShare: 0.05,
  /** A report waiting for a confirmation waits at most this long (then it is only history). */
  pendingMs: 24 * 60 * 60_000,
} as const;

const Cents = (title: string, max: number, description: string) => Type.Integer({ minimum: 1, maximum: max, title, description });

/**
 * ISO 8601 with the time and an offset (Z or ±hh:mm), as `Date.prototype.toISOString` and the shops' pages give it; the
 * fields in their ranges, so that a time the schema admits is one (Date.parse reads a 31 February as 3 March).
 */
export const REPORT_TIME_PATTERN =
  '^(19|20)\\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d{1,9})?)?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)$';

/** The body of `POST /api/price-reports`: no other field is allowed. */
export const PriceReport = Type.Object(
  {
    storeId: Id('storeId'),
    ean: Type.String({
      pattern: '^(?:[0-9]{8}|[0-9]{13})$',
      title: 'ean',
      'x-expected': 'an EAN-8 or EAN-13 code (8 or 13 digits)',
      // No `examples`: schemathesis' examples phase builds a whole report around one without the project's hooks,
      // with a seenAt of 1900 that the 24-hour window refuses (seen in the contract run of 2026-12-03).
      description: 'EAN-8 or EAN-13 barcode digits with a right GS1 check digit',
    }),
    price: Cents('price', PRICE_REPORT_LIMITS.maxPriceCents, 'the price the shop shows, integer cents (a campaign price when there is one)'),
    regularPrice: Type.Optional(
      Cents('regularPrice', PRICE_REPORT_LIMITS.maxPriceCents, 'the shelf price when price is a campaign price, integer cents, at least price'),
    ),
    comparisonPrice: Type.Optional(
      Cents('comparisonPrice', PRICE_REPORT_LIMITS.maxComparisonPriceCents, 'the unit price as the shop shows it, integer cents; needs comparisonUnit'),
    ),
    comparisonUnit: Type.Optional(
      Type.String({
        pattern: '^[a-z0-9]{1,12}$',
        title: 'comparisonUnit',
        'x-expected': '1 to 12 lower-case letters or digits, e.g. "kg", "l", "kpl"',
        description: 'the unit of comparisonPrice as the shop shows it, lower case (kg, l, kpl); needs comparisonPrice',
      }),
    ),
    seenAt: Type.String({
      pattern: REPORT_TIME_PATTERN,
      title: 'seenAt',
      'x-expected': 'an ISO 8601 time with an offset, e.g. 2026-12-01T10:15:00+02:00',
      description: 'when the shopper saw the price: an ISO 8601 time with an offset, at most 2 minutes ahead and 24 hours old',
    }),
  },
  { additionalProperties: false },
);
export type PriceReport = Static<typeof PriceReport>;

/**
 * A client as price-ingest knows it: a keyed hash (HMAC-SHA-256, hex) of the gateway's client key, never an address.
 * It only tells one client's reports from another's (a confirmation must come from another client).
 */
export const ReportClient = Type.String({ pattern: '^[0-9a-f]{32,64}$', 'x-expected': 'a hex digest of 32 to 64 characters' });

/** `price-ingest.submit-price-report`: the gateway's request, a report and the client that sent it. */
export const SubmitPriceReportRequest = Type.Object({ ...PriceReport.properties, client: ReportClient }, { additionalProperties: false });
export type SubmitPriceReportRequest = Static<typeof SubmitPriceReportRequest>;

/**
 * What became of a report (the HTTP answer is 202 whatever it is; the tests and logs read it):
 * - `published`: on `prices.observed` as a `shoppers` price;
 * - `confirmed`: it confirmed a waiting report of another client, and was published;
 * - `pending`: over 50 % away from the known price, kept until another client confirms it;
 * - `duplicate`: the same client sent the same report within 10 minutes (counted once);
 * - `superseded`: the store's price is newer than the report (the chain's own source saw it later), kept as history;
 * - `unknown-item`: no product has the EAN (a report does not create products), nothing kept.
 */
export const PRICE_REPORT_OUTCOMES = ['published', 'confirmed', 'pending', 'duplicate', 'superseded', 'unknown-item'] as const;
export type PriceReportOutcome = (typeof PRICE_REPORT_OUTCOMES)[number];
export const SubmitPriceReportResult = Type.Object({
  outcome: Type.Unsafe<PriceReportOutcome>(Type.Union(PRICE_REPORT_OUTCOMES.map((outcome) => Type.Literal(outcome)))),
});
export type SubmitPriceReportResult = Static<typeof SubmitPriceReportResult>;

/**
 * What is wrong with a report beside its schema, as the 400 says it, or null: the GS1 check digit, the rules across
 * fields and the clock. `checkDigit` is the GS1 rule (shared-util's gtinCheckDigit: a contracts library imports no
 * helpers); the store is the service's to check, it knows the stores. The gateway and price-ingest both call it.
 */
export function priceReportProblem(report: PriceReport, now: number, checkDigit: (body: string) => number): string | null {
  const { ean } = report;
  if (checkDigit(ean.slice(0, -1)) !== Number(ean[ean.length - 1])) return `ean has a wrong check digit, got ${JSON.stringify(ean)}`;
  const seen = Date.parse(report.seenAt);
  if (Number.isNaN(seen)) return `seenAt must be an ISO 8601 time with an offset, got ${JSON.stringify(report.seenAt)}`;
  if (seen > now + PRICE_REPORT_LIMITS.aheadMs) return 'seenAt must not be in the future';
  if (seen < now - PRICE_REPORT_LIMITS.maxAgeMs) return 'seenAt is over a day old';
  if (report.regularPrice !== undefined && report.regularPrice < report.price) {
    return `regularPrice must be at least price (${report.price}), got ${report.regularPrice}`;
  }
  if ((report.comparisonPrice === undefined) !== (report.comparisonUnit === undefined)) {
    return report.comparisonPrice === undefined ? 'comparisonPrice is required with comparisonUnit' : 'comparisonUnit is required with comparisonPrice';
  }
  return null;
}
