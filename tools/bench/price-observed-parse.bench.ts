/**
 * `prices.observed` parsing micro-benchmark: why the projections' hot path keeps its hand-written check of
 * PriceObservedEvent (parsePriceObservedEvent) beside the compiled schema. Not a test, nothing is asserted; run it by
 * hand (no database, no stack):
 *
 *   node -r @swc-node/register tools/bench/price-observed-parse.bench.ts
 *
 * Prints ns per event, best of BENCH_ROUNDS (default 7) rounds of BENCH_EVENTS (default 200,000) events, for: the
 * hand parser; the compiled schema's Check alone; Check with what the parser also does (the clock rule, the
 * observation built with its canonical times), the schema path a consumer would take instead; and the compiled
 * Parse. Then the same for refused events, where the schema path also words the reason (PayloadPipe's message).
 * Each case runs in a process of its own (one JIT-compiled shape of each function, as in a consumer).
 * price-observed.spec.ts holds the parser and the schema to the same answers.
 */
import { payloadPipe } from '@hintakori/platform-messaging';
import { spawnSync } from 'node:child_process';
import { canonicalIsoTime, parsePriceObservedEvent, PriceObservedEvent, sourceIdOf, type PriceObservation } from '@hintakori/price-ingest-contracts';
import { Compile } from 'typebox/compile';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date();
const at = new Date(now.getTime() - 3_600_000).toISOString();

/** Events as a feed run publishes them: canonical times, a source, some campaigns with their ends and regular prices. */
const valid: PriceObservedEvent[] = Array.from({ length: 1000 }, (_, i) => ({
  itemId: 1 + i,
  storeId: 1 + (i % 97),
  price: 100 + i,
  comparisonPrice: i % 3 === 0 ? null : 400 + i,
  priceUnit: 'kpl',
  comparisonPriceUnit: 'kg',
  isCampaign: i % 5 === 0,
  observedAt: at,
  source: 's-group',
  ...(i % 5 === 0 ? { regularPrice: 150 + i, campaignEndsAt: '2099-01-31T21:59:59.000Z' } : {}),
}));
/** One field wrong in each: a price in euros, a unit too long, a time that is none, a missing store. */
const refused: unknown[] = valid.map((event, i) => {
  const wrong = [{ price: 1.99 }, { priceUnit: 'x'.repeat(51) }, { observedAt: 'yesterday' }, { storeId: undefined }][i % 4];
  return { ...event, ...wrong };
});

const validator = Compile(PriceObservedEvent);

/** The schema path: the compiled Check, the clock rule, and the observation as the parser builds it. */
function schemaParse(input: unknown): PriceObservation | string {
  if (!validator.Check(input)) return payloadPipe(PriceObservedEvent).problem(input) ?? 'refused';
  const e = input;
  const ms = Date.parse(e.observedAt);
  if (ms - now.getTime() > DAY_MS) return 'observedAt is more than a day in the future';
  const source = sourceIdOf(e.source);
  return {
    itemId: e.itemId,
    storeId: e.storeId,
    price: e.price,
    comparisonPrice: e.comparisonPrice ?? null,
    priceUnit: e.priceUnit,
    comparisonPriceUnit: e.comparisonPriceUnit,
    isCampaign: e.isCampaign ?? false,
    observedAt: canonicalIsoTime(e.observedAt, ms),
    ...(source !== null ? { source } : {}),
    ...(e.regularPrice != null ? { regularPrice: e.regularPrice } : {}),
    ...(e.deposit != null ? { deposit: e.deposit } : {}),
    ...(e.campaignEndsAt != null ? { campaignEndsAt: canonicalIsoTime(e.campaignEndsAt, Date.parse(e.campaignEndsAt)) } : {}),
    ...(e.sourceLowest30d != null ? { sourceLowest30d: e.sourceLowest30d } : {}),
  };
}

let sink = 0;
function nsPerEvent(events: readonly unknown[], run: (event: unknown) => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    for (let n = 0; n < EVENTS; n++) if (run(events[n % events.length])) sink++;
    best = Math.min(best, Number(process.hrtime.bigint() - start) / EVENTS);
  }
  return best;
}

const cases: [string, readonly unknown[], (event: unknown) => unknown][] = [
  ['hand parser (parsePriceObservedEvent)', valid, (e) => parsePriceObservedEvent(e, now).ok],
  ['compiled Check alone', valid, (e) => validator.Check(e)],
  ['compiled Check + clock + observation', valid, (e) => typeof schemaParse(e) !== 'string'],
  ['compiled Parse', valid, (e) => validator.Parse(e)],
  ['refused: hand parser with its reason', refused, (e) => !parsePriceObservedEvent(e, now).ok],
  ['refused: compiled Check + worded reason', refused, (e) => typeof schemaParse(e) === 'string'],
];
const only = process.argv[2];
if (only === undefined) {
  console.log(`prices.observed parsing, ns per event (best of ${ROUNDS} rounds of ${EVENTS.toLocaleString('en')} events), Node ${process.version}`);
  for (const [label] of cases) {
    const child = spawnSync(process.execPath, [...process.execArgv, __filename, label], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    console.log(`  ${label.padEnd(42)} ${child.stdout.trim().padStart(6)} ns`);
  }
} else {
  const [, events, run] = cases.find(([label]) => label === only) ?? [];
  if (!events || !run) throw new Error(`no case ${only}`);
  nsPerEvent(events, run); // warm-up
  console.log(nsPerEvent(events, run).toFixed(0));
  if (sink < 0) console.log(sink);
}
