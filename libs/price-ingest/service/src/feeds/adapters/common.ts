import { slugify } from '@hintakori/demo-data';
import type { NutrientValue, SourceCategoryRef } from '@hintakori/price-ingest-contracts';
import { reject, type FeedRecord, type RecordKind } from '../feed-record';
import { isObject, optStr, RecordError, str } from '../values';

/** Runs a record parser, turning its RecordError into a dead-letter record with the reason. */
export function guarded(kind: RecordKind, raw: unknown, parse: () => FeedRecord): FeedRecord {
  try {
    return parse();
  } catch (error) {
    if (error instanceof RecordError) return reject(kind, error.message, raw);
    throw error;
  }
}

export function categoryRef(externalType: string, path: string[]): SourceCategoryRef {
  if (path.length === 0) throw new RecordError('the product has no category');
  return { externalType, externalId: path.join(' > '), name: path[path.length - 1], path };
}

export function nutrients(value: unknown, keys: { name: string; value: string; ri: string }): NutrientValue[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new RecordError('nutrition must be an array');
  return value.map((entry, index) => {
    if (!isObject(entry)) throw new RecordError(`nutrition[${index}] must be an object`);
    return { name: str(entry[keys.name], `nutrition[${index}].${keys.name}`), value: str(entry[keys.value], `nutrition[${index}].${keys.value}`), ri: optStr(entry[keys.ri], `nutrition[${index}].${keys.ri}`) };
  });
}

export function slugOr(value: unknown, ...fallback: string[]): string {
  return typeof value === 'string' && /^[a-z0-9-]+$/.test(value) ? value : slugify(fallback.join(' '));
}
