import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const script = path.join(__dirname, 'plot-performance.mjs');
const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

describe('plot-performance', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'plot-performance-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, lines: unknown[]) => {
    const file = path.join(dir, name);
    writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
    return file;
  };
  const line = (date: string, time: string, value: unknown, extra: object = {}) => ({
    date, time, benchmark: 'bench:api', profile: 'standalone', scenario: 'store totals 30x10', figure: 'p95', value, unit: 'ms', source: 'test', ...extra,
  });

  it('finds no problem in docs/performance-history.jsonl', () => {
    const result = run('--check');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/no problems/);
  });

  it('names the lines it cannot use', () => {
    const file = write('bad.jsonl', [
      line('2026-11-26', '01:00', 5, { commit: 'abc1234', rateLimit: '1200/min', stackAge: 412 }),
      '{not json',
      { ...line('26.11.2026', '01:00', 'fast') },
      line('2026-11-26', '01:00', 5, { commit: 'HEAD', rateLimit: 'on', stackAge: -1 }),
    ]);
    const result = run('--check', '--file', file);
    expect(result.status).toBe(1);
    expect(result.stderr).not.toContain('line 1:');
    expect(result.stderr).toContain('line 2: not JSON');
    expect(result.stderr).toContain('line 3: date must be YYYY-MM-DD');
    expect(result.stderr).toContain('line 3: value must be');
    expect(result.stderr).toContain('line 4: commit must be');
    expect(result.stderr).toContain('line 4: rateLimit must be');
    expect(result.stderr).toContain('line 4: stackAge must be');
  });

  it('prints a series in time order, ranges at their middle, and filters', () => {
    const file = write('ok.jsonl', [
      line('2026-11-26', '09:00', 10, { variant: 'after' }),
      line('2026-11-25', '14:00', [20, 40], { variant: 'before' }),
      line('2026-11-25', '15:00', 5, { figure: 'p50' }),
    ]);
    const points = run('--file', file, '--figure', 'p95', '--points');
    expect(points.status).toBe(0);
    expect(points.stdout.split('\n')).toEqual([
      'bench:api · standalone · store totals 30x10 · p95 (ms)',
      '  2026-11-25 14:00 20–40  before',
      '  2026-11-26 09:00    10  after',
      '  █▁',
      '',
    ]);
    const summary = run('--file', file);
    expect(summary.stdout).toContain('p95: █▁ 20–40 → 10 ms (2 × 2026-11-25 14:00 … 2026-11-26 09:00)');
    expect(summary.stdout).toContain('p50: ▄ 5 ms (1 × 2026-11-25 15:00)');
    const csv = run('--file', file, '--figure', 'p95', '--csv').stdout.trim().split('\n');
    expect(csv[0]).toBe('benchmark,profile,data,scenario,setting,figure,unit,date,time,variant,value,low,high,text,note');
    expect(csv[1]).toBe('bench:api,standalone,,store totals 30x10,,p95,ms,2026-11-25,14:00,before,30,20,40,,');
    expect(csv).toHaveLength(3);
  });

  it('tables the store-totals p95 of load:comparisons on distributed finland, one run a row, first when unfiltered', () => {
    const load = (date: string, time: string, setting: string, value: number, extra: object = {}) =>
      line(date, time, value, { benchmark: 'load:comparisons', profile: 'distributed', data: 'finland', scenario: 'store totals', setting, ...extra });
    const run2 = { variant: 'main 1234abc', commit: '1234abc', rateLimit: 'off', stackAge: 300 };
    const file = write('totals.jsonl', [
      load('2026-11-29', '05:00', 'target 100/s', 30.5, { ...run2, variant: 'main 1234abc', source: 'run' }),
      load('2026-11-29', '05:00', 'target 500/s', 61, { ...run2, source: 'run' }),
      load('2026-11-29', '05:00', 'before k6', 1.5, { ...run2, source: 'run', scenario: 'machine floor' }),
      load('2026-11-29', '05:00', 'before k6', 3000, { ...run2, source: 'run', scenario: 'machine floor', figure: 'throughput', unit: 'req/s' }),
      load('2026-11-29', '05:00', 'after k6', 2.5, { ...run2, source: 'run', scenario: 'machine floor' }),
      load('2026-11-29', '05:00', 'after k6', 2000, { ...run2, source: 'run', scenario: 'machine floor', figure: 'throughput', unit: 'req/s' }),
      load('2026-11-28', '04:55', 'target 100/s', 8.6, { variant: 'main (before)' }),
      load('2026-11-28', '04:55', 'target 500/s', 19.5, { variant: 'main (before)' }),
      load('2026-11-28', '04:55', 'target 600/s', 37.1, { variant: 'main (before)' }),
      load('2026-11-28', '04:55', 'target 500/s', 99, { variant: 'main (before)', data: 'small' }),
    ]);
    const table = [
      'store totals p95 (ms) at each target rate, distributed, finland — load:comparisons, one run a row',
      '  when             run                                        100/s   500/s  floor p95',
      '  2026-11-28 04:55 main (before)                                8.6    19.5',
      '  2026-11-29 05:00 main 1234abc                                30.5      61        2.5',
    ];
    const only = run('--file', file, '--store-totals');
    expect(only.status).toBe(0);
    expect(only.stdout.split('\n')).toEqual([...table, '']);
    const all = run('--file', file).stdout;
    expect(all.startsWith(`${table.join('\n')}\n\n`)).toBe(true);
    expect(all).toContain('load:comparisons · distributed · finland · store totals · target 500/s · p95:');
    expect(run('--file', file, '--figure', 'p95').stdout).not.toContain('one run a row');
  });
});
