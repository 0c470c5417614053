// Types of tools/ops/soak-report.mjs for its spec (tools/ops/soak-report.spec.ts); the module itself is plain JavaScript.
export declare const TARGETS: Readonly<{ failures: number; rssMbPerHour: number; lagRecoverySeconds: number }>;
export declare function warmUpMinutes(minutes: number, override?: unknown): number;
export declare function feedSchedule(minutes: number, every?: number, first?: number, options?: { priming?: number; warmUp?: number }): number[];
export declare function leastSquares(points: { x: number; y: number }[]): { slope: number | null; intercept: number | null; n: number; stderr: number | null };
export declare function slopePerHour(
  samples: { minute: number; value: number | null }[],
  warmUp: number,
): { perHour: number | null; stderr: number | null; n: number; first: number | null; last: number | null };
export declare function parsePrometheus(text: string): Map<string, { labels: Record<string, string>; value: number }[]>;
export declare function metricSum(parsed: Map<string, { labels: Record<string, string>; value: number }[]>, name: string, where?: Record<string, string>): number | null;
export declare function consumerLag(
  ends: Map<string, Map<number, number>>,
  committed: Map<string, Map<string, Map<number, number>>>,
): Map<string, { lag: number; topics: Map<string, number> }>;
export interface Check {
  target: string;
  ok: boolean;
  detail: string;
}
export declare function verdict(
  run: {
    failures: number;
    requests: number;
    rss: { process: string; perHour: number | null }[];
    recoveries: { at: number; seconds: number | null }[];
    feedErrors?: { at: number; error: string }[];
    expectedFeeds?: number;
  },
  targets?: typeof TARGETS,
): { ok: boolean; checks: Check[] };
export declare function fmt(value: number | null | undefined, digits?: number, signed?: boolean): string;
