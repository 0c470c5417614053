import type { TopDef } from '../catalog-types';
import { BAKERY } from './bakery';
import { DAIRY } from './dairy';
import { DRINKS } from './drinks';
import { DRY } from './dry';
import { FISH } from './fish';
import { FROZEN } from './frozen';
import { HOME } from './home';
import { KIDS } from './kids';
import { MEAT } from './meat';
import { PRODUCE } from './produce';
import { READY } from './ready';
import { SWEETS } from './sweets';

/** The three-level category tree with the product vocabulary of every leaf. */
export const CATALOG: readonly TopDef[] = [DAIRY, PRODUCE, BAKERY, MEAT, FISH, DRINKS, FROZEN, DRY, SWEETS, READY, KIDS, HOME];
