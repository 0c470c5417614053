import { consumerLag, feedSchedule, leastSquares, metricSum, parsePrometheus, slopePerHour, TARGETS, verdict, warmUpMinutes } from './soak-report.mjs';

describe('soak report', () => {
  describe('warm-up', () => {
    it('is 10 minutes of a 30-minute or longer run and a third of a shorter one', () => {
      expect(warmUpMinutes(30)).toBe(10);
      expect(warmUpMinutes(120)).toBe(10);
      expect(warmUpMinutes(3)).toBe(1);
      expect(warmUpMinutes(12)).toBe(4);
    });
    it('takes an explicit value within the run and refuses one outside it', () => {
      expect(warmUpMinutes(30, '0')).toBe(0);
      expect(warmUpMinutes(30, 10)).toBe(10);
      expect(() => warmUpMinutes(30, 30)).toThrow(/--warm-up/);
      expect(() => warmUpMinutes(30, 'soon')).toThrow(/--warm-up/);
      expect(() => warmUpMinutes(30, -1)).toThrow(/--warm-up/);
    });
  });

  describe('feed schedule', () => {
    it('starts inside the warm-up and then runs one every 10 minutes, each at least 2 minutes before the end', () => {
      expect(feedSchedule(30)).toEqual([4, 14, 24]);
      expect(feedSchedule(60)).toEqual([4, 14, 24, 34, 44, 54]);
      expect(feedSchedule(24)).toEqual([3.2, 13.2]); // the warm-up of a shorter run is a third of it: 8 minutes
      expect(feedSchedule(23, 10, 2)).toEqual([2, 12]);
      expect(feedSchedule(60, 20, 5)).toEqual([5, 25, 45]);
    });
    it('adds priming runs a minute apart after the first, only within the warm-up, and keeps the cadence after it', () => {
      expect(feedSchedule(30, 10, undefined, { priming: 4 })).toEqual([4, 5, 6, 7, 8, 14, 24]);
      // The last priming run starts at least half a minute before the warm-up ends: 9 of a 10-minute warm-up, not 10.
      expect(feedSchedule(30, 10, undefined, { priming: 8 })).toEqual([4, 5, 6, 7, 8, 9, 14, 24]);
      expect(feedSchedule(90, 10, undefined, { priming: 4, warmUp: 30 })).toEqual([4, 5, 6, 7, 8, 14, 24, 34, 44, 54, 64, 74, 84]);
      expect(feedSchedule(12, 10, undefined, { priming: 4 })).toEqual([1.6, 2.6]); // a 4-minute warm-up: 3.6 would start under half a minute before its end
      expect(feedSchedule(30, 10, undefined, { priming: 0 })).toEqual([4, 14, 24]);
      expect(feedSchedule(30, 0, undefined, { priming: 4 })).toEqual([]);
      expect(feedSchedule(2, 10, undefined, { priming: 4 })).toEqual([]);
    });
    it('gives a short run one early feed run, and none when there is no time to see it or none is wanted', () => {
      expect(feedSchedule(3)).toEqual([0.4]);
      expect(feedSchedule(12)).toEqual([1.6]);
      expect(feedSchedule(2)).toEqual([]);
      expect(feedSchedule(1)).toEqual([]);
      expect(feedSchedule(30, 0)).toEqual([]);
    });
  });

  describe('least squares', () => {
    it('finds the slope and intercept of points on a line, with no error', () => {
      const fit = leastSquares([0, 1, 2, 3].map((x) => ({ x, y: 3 + 2 * x })));
      expect(fit.slope).toBeCloseTo(2, 12);
      expect(fit.intercept).toBeCloseTo(3, 12);
      expect(fit.stderr).toBeCloseTo(0, 12);
      expect(fit.n).toBe(4);
    });
    it('fits noisy points as the textbook does', () => {
      // x 1..5, y 2, 4, 5, 4, 5: slope 0.6, intercept 2.2, residual SS 2.4, sxx 10 → stderr sqrt(2.4 / 3 / 10)
      const fit = leastSquares([2, 4, 5, 4, 5].map((y, i) => ({ x: i + 1, y })));
      expect(fit.slope).toBeCloseTo(0.6, 12);
      expect(fit.intercept).toBeCloseTo(2.2, 12);
      expect(fit.stderr).toBeCloseTo(Math.sqrt(0.08), 12);
    });
    it('leaves out missing values and has no slope for fewer than two points or one x', () => {
      expect(leastSquares([{ x: 0, y: 1 }, { x: 1, y: Number.NaN }, { x: 2, y: 5 }]).slope).toBeCloseTo(2, 12);
      expect(leastSquares([{ x: 0, y: 1 }]).slope).toBeNull();
      expect(leastSquares([{ x: 1, y: 1 }, { x: 1, y: 2 }]).slope).toBeNull();
    });
  });

  describe('slope per hour', () => {
    it('turns a per-minute series into units an hour after the warm-up', () => {
      // 300 MB, growing 0.1 MB a minute = 6 MB an hour; the warm-up's fast growth is left out.
      const samples = Array.from({ length: 31 }, (_, minute) => ({ minute, value: minute < 5 ? 200 + 20 * minute : 300 + 0.1 * minute }));
      const slope = slopePerHour(samples, 5);
      expect(slope.perHour).toBeCloseTo(6, 9);
      expect(slope.n).toBe(26);
      expect(slope.first).toBeCloseTo(300.5, 9);
      expect(slope.last).toBeCloseTo(303, 9);
      // With the warm-up in, the slope is much steeper: that is why it is left out.
      expect(slopePerHour(samples, 0).perHour as number).toBeGreaterThan(100);
    });
    it('is flat for a flat series and null without samples after the warm-up', () => {
      expect(slopePerHour([5, 6, 7].map((minute) => ({ minute, value: 42 })), 5).perHour).toBe(0);
      expect(slopePerHour([{ minute: 1, value: 1 }], 5).perHour).toBeNull();
    });
  });

  describe('Prometheus text', () => {
    const text = [
      '# HELP v8js_memory_heap_used V8 heap memory used, per heap space',
      '# TYPE v8js_memory_heap_used gauge',
      'v8js_memory_heap_used{v8js_heap_space_name="new_space",otel_scope_name="hintakori"} 1000',
      'v8js_memory_heap_used{v8js_heap_space_name="old_space",otel_scope_name="hintakori"} 2500.5',
      'nodejs_eventloop_delay_p99{otel_scope_name="hintakori"} 0.0123',
      'hintakori_kafka_consumer_lag{group="a \\"quoted\\" group",topic="prices.observed",partition="0"} 7 1700000000000',
      'up +Inf',
      'not a sample line',
    ].join('\n');
    it('reads samples with their labels (escapes undone, timestamps dropped)', () => {
      const parsed = parsePrometheus(text);
      expect(parsed.get('v8js_memory_heap_used')).toEqual([
        { labels: { v8js_heap_space_name: 'new_space', otel_scope_name: 'hintakori' }, value: 1000 },
        { labels: { v8js_heap_space_name: 'old_space', otel_scope_name: 'hintakori' }, value: 2500.5 },
      ]);
      expect(parsed.get('hintakori_kafka_consumer_lag')).toEqual([{ labels: { group: 'a "quoted" group', topic: 'prices.observed', partition: '0' }, value: 7 }]);
      expect(parsed.get('up')).toEqual([{ labels: {}, value: Infinity }]);
      expect(parsed.has('not')).toBe(false);
    });
    it('sums a metric over its label sets, and says when it is absent', () => {
      const parsed = parsePrometheus(text);
      expect(metricSum(parsed, 'v8js_memory_heap_used')).toBe(3500.5);
      expect(metricSum(parsed, 'nodejs_eventloop_delay_p99')).toBe(0.0123);
      expect(metricSum(parsed, 'nodejs_eventloop_delay_max')).toBeNull();
    });
    it('sums only the samples whose labels match, when asked', () => {
      const parsed = parsePrometheus(text);
      expect(metricSum(parsed, 'v8js_memory_heap_used', { v8js_heap_space_name: 'new_space' })).toBe(1000);
      expect(metricSum(parsed, 'v8js_memory_heap_used', { v8js_heap_space_name: 'code_space' })).toBeNull();
    });
  });

  describe('consumer lag', () => {
    it('is the topic end minus the commit on every partition a group committed, never negative', () => {
      const ends = new Map([
        ['prices.observed', new Map([[0, 100], [1, 50]])],
        ['items.upserted', new Map([[0, 10]])],
      ]);
      const committed = new Map([
        ['catalog-projections', new Map([['prices.observed', new Map([[0, 90], [1, 50]])], ['items.upserted', new Map([[0, 12]])]])],
        // A partition never committed (-1) is not counted; a topic whose end is unknown neither.
        ['comparisons-projections', new Map([['prices.observed', new Map([[0, -1], [1, 45]])], ['gone.topic', new Map([[0, 3]])]])],
      ]);
      const lag = consumerLag(ends, committed);
      expect(lag.get('catalog-projections')?.lag).toBe(10);
      expect(lag.get('catalog-projections')?.topics.get('items.upserted')).toBe(0);
      expect(lag.get('comparisons-projections')?.lag).toBe(5);
      expect(lag.get('comparisons-projections')?.topics.get('gone.topic')).toBe(0);
    });
  });

  describe('verdict', () => {
    const good = { failures: 0, requests: 90_000, rss: [{ process: 'gateway', perHour: 1.2 }, { process: 'catalog', perHour: -3 }], recoveries: [{ at: 5, seconds: 12 }, { at: 15, seconds: 8 }] };
    it('passes a run inside every target', () => {
      const result = verdict(good);
      expect(result.ok).toBe(true);
      expect(result.checks.map((c) => c.ok)).toEqual([true, true, true]);
      expect(result.checks[1].detail).toMatch(/highest 1\.2 MB\/h \(gateway\)/);
    });
    it('fails on one failed request', () => {
      const result = verdict({ ...good, failures: 1 });
      expect(result.ok).toBe(false);
      expect(result.checks[0]).toMatchObject({ ok: false, detail: '1 of 90000' });
    });
    it('fails on a process whose RSS grows faster than the target, and names it', () => {
      const result = verdict({ ...good, rss: [...good.rss, { process: 'comparisons', perHour: TARGETS.rssMbPerHour + 0.1 }] });
      expect(result.ok).toBe(false);
      expect(result.checks[1].detail).toBe('over: comparisons 5.1');
    });
    it('fails when the lag took longer than a minute, never recovered, or a feed run failed or was not made', () => {
      expect(verdict({ ...good, recoveries: [{ at: 5, seconds: 61 }] }).ok).toBe(false);
      expect(verdict({ ...good, recoveries: [{ at: 5, seconds: null }] }).checks[2].detail).toBe('never');
      expect(verdict({ ...good, feedErrors: [{ at: 25, error: 'exit 1' }], expectedFeeds: 3 }).checks[2]).toMatchObject({ ok: false, detail: '12 s, 8 s; 1 feed run(s) failed: exit 1' });
      expect(verdict({ ...good, expectedFeeds: 3 }).checks[2]).toMatchObject({ ok: false, detail: '12 s, 8 s; 1 feed run(s) not done' });
    });
    it('does not pass a run that made no request or has no RSS slope', () => {
      expect(verdict({ ...good, requests: 0 }).ok).toBe(false);
      expect(verdict({ ...good, rss: [{ process: 'gateway', perHour: null }] }).ok).toBe(false);
    });
    it('has nothing to say about lag when no feed run was due', () => {
      const result = verdict({ ...good, recoveries: [], expectedFeeds: 0 });
      expect(result.ok).toBe(true);
      expect(result.checks[2].detail).toMatch(/no feed run/);
    });
  });
});
