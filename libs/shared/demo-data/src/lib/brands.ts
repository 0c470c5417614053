import type { StoreType } from './types';

export interface BrandInfo {
  /** Price factor against an ordinary national brand. */
  factor: number;
  /** Country of origin when the brand implies one (international brands). */
  origin?: string;
  /** Private label of a retail group: sold only in that group's stores. */
  own?: StoreType;
  /** International fresh-produce brand whose origin depends on the product and season. */
  variesByOrigin?: boolean;
}

const VARIES = ['Chiquita', 'Dole', 'Del Monte', 'Fyffes', 'Jaffa', 'Sunkist', "Driscoll's", 'Marlene'];

const S_OWN = ['Rainbow', 'X-tra', 'Kotimaista', 'Kokkikartano'];
const K_OWN = ['Pirkka', 'K-Menu'];
const L_OWN = [
  'Milbona', 'Bellarom', 'Solevita', 'Freeway', 'Saskia', 'Perlenbacher', 'Favorina', 'Fin Carré', 'Snack Day',
  'Alesto', 'Combino', 'Golden Sun', 'Vitasia', 'Crownfield', 'Baresa', 'Freshona', 'Nautica', 'Dulano',
  'Grill Meister', 'Chef Select', 'Trattoria Alfredo', 'Harvest Basket', 'Vemondo', 'Sondey', 'W5', 'Formil',
  'Cien', 'Floralys', 'Toujours', 'Deluxe', 'Eridanous', 'Lupilu',
];

const PRIVATE_FACTOR: Record<string, number> = {
  Rainbow: 0.78, 'X-tra': 0.62, Kotimaista: 0.86, Kokkikartano: 0.8, Pirkka: 0.82, 'K-Menu': 0.65, Deluxe: 1.05,
};

const ORIGIN: Record<string, string> = {
  Oatly: 'Ruotsi', Alpro: 'Belgia', Danone: 'Ranska', Lindahls: 'Ruotsi', Philadelphia: 'Saksa', Castello: 'Tanska',
  Galbani: 'Italia', 'Président': 'Ranska', Lurpak: 'Tanska', Leksands: 'Ruotsi', Schär: 'Italia', 'Santa Maria': 'Ruotsi', 'Old El Paso': 'Yhdysvallat', Mission: 'Alankomaat',
  Oreo: 'Tšekki', Ritz: 'Saksa', TUC: 'Belgia', Taifun: 'Saksa', Anamma: 'Ruotsi', 'Oumph!': 'Ruotsi',
  'Rio Mare': 'Italia', Abba: 'Ruotsi', 'King Oscar': 'Norja', 'Royal Greenland': 'Grönlanti',
  Lavazza: 'Italia', Illy: 'Italia', Gevalia: 'Ruotsi', 'Löfbergs': 'Ruotsi', 'Nescafé': 'Sveitsi',
  Lipton: 'Belgia', Twinings: 'Iso-Britannia', Tropicana: 'Belgia', Innocent: 'Iso-Britannia', Froosh: 'Ruotsi',
  'Red Bull': 'Itävalta', Monster: 'Alankomaat', Heineken: 'Alankomaat', Findus: 'Ruotsi', 'Ben & Jerry\'s': 'Alankomaat',
  'Mövenpick': 'Saksa', Magnum: 'Saksa', Grandiosa: 'Norja', 'Dr. Oetker': 'Saksa', McCain: 'Alankomaat',
  Aviko: 'Alankomaat', Barilla: 'Italia', 'De Cecco': 'Italia', "Uncle Ben's": 'Belgia', Tilda: 'Iso-Britannia',
  'Blue Dragon': 'Thaimaa', Mama: 'Thaimaa', Nissin: 'Unkari', "Kellogg's": 'Saksa', 'Nestlé': 'Ranska',
  Mutti: 'Italia', Cirio: 'Italia', Bonduelle: 'Ranska', Heinz: 'Alankomaat', 'Green Giant': 'Unkari',
  Dronningholm: 'Tanska', 'Bonne Maman': 'Ranska', Maldon: 'Iso-Britannia', "Hellmann's": 'Alankomaat',
  Dolmio: 'Iso-Britannia', Bertolli: 'Italia', Knorr: 'Saksa', Carapelli: 'Italia', Marabou: 'Ruotsi',
  Lindt: 'Sveitsi', Mars: 'Alankomaat', Snickers: 'Alankomaat', Ferrero: 'Italia', Haribo: 'Saksa',
  Malaco: 'Ruotsi', Cloetta: 'Ruotsi', Extra: 'Puola', 'Läkerol': 'Ruotsi', "Fisherman's Friend": 'Iso-Britannia',
  Pringles: 'Belgia', 'Sun-Maid': 'Yhdysvallat', Semper: 'Ruotsi', HiPP: 'Saksa', Nan: 'Sveitsi',
  "Ella's Kitchen": 'Iso-Britannia', Organix: 'Iso-Britannia', Pampers: 'Saksa', "Johnson's": 'Italia',
  Omo: 'Alankomaat', Ariel: 'Belgia', Lenor: 'Belgia', Comfort: 'Alankomaat', Fairy: 'Belgia', Finish: 'Puola',
  Domestos: 'Iso-Britannia', Harpic: 'Puola', Ajax: 'Saksa', 'Mr Muscle': 'Italia', Vileda: 'Saksa',
  Spontex: 'Ranska', Lotus: 'Ruotsi', 'Elvital': 'Ranska', 'Head & Shoulders': 'Belgia', Pantene: 'Belgia',
  Sebamed: 'Saksa', 'Herbal Essences': 'Belgia', Dove: 'Saksa', Palmolive: 'Puola', Colgate: 'Puola',
  Pepsodent: 'Ruotsi', Sensodyne: 'Iso-Britannia', Elmex: 'Saksa', Jordan: 'Norja', 'Oral-B': 'Saksa',
  Rexona: 'Saksa', Nivea: 'Saksa', Axe: 'Saksa', 'Coca-Cola': 'Suomi', Pepsi: 'Suomi', Combino: 'Italia',
  'Trattoria Alfredo': 'Italia', Eridanous: 'Kreikka', Bellarom: 'Saksa', Vitasia: 'Thaimaa', Baresa: 'Italia',
};

const PREMIUM: Record<string, number> = {
  Lindt: 1.3, "Ben & Jerry's": 1.45, Philadelphia: 1.15, Lavazza: 1.15, Illy: 1.3, Oatly: 1.1, Froosh: 1.15,
  Innocent: 1.15, Lurpak: 1.15, 'Président': 1.1, Castello: 1.15, 'Mövenpick': 1.25, 'Bonne Maman': 1.2,
  Sensodyne: 1.3, Schär: 1.2, 'Royal Greenland': 1.1, Heinz: 1.05, Barilla: 1.05, Tilda: 1.1, Marabou: 1.05,
};

export function brandInfo(brand: string): BrandInfo {
  if (S_OWN.includes(brand)) return { factor: PRIVATE_FACTOR[brand] ?? 0.8, own: 'S', origin: brand === 'Kotimaista' ? 'Suomi' : undefined };
  if (K_OWN.includes(brand)) return { factor: PRIVATE_FACTOR[brand] ?? 0.82, own: 'K' };
  if (L_OWN.includes(brand)) return { factor: PRIVATE_FACTOR[brand] ?? 0.8, own: 'L', origin: ORIGIN[brand] };
  if (VARIES.includes(brand)) return { factor: PREMIUM[brand] ?? 1, variesByOrigin: true };
  return { factor: PREMIUM[brand] ?? 1, origin: ORIGIN[brand] };
}

/** GS1 country prefix for an origin country (Finnish products use 64). */
export const GS1_PREFIX: Record<string, string> = {
  Suomi: '64', Ruotsi: '73', Saksa: '40', Italia: '80', Alankomaat: '87', Tanska: '57', Ranska: '30', Norja: '70',
  Belgia: '54', Espanja: '84', 'Iso-Britannia': '50', Puola: '59', Sveitsi: '76', Itävalta: '90', Kreikka: '52',
  Viro: '474', Thaimaa: '885', Yhdysvallat: '00', Unkari: '599', Tšekki: '859',
};
