/**
 * A reply's type as the web reads it where the browser may hold an older or partial copy (the offline list, a shared
 * cart, the chosen stores, totals it summed itself): the reply contract's type `T` (imported with `import type` from
 * its contracts library), with the `Nullable` fields possibly null and the `Optional` ones possibly absent. Every other
 * field is the contract's, so a change to the contract that the web did not follow fails its typecheck.
 */
export type Kept<T, Nullable extends keyof T = never, Optional extends keyof T = never> = Omit<T, Nullable | Optional> & {
  [K in Nullable]: T[K] | null;
} & { [K in Optional]?: T[K] };
