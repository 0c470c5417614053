import type { SourceAdapter } from '../feed-record';
import { GenericAdapter } from './generic.adapter';
import { KGroupAdapter } from './k-group.adapter';
import { LidlAdapter } from './lidl.adapter';
import { SGroupAdapter } from './s-group.adapter';

export { GenericAdapter, splitCsvLine } from './generic.adapter';
export { KGroupAdapter } from './k-group.adapter';
export { LidlAdapter } from './lidl.adapter';
export { SGroupAdapter } from './s-group.adapter';

export const SOURCE_PATTERN = /^(s-group|k-group|lidl|(csv|jsonl):[a-z0-9-]{1,40})$/;

/** The adapter of a source id: 's-group', 'k-group', 'lidl', 'csv:<name>' or 'jsonl:<name>'. */
export function adapterFor(source: string): SourceAdapter {
  if (source === 's-group') return new SGroupAdapter();
  if (source === 'k-group') return new KGroupAdapter();
  if (source === 'lidl') return new LidlAdapter();
  const match = /^(csv|jsonl):([a-z0-9-]{1,40})$/.exec(source);
  if (match) return new GenericAdapter(source, match[1] as 'csv' | 'jsonl');
  throw new Error(`Unknown source "${source}": use s-group, k-group, lidl, csv:<name> or jsonl:<name>`);
}
