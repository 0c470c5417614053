import type { NutritionKey } from './nutrition';

/** How a product is stored; drives the storage sentence of the description. */
export type Storage = 'cold' | 'fresh' | 'frozen' | 'dry' | 'bread' | 'drink' | 'home';

/** A ';'-separated string or a list. */
export type List = string | readonly string[];

export interface ProductDef {
  /** Product stem, e.g. 'rasvaton maito'. */
  n: string;
  /** Brands (overrides the leaf's). */
  b?: List;
  /** Sizes like '1 l', '4 kpl 280 g'; '-' means sold loose by weight (priced per kg). */
  s?: List;
  /** Price per comparison unit (kg, l or piece) in euros: [min, max]. */
  ppu?: readonly [number, number];
  /** Ingredients; '{P}' is replaced by the capitalised product stem. */
  i?: string;
  /** Origin countries to choose from. */
  o?: List;
  nut?: NutritionKey | null;
  /** Name is the stem itself (already contains the brand), e.g. 'Coca-Cola Zero'. */
  raw?: boolean;
}

export interface Defaults {
  b?: List;
  s?: List;
  ppu?: readonly [number, number];
  i?: string;
  o?: List;
  nut?: NutritionKey | null;
  st?: Storage;
  /** Description sentences; '{P}' = capitalised name without size, '{p}' = stem, '{b}' = brand. */
  d?: readonly string[];
  /** Everyday staple: carried almost everywhere (also by Lidl). */
  staple?: boolean;
}

export interface LeafDef extends Defaults {
  name: string;
  p: string | ReadonlyArray<string | ProductDef>;
  /** Target number of products in the full data set. */
  n?: number;
}

export interface MidDef extends Defaults {
  name: string;
  leaves: readonly LeafDef[];
}

export interface TopDef extends Defaults {
  name: string;
  children: readonly MidDef[];
}

export function list(value: List | undefined): readonly string[] {
  if (value === undefined) return [];
  return typeof value === 'string' ? value.split(';').map((s) => s.trim()) : value;
}

export const P = (n: string, opts: Omit<ProductDef, 'n'> = {}): ProductDef => ({ n, ...opts });
export const L = (name: string, p: LeafDef['p'], opts: Omit<LeafDef, 'name' | 'p'> = {}): LeafDef => ({ name, p, ...opts });
export const M = (name: string, opts: Defaults, leaves: readonly LeafDef[]): MidDef => ({ name, ...opts, leaves });
export const T = (name: string, opts: Defaults, children: readonly MidDef[]): TopDef => ({ name, ...opts, children });
