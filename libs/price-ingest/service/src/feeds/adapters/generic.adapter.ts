import type { FeedPrice, FeedRecord, RecordKind, SourceAdapter } from '../feed-record';
import { reject } from '../feed-record';
import { arr, campaignTime, comparisonUnit, ean, euroCents, isoTime, latLong, multibuyQuantity, optEuroCents, optGrams, optStr, parseJsonLine, priceCard, priceUnit, RecordError, str } from '../values';
import { categoryRef, guarded, slugOr } from './common';

type Row = Record<string, unknown>;

const CHAIN_TYPES: Record<string, 'S' | 'K' | 'L'> = {
  prisma: 'S',
  's-market': 'S',
  alepa: 'S',
  sale: 'S',
  abc: 'S',
  herkku: 'S',
  kcitymarket: 'K',
  ksupermarket: 'K',
  kmarket: 'K',
  nokm: 'K',
  lidl: 'L',
};

function bool(value: unknown): boolean {
  return value === true || value === 'true' || value === '1' || value === 1 || value === 'yes';
}

function path(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((p, i) => str(p, `category[${i}]`));
  return str(value, 'category')
    .split('>')
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * The till terms of a generic price line, flat so CSV and JSON Lines read alike: `regularPrice` (euros),
 * `campaignStartsAt` / `campaignEndsAt` (ISO time, or a date: that day in Helsinki), `memberCard` + `memberPrice`
 * (euros), `multibuyQuantity` + `multibuyPrice` (euros for the bundle), `averageWeightGrams`. Only those given are set.
 */
function genericTerms(row: Row): Partial<FeedPrice> {
  const out: Partial<FeedPrice> = {};
  const regular = optEuroCents(row.regularPrice, 'regularPrice');
  if (regular !== null) out.regularPrice = regular;
  const starts = campaignTime(row.campaignStartsAt, 'campaignStartsAt', 'start');
  if (starts !== null) out.campaignStartsAt = starts;
  const ends = campaignTime(row.campaignEndsAt, 'campaignEndsAt', 'end');
  if (ends !== null) out.campaignEndsAt = ends;
  if (row.memberPrice !== undefined || row.memberCard !== undefined) out.memberPrice = { card: priceCard(row.memberCard, 'memberCard'), price: euroCents(row.memberPrice, 'memberPrice') };
  if (row.multibuyQuantity !== undefined || row.multibuyPrice !== undefined) {
    const quantity = typeof row.multibuyQuantity === 'string' && /^\d+$/.test(row.multibuyQuantity) ? Number(row.multibuyQuantity) : row.multibuyQuantity;
    out.multibuy = { quantity: multibuyQuantity(quantity, 'multibuyQuantity'), price: euroCents(row.multibuyPrice, 'multibuyPrice') };
  }
  const grams = optGrams(row.averageWeightGrams, 'averageWeightGrams');
  if (grams !== null) out.averageWeightGrams = grams;
  return out;
}

function parseRow(source: string, row: Row): FeedRecord {
  switch (row.kind) {
    case 'store': {
      const chain = str(row.chain, 'chain').toLowerCase();
      const type = CHAIN_TYPES[chain];
      if (!type) throw new RecordError(`unknown chain ${JSON.stringify(row.chain)} (one of ${Object.keys(CHAIN_TYPES).join(', ')})`);
      const name = str(row.name, 'name');
      const city = str(row.city, 'city');
      return {
        kind: 'store',
        value: {
          externalId: str(row.storeId, 'storeId'),
          chain,
          type,
          name,
          urlSlug: slugOr(row.slug, name, city),
          address: str(row.address, 'address'),
          postalCode: str(row.postalCode, 'postalCode'),
          city,
          ...latLong(row.lat, row.long),
          // Opening hours only in the JSONL form (arrays of the contract's WeeklyHoursValue / OpeningExceptionValue).
          weeklyHours: row.weeklyHours === undefined || row.weeklyHours === '' ? [] : (arr(row.weeklyHours, 'weeklyHours') as never[]),
          exceptions: row.exceptions === undefined || row.exceptions === '' ? [] : (arr(row.exceptions, 'exceptions') as never[]),
        },
      };
    }
    case 'product': {
      const name = str(row.name, 'name');
      const unit = priceUnit(row.priceUnit ?? 'kpl', 'priceUnit');
      return {
        kind: 'product',
        value: {
          ean: ean(row.ean),
          name,
          urlSlug: slugOr(row.slug, name),
          pictureUrl: optStr(row.image, 'image'),
          brandName: optStr(row.brand, 'brand'),
          originCountry: optStr(row.origin, 'origin'),
          description: optStr(row.description, 'description'),
          ingredients: optStr(row.ingredients, 'ingredients'),
          nutritionalContent: [],
          priceUnit: unit,
          comparisonPriceUnit: comparisonUnit(row.comparisonUnit ?? (unit === 'kg' ? 'kg' : 'kpl'), 'comparisonUnit'),
          category: categoryRef(source, path(row.category)),
        },
      };
    }
    case 'price':
      return {
        kind: 'price',
        value: {
          externalStoreId: str(row.storeId, 'storeId'),
          ean: ean(row.ean),
          price: euroCents(row.price, 'price'),
          comparisonPrice: optEuroCents(row.comparisonPrice, 'comparisonPrice'),
          priceUnit: row.priceUnit ? priceUnit(row.priceUnit, 'priceUnit') : null,
          comparisonPriceUnit: row.comparisonUnit ? comparisonUnit(row.comparisonUnit, 'comparisonUnit') : null,
          isCampaign: bool(row.campaign),
          observedAt: isoTime(row.observedAt, 'observedAt'),
          deposit: optEuroCents(row.deposit, 'deposit'),
          ...genericTerms(row),
        },
      };
    case 'offer':
      return {
        kind: 'offer',
        value: { externalStoreId: str(row.storeId, 'storeId'), ean: ean(row.ean), name: str(row.name, 'name'), image: optStr(row.image, 'image'), validUntil: isoTime(row.validUntil, 'validUntil') },
      };
    default:
      throw new RecordError(`unknown kind ${JSON.stringify(row.kind)} (store, product, price or offer)`);
  }
}

const KIND_OF: Record<string, RecordKind> = { store: 'store', product: 'product', price: 'price', offer: 'offer' };

/** Splits one CSV line (RFC 4180 quoting, records on one line). */
export function splitCsvLine(line: string, separator = ','): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      fields.push(field);
      field = '';
    } else field += c;
  }
  if (quoted) throw new RecordError('unterminated quoted field');
  fields.push(field);
  return fields;
}

/**
 * The generic format for any other source (documented in libs/price-ingest/service/README.md):
 * JSON Lines or CSV with a header, one record per line, `kind` = store | product | price | offer.
 */
export class GenericAdapter implements SourceAdapter {
  constructor(
    readonly source: string,
    private readonly format: 'csv' | 'jsonl',
  ) {}

  createParser(): (line: string, lineNo: number) => FeedRecord[] {
    let header: string[] | null = null;
    return (line) => {
      if (line.trim() === '' || line.startsWith('#')) return [];
      let row: Row;
      try {
        if (this.format === 'jsonl') row = parseJsonLine(line);
        else {
          const fields = splitCsvLine(line.replace(/\r$/, ''));
          if (!header) {
            header = fields.map((f) => f.trim());
            if (!header.includes('kind')) throw new RecordError('the CSV header must name a "kind" column');
            return [];
          }
          if (fields.length !== header.length) throw new RecordError(`expected ${header.length} fields, got ${fields.length}`);
          row = {};
          header.forEach((name, i) => {
            if (fields[i] !== '') row[name] = fields[i];
          });
        }
      } catch (error) {
        if (error instanceof RecordError) return [reject('line', error.message, line)];
        throw error;
      }
      return [guarded(KIND_OF[String(row.kind)] ?? 'line', row, () => parseRow(this.source, row))];
    };
  }
}
