/**
 * Container deposits (pantti) of the demo drinks, in cents per package, at the Finnish deposit rates of the Palpa
 * return system as Alko lists them (https://www.alko.fi/sv/handla-och-tjanster/handla-atervinning, read 2026-11):
 * a can 0,15 €; a recyclable plastic bottle 0,10 € up to 0,35 l, 0,20 € over 0,35 l and under 1 l, 0,40 € from 1 l.
 * (Recyclable glass bottles are 0,10 €; the demo catalogue sells none.)
 */
export const DEPOSIT_CENTS = { can: 15, bottleUpTo035: 10, bottleUnder1: 20, bottleFrom1: 40 } as const;

/** The middle categories whose drinks carry a deposit; juices (cartons), coffee and tea do not. */
const DEPOSIT_CATEGORIES: Record<string, 'soft' | 'can'> = {
  Virvoitusjuomat: 'soft',
  'Oluet ja siiderit': 'can',
};
/** Leaves sold in cans whatever their size. */
const CAN_LEAVES = new Set(['Energiajuomat']);

const litres = (text: string) => Number(text.replace(',', '.'));

/**
 * The deposit of one demo product (cents), or null: beers, ciders and energy drinks come in cans; soft drinks and
 * waters of 0,33 l in cans, bigger ones in plastic bottles; a multipack ("6 x 0,33 l") pays one deposit a container.
 */
export function demoDeposit(midCategory: string, leafCategory: string, name: string): number | null {
  const kind = DEPOSIT_CATEGORIES[midCategory];
  if (!kind) return null;
  const multi = /(\d+)\s*x\s*(\d+(?:,\d+)?)\s*l(?![\p{L}\d])/iu.exec(name);
  const single = multi ? null : /(?<![\p{L}\d,])(\d+(?:,\d+)?)\s*l(?![\p{L}\d])/iu.exec(name);
  if (!multi && !single) return null;
  const count = multi ? Number(multi[1]) : 1;
  const size = litres(multi ? multi[2] : (single as RegExpExecArray)[1]);
  let each: number;
  if (kind === 'can' || CAN_LEAVES.has(leafCategory) || size <= 0.33) each = DEPOSIT_CENTS.can;
  else if (size <= 0.35) each = DEPOSIT_CENTS.bottleUpTo035;
  else if (size < 1) each = DEPOSIT_CENTS.bottleUnder1;
  else each = DEPOSIT_CENTS.bottleFrom1;
  return count * each;
}
