import type { ChainId } from './types';
import type { District, TownPlan } from './places';

/**
 * Municipalities beyond the hand-drawn town plans, for the national ('finland') demo size: municipal
 * centre (WGS84, approximate), main postal code and population in thousands (rounded, for weighting).
 */
const MUNICIPALITIES: readonly [name: string, lat: number, long: number, postal: string, population: number][] = [
  ['Pori', 61.4851, 21.7974, '28100', 84],
  ['Kouvola', 60.8679, 26.7042, '45100', 80],
  ['Joensuu', 62.601, 29.7636, '80100', 77],
  ['Lappeenranta', 61.0587, 28.1887, '53100', 73],
  ['Hämeenlinna', 60.9959, 24.4643, '13100', 68],
  ['Vaasa', 63.0951, 21.6165, '65100', 68],
  ['Seinäjoki', 62.7903, 22.8403, '60100', 65],
  ['Rovaniemi', 66.5039, 25.7294, '96100', 64],
  ['Mikkeli', 61.6886, 27.2723, '50100', 52],
  ['Kotka', 60.4664, 26.9458, '48100', 51],
  ['Salo', 60.3831, 23.125, '24100', 51],
  ['Porvoo', 60.3923, 25.6651, '06100', 51],
  ['Kokkola', 63.8385, 23.1307, '67100', 48],
  ['Hyvinkää', 60.6305, 24.8596, '05800', 47],
  ['Lohja', 60.2486, 24.0653, '08100', 46],
  ['Järvenpää', 60.4737, 25.0899, '04400', 45],
  ['Nurmijärvi', 60.4647, 24.8075, '01900', 44],
  ['Kirkkonummi', 60.1236, 24.4386, '02400', 41],
  ['Rauma', 61.1272, 21.5113, '26100', 39],
  ['Tuusula', 60.4036, 25.0272, '04300', 39],
  ['Kerava', 60.4034, 25.105, '04200', 38],
  ['Kajaani', 64.2222, 27.7278, '87100', 36],
  ['Nokia', 61.4784, 23.5097, '37100', 35],
  ['Kaarina', 60.4072, 22.3722, '20780', 35],
  ['Kangasala', 61.464, 24.065, '36200', 33],
  ['Ylöjärvi', 61.5557, 23.5962, '33470', 33],
  ['Savonlinna', 61.8686, 28.8867, '57100', 32],
  ['Vihti', 60.4167, 24.3194, '03100', 29],
  ['Riihimäki', 60.7394, 24.772, '11100', 29],
  ['Imatra', 61.1719, 28.7526, '55100', 25],
  ['Raisio', 60.4858, 22.169, '21200', 24],
  ['Sastamala', 61.3419, 22.9092, '38200', 24],
  ['Raahe', 64.6847, 24.479, '92100', 24],
  ['Lempäälä', 61.3139, 23.7528, '37500', 24],
  ['Hollola', 60.9886, 25.5128, '15870', 24],
  ['Sipoo', 60.3769, 25.27, '04130', 22],
  ['Iisalmi', 63.5611, 27.1886, '74100', 21],
  ['Tornio', 65.8481, 24.1467, '95400', 21],
  ['Valkeakoski', 61.2642, 24.0311, '37600', 21],
  ['Mäntsälä', 60.6333, 25.3167, '04600', 21],
  ['Siilinjärvi', 63.075, 27.66, '71800', 21],
  ['Varkaus', 62.3153, 27.8733, '78200', 20],
  ['Kemi', 65.7364, 24.5636, '94100', 20],
  ['Pirkkala', 61.4639, 23.6472, '33960', 20],
  ['Naantali', 60.4681, 22.0264, '21100', 20],
  ['Lieto', 60.5, 22.45, '21420', 20],
  ['Hamina', 60.5694, 27.1981, '49400', 20],
  ['Kurikka', 62.6167, 22.4, '61300', 20],
  ['Jämsä', 61.8639, 25.1903, '42100', 20],
  ['Kempele', 64.9128, 25.5083, '90440', 19],
  ['Pietarsaari', 63.675, 22.7028, '68600', 19],
  ['Laukaa', 62.4139, 25.9528, '41340', 19],
  ['Heinola', 61.2028, 26.0317, '18100', 18],
  ['Äänekoski', 62.6031, 25.7264, '44100', 18],
  ['Forssa', 60.8147, 23.6214, '30100', 17],
  ['Pieksämäki', 62.3, 27.1333, '76100', 17],
  ['Orimattila', 60.8042, 25.7292, '16300', 16],
  ['Akaa', 61.1667, 23.8667, '37800', 16],
  ['Kontiolahti', 62.7667, 29.85, '81100', 15],
  ['Uusikaupunki', 60.8, 21.4083, '23500', 15],
  ['Kuusamo', 65.9667, 29.1833, '93600', 15],
  ['Ylivieska', 64.0722, 24.5389, '84100', 15],
  ['Parainen', 60.3, 22.3, '21600', 15],
  ['Loviisa', 60.4569, 26.225, '07900', 14],
  ['Lapua', 62.9667, 23.0, '62100', 14],
  ['Kauhajoki', 62.4333, 22.1833, '61800', 13],
  ['Ulvila', 61.4333, 21.8833, '28400', 13],
  ['Kalajoki', 64.2597, 23.9486, '85100', 12],
  ['Kankaanpää', 61.8, 22.4, '38700', 11],
  ['Nivala', 63.925, 24.9778, '85500', 10],
  ['Kitee', 62.1, 30.1333, '82500', 10],
  ['Sotkamo', 64.1333, 28.3833, '88600', 10],
  ['Huittinen', 61.1833, 22.7, '32700', 10],
  ['Keuruu', 62.2597, 24.7056, '42700', 10],
  ['Mänttä-Vilppula', 62.0333, 24.6167, '35800', 10],
  ['Saarijärvi', 62.7056, 25.2569, '43100', 9],
  ['Alajärvi', 63.0, 23.8167, '62900', 9],
  ['Sodankylä', 67.4167, 26.6, '99600', 8],
  ['Pudasjärvi', 65.3583, 26.9972, '93100', 8],
  ['Somero', 60.6333, 23.5167, '31400', 8],
  ['Kemijärvi', 66.7139, 27.4306, '98100', 7],
  ['Inari', 68.6583, 27.5389, '99800', 7],
  ['Nurmes', 63.5444, 29.1389, '75500', 7],
  ['Oulainen', 64.2667, 24.8167, '86300', 7],
  ['Suonenjoki', 62.625, 27.1222, '77600', 7],
  ['Haapajärvi', 63.7486, 25.3181, '85800', 7],
  ['Kittilä', 67.6528, 24.9111, '99100', 6],
  ['Viitasaari', 63.075, 25.8583, '44500', 6],
];

/** Chain mix of a group's stores outside the big towns (shares sum to 1, largest first). */
const GROUP_MIX: Record<'S' | 'K' | 'L', readonly [ChainId, number][]> = {
  S: [
    ['s-market', 0.5],
    ['sale', 0.24],
    ['abc', 0.17],
    ['prisma', 0.09],
  ],
  K: [
    ['kmarket', 0.6],
    ['ksupermarket', 0.22],
    ['kcitymarket', 0.1],
    ['nokm', 0.08],
  ],
  L: [['lidl', 1]],
};

const DISTRICT_NAMES = ['Keskusta', 'Asema', 'Tori', 'Rantala', 'Kirkonkylä', 'Kauppala', 'Pohjoinen', 'Etelä', 'Itä', 'Länsi', 'Mäntylä', 'Koivuharju'];
const STREETS = 'Kauppakatu;Asemakatu;Koulukatu;Kirkkokatu;Puistokatu;Torikatu;Rantatie;Myllytie;Teollisuustie;Koivutie;Keskuskatu;Valtatie;Urheilutie;Kangastie';

/** Splits `total` in proportion to `weights`, largest remainders first, so the parts sum to `total`. */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left-- <= 0) break;
    parts[i]++;
  }
  return parts;
}

/**
 * Town plans for the municipalities above, sharing `extra` stores per group (S, K, Lidl) by population:
 * a municipality gets its S and K stores as the group's chain mix (one store: the supermarket chain),
 * districts around the centre and its postal code.
 */
export function municipalityPlans(extra: Record<'S' | 'K' | 'L', number>): TownPlan[] {
  const populations = MUNICIPALITIES.map((m) => m[4]);
  const byGroup = {
    S: apportion(extra.S, populations),
    K: apportion(extra.K, populations),
    // Lidl is in the bigger places only.
    L: apportion(
      extra.L,
      populations.map((p) => (p >= 9 ? p : 0)),
    ),
  };
  return MUNICIPALITIES.map(([city, lat, long, postal, population], index) => {
    const chains: Partial<Record<ChainId, number>> = {};
    for (const group of ['S', 'K', 'L'] as const) {
      const mix = GROUP_MIX[group];
      const counts = apportion(
        byGroup[group][index],
        mix.map(([, share]) => share),
      );
      mix.forEach(([chain], i) => {
        if (counts[i] > 0) chains[chain] = (chains[chain] ?? 0) + counts[i];
      });
    }
    const stores = Object.values(chains).reduce((a, b) => a + (b ?? 0), 0);
    const spread = Math.min(0.05, 0.01 + population / 4000);
    const districts: District[] = DISTRICT_NAMES.slice(0, Math.max(1, Math.min(DISTRICT_NAMES.length, Math.ceil(stores / 4)))).map((name, i) => {
      const angle = (i * 2.399963) % (2 * Math.PI);
      const radius = i === 0 ? 0 : spread * (0.5 + (i % 3) / 4);
      return {
        name,
        lat: Math.round((lat + radius * Math.sin(angle)) * 1e4) / 1e4,
        long: Math.round((long + 2 * radius * Math.cos(angle)) * 1e4) / 1e4,
        postal: [i === 0 ? postal : `${postal.slice(0, 3)}${String(((i + 1) * 10) % 100).padStart(2, '0')}`],
        streets: STREETS.split(';'),
        spots: [i === 0 ? city : `${city} ${name}`],
      };
    });
    return { city, jitter: [spread / 4, spread / 2] as const, districts, chains };
  });
}

export const MUNICIPALITY_COUNT = MUNICIPALITIES.length;
