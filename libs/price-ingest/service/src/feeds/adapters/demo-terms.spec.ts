import { generateDemoData, writeDemoFeed } from '@hintakori/demo-data';
import type { FeedPrice, FeedRecord } from '../feed-record';
import { termsProblem } from '../../runs/feed-runner';
import { adapterFor } from './index';

describe('the demo feeds carry the till terms through the adapters', () => {
  const data = generateDemoData({ today: '2026-12-20', size: 'small' });
  const parsed = (source: 's-group' | 'k-group' | 'lidl'): FeedRecord[] => {
    const parse = adapterFor(source).createParser();
    const records: FeedRecord[] = [];
    let n = 0;
    writeDemoFeed(data, source, (line) => records.push(...parse(line, ++n)));
    return records;
  };
  const pricesOf = (records: FeedRecord[]): FeedPrice[] => records.filter((r): r is Extract<FeedRecord, { kind: 'price' }> => r.kind === 'price').map((r) => r.value);

  it.each(['s-group', 'k-group', 'lidl'] as const)('%s: no line rejected, every price within the till rules', (source) => {
    const records = parsed(source);
    expect(records.filter((r) => r.kind === 'reject')).toEqual([]);
    const prices = pricesOf(records);
    expect(prices.map(termsProblem).filter((p) => p !== null)).toEqual([]);
    expect(prices.some((p) => p.multibuy)).toBe(true);
    expect(prices.some((p) => p.campaignEndsAt)).toBe(true);
    if (source === 'k-group') expect(prices.some((p) => p.memberPrice?.card === 'k-plussa')).toBe(true);
    if (source === 'lidl') expect(prices.some((p) => p.memberPrice?.card === 'lidl-plus')).toBe(true);
    if (source === 's-group') expect(prices.some((p) => p.memberPrice)).toBe(false);
    if (source !== 'lidl') expect(prices.some((p) => p.campaignStartsAt)).toBe(true);
  });
});
