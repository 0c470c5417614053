import type { Rng } from './prng';
import type { DemoNutrient } from './types';

/** Typical values per 100 g / 100 ml: [kcal, fat, saturated, carbohydrates, sugars, protein, salt]. */
export const NUTRITION_PROFILES = {
  milk0: [35, 0.1, 0.1, 5, 5, 3.5, 0.1],
  milk1: [47, 1.5, 1, 4.9, 4.9, 3.4, 0.1],
  milk3: [64, 3.5, 2.3, 4.7, 4.7, 3.3, 0.1],
  plantdrink: [45, 1.5, 0.2, 6.6, 4, 1, 0.1],
  yogflav: [80, 2, 1.3, 11, 10, 3.5, 0.1],
  yogplain: [60, 2.5, 1.6, 5, 5, 4, 0.1],
  quark: [75, 0.5, 0.3, 5, 4, 11, 0.1],
  cheese: [350, 27, 17, 0, 0, 27, 1.2],
  creamcheese: [230, 20, 13, 4, 3.5, 7, 0.8],
  butter: [720, 80, 52, 0.7, 0.7, 0.6, 1.2],
  spread: [540, 60, 15, 0.5, 0.5, 0.2, 1],
  cream: [200, 20, 13, 3.5, 3.5, 2.5, 0.1],
  egg: [140, 10, 2.8, 0.3, 0.3, 12.5, 0.35],
  fruit: [55, 0.2, 0, 12, 10, 0.7, 0],
  berries: [40, 0.5, 0, 7, 6, 0.8, 0],
  veg: [22, 0.2, 0, 3, 2.5, 1.2, 0],
  potato: [75, 0.1, 0, 16, 0.5, 2, 0],
  mushroom: [22, 0.3, 0, 0.5, 0.2, 3, 0],
  breadrye: [220, 2.5, 0.4, 38, 1.5, 7, 1.1],
  breadwhite: [260, 3.5, 1, 47, 4, 8.5, 1],
  crispbread: [330, 2, 0.3, 60, 1.5, 10, 1],
  bun: [340, 11, 5, 50, 15, 7.5, 0.6],
  cookie: [480, 22, 11, 64, 28, 6, 0.6],
  cracker: [450, 17, 7, 65, 5, 9, 1.8],
  pie: [200, 5, 2, 33, 2, 5, 0.8],
  tortilla: [300, 7, 3, 50, 3, 8, 1.2],
  mince: [190, 12, 5, 0, 0, 19, 0.2],
  chicken: [115, 2, 0.5, 0.5, 0.5, 23, 0.6],
  meat: [160, 8, 3, 0, 0, 21, 0.2],
  coldcut: [110, 3, 1, 2, 1, 18, 2],
  sausage: [230, 18, 7, 6, 1, 10, 1.8],
  tofu: [140, 8, 1.2, 1.5, 0.5, 14, 0.02],
  plantprotein: [180, 8, 1, 8, 1, 18, 1],
  fish: [200, 13, 2.5, 0, 0, 20, 0.1],
  fishlean: [90, 1, 0.2, 0, 0, 19, 0.2],
  smokedfish: [220, 14, 3, 0, 0, 22, 2.5],
  cannedfish: [180, 9, 1.5, 0, 0, 24, 1],
  herring: [230, 15, 2, 14, 12, 8, 1.5],
  shrimp: [75, 1, 0.2, 0, 0, 17, 1.4],
  juice: [45, 0, 0, 10, 9, 0.6, 0],
  juicedrink: [30, 0, 0, 7, 7, 0, 0],
  smoothie: [60, 0.3, 0, 13, 11, 0.7, 0],
  soda: [40, 0, 0, 10, 10, 0, 0],
  water: [0, 0, 0, 0, 0, 0, 0.02],
  energy: [45, 0, 0, 11, 11, 0, 0.1],
  beerfree: [22, 0, 0, 4.8, 2.2, 0.3, 0],
  beer: [42, 0, 0, 3, 0.2, 0.4, 0],
  cider: [50, 0, 0, 8, 8, 0, 0],
  frozenveg: [40, 0.5, 0.1, 5, 3, 2.5, 0.05],
  icecream: [210, 11, 7, 24, 21, 3.5, 0.15],
  pizza: [240, 9, 4, 29, 3, 10, 1.2],
  readymeal: [120, 4, 1.8, 13, 2, 7, 0.8],
  fries: [140, 4, 0.4, 22, 0.5, 2.5, 0.1],
  pasta: [355, 1.5, 0.3, 70, 3, 12.5, 0.01],
  rice: [350, 0.6, 0.2, 78, 0.2, 7.5, 0],
  noodles: [450, 18, 8, 60, 3, 9, 2.5],
  flour: [340, 1.5, 0.3, 70, 1.5, 11, 0],
  sugar: [400, 0, 0, 100, 100, 0, 0],
  baking: [250, 3, 1, 50, 20, 5, 5],
  oats: [370, 7, 1.2, 58, 1, 13, 0],
  cereal: [380, 4, 1, 75, 20, 9, 0.8],
  cannedtomato: [25, 0.2, 0, 4, 3.5, 1.2, 0.3],
  beans: [90, 0.5, 0.1, 13, 1, 6, 0.6],
  jam: [230, 0.1, 0, 55, 50, 0.4, 0.02],
  sauce: [100, 0.1, 0, 23, 22, 1.5, 2.5],
  mayo: [680, 75, 6, 2, 1.5, 1, 1.2],
  pastasauce: [60, 2, 0.3, 8, 6, 1.5, 1],
  oil: [820, 91, 7, 0, 0, 0, 0],
  chocolate: [540, 31, 19, 56, 53, 7.5, 0.2],
  candy: [340, 0.5, 0.2, 80, 55, 4, 0.1],
  licorice: [350, 2, 1, 78, 35, 3.5, 0.5],
  gum: [200, 0.5, 0.3, 60, 0, 0, 0],
  chips: [540, 33, 3, 51, 1, 6, 1.3],
  popcorn: [480, 25, 3, 55, 1, 9, 1.5],
  nuts: [620, 54, 7, 10, 4.5, 22, 0],
  driedfruit: [300, 0.5, 0.1, 65, 60, 3, 0.05],
  soup: [60, 2.5, 1, 6, 1.5, 3, 0.8],
  salad: [150, 9, 1.5, 12, 3, 6, 0.9],
  sandwich: [230, 9, 3, 26, 3, 10, 1.2],
  meatball: [230, 16, 6, 6, 1.5, 15, 1.5],
  babyfood: [70, 2, 0.5, 9, 3, 2.5, 0.05],
  puree: [60, 0.2, 0, 13, 11, 0.5, 0],
  formula: [66, 3.4, 1.3, 7.4, 7.4, 1.3, 0.05],
  babyporridge: [400, 6, 1, 70, 20, 12, 0.2],
  babysnack: [390, 5, 1, 78, 15, 8, 0.1],
} as const satisfies Record<string, readonly number[]>;

export type NutritionKey = keyof typeof NUTRITION_PROFILES;

/** Reference intakes of an average adult (EU 1169/2011). */
const RI = { kj: 8400, fat: 70, saturated: 20, carbohydrates: 260, sugars: 90, protein: 50, salt: 6 };

function grams(value: number): string {
  if (value === 0) return '0 g';
  if (value < 0.1) return '<0,1 g';
  const shown = value >= 10 ? String(Math.round(value)) : (Math.round(value * 10) / 10).toFixed(1).replace('.', ',');
  return `${shown} g`;
}

function percent(value: number, reference: number): string {
  return `${Math.round((value / reference) * 100)} %`;
}

/** Nutrition table rows (per 100 g / 100 ml) with a little per-product variation. */
export function nutritionRows(key: NutritionKey, rng: Rng, withRi: boolean): DemoNutrient[] {
  const [kcal0, fat0, sat0, carb0, sugar0, protein0, salt0] = NUTRITION_PROFILES[key];
  const vary = (v: number) => v * rng.range(0.88, 1.12);
  const fat = vary(fat0);
  const saturated = Math.min(fat, vary(sat0));
  const carbohydrates = vary(carb0);
  const sugars = Math.min(carbohydrates, vary(sugar0));
  const protein = vary(protein0);
  const salt = vary(salt0);
  // Energy follows the macros; whatever the profile has beyond them (alcohol, fibre) is kept.
  const extra = Math.max(0, kcal0 - (9 * fat0 + 4 * carb0 + 4 * protein0));
  const kcal = Math.round(9 * fat + 4 * carbohydrates + 4 * protein + extra);
  const kj = Math.round(kcal * 4.184);
  const ri = (value: number, reference: number) => (withRi ? percent(value, reference) : null);
  return [
    { name: 'Energia', value: `${kj} kJ / ${kcal} kcal`, ri: ri(kj, RI.kj) },
    { name: 'Rasva', value: grams(fat), ri: ri(fat, RI.fat) },
    { name: 'josta tyydyttynyttä', value: grams(saturated), ri: ri(saturated, RI.saturated) },
    { name: 'Hiilihydraatit', value: grams(carbohydrates), ri: ri(carbohydrates, RI.carbohydrates) },
    { name: 'josta sokereita', value: grams(sugars), ri: ri(sugars, RI.sugars) },
    { name: 'Proteiini', value: grams(protein), ri: ri(protein, RI.protein) },
    { name: 'Suola', value: grams(salt), ri: ri(salt, RI.salt) },
  ];
}
