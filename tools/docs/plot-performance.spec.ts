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
    const file = write('bad.jsonl', [line('2026-11-26', '01:00', 5), '{not json', { ...line('26.11.2026', '01:00', 'fast') }]);
    const result = run('--check', '--file', file);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('line 2: not JSON');
    expect(result.stderr).toContain('line 3: date must be YYYY-MM-DD');
    expect(result.stderr).toContain('line 3: value must be');
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
});
