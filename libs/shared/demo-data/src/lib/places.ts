import type { ChainId } from './types';

/** A neighbourhood: centre coordinates, postal codes, real street names and names used in store names. */
export interface District {
  name: string;
  lat: number;
  long: number;
  postal: readonly string[];
  streets: readonly string[];
  /** Store-name suffixes, most typical first ('Prisma Kamppi', 'Alepa Töölöntori'). */
  spots: readonly string[];
}

export interface TownPlan {
  city: string;
  /** Coordinates are clamped into these bounds (used for central Helsinki). */
  bounds?: { minLat: number; maxLat: number; minLong: number; maxLong: number };
  /** Max random offset from the district centre, degrees [lat, long]. */
  jitter: readonly [number, number];
  districts: readonly District[];
  /** How many stores of each chain the town gets. */
  chains: Partial<Record<ChainId, number>>;
  /** Preferred districts per chain, used first and in order. */
  pref?: Partial<Record<ChainId, readonly string[]>>;
}

function d(name: string, lat: number, long: number, postal: string, streets: string, spots?: string): District {
  return {
    name,
    lat,
    long,
    postal: postal.split(','),
    streets: streets.split(';'),
    spots: spots ? spots.split(';') : [name],
  };
}

const HELSINKI_CENTRAL: TownPlan = {
  city: 'Helsinki',
  bounds: { minLat: 60.152, maxLat: 60.228, minLong: 24.86, maxLong: 25.045 },
  jitter: [0.0035, 0.007],
  chains: { alepa: 20, kmarket: 14, 's-market': 8, ksupermarket: 7, lidl: 6, prisma: 3, kcitymarket: 2, herkku: 1, abc: 1, nokm: 2 },
  pref: {
    prisma: ['Kamppi', 'Kalasatama', 'Herttoniemi'],
    kcitymarket: ['Ruoholahti', 'Pasila'],
    herkku: ['Keskusta'],
    abc: ['Viikki'],
    nokm: ['Hermanni', 'Munkkiniemi'],
    lidl: ['Herttoniemi', 'Kallio', 'Pasila', 'Ruoholahti', 'Sörnäinen', 'Töölö'],
    alepa: ['Töölö', 'Kallio', 'Hakaniemi', 'Kamppi', 'Punavuori'],
  },
  districts: [
    d(
      'Keskusta',
      60.1699,
      24.941,
      '00100',
      'Mannerheimintie;Aleksanterinkatu;Kaivokatu;Simonkatu;Kaisaniemenkatu;Yliopistonkatu;Keskuskatu',
      'Kaisaniemi;Asema-aukio;Kluuvi;Aleksanterinkatu',
    ),
    d(
      'Kamppi',
      60.1685,
      24.9315,
      '00100,00180',
      'Urho Kekkosen katu;Fredrikinkatu;Annankatu;Eerikinkatu;Malminkatu;Salomonkatu',
      'Kamppi;Narinkka;Eerikinkatu;Annankatu',
    ),
    d(
      'Punavuori',
      60.161,
      24.938,
      '00120,00150',
      'Iso Roobertinkatu;Albertinkatu;Pursimiehenkatu;Merimiehenkatu;Uudenmaankatu;Fredrikinkatu',
      'Punavuori;Hietalahti;Iso Roobertinkatu;Hietalahdentori',
    ),
    d('Ullanlinna', 60.16, 24.949, '00130,00140', 'Tehtaankatu;Kapteeninkatu;Laivurinkatu;Huvilakatu;Neitsytpolku', 'Ullanlinna;Eira;Kaivopuisto;Tehtaankatu'),
    d('Kruununhaka', 60.1725, 24.9565, '00170', 'Liisankatu;Mariankatu;Rauhankatu;Maurinkatu;Kulmakatu;Snellmaninkatu', 'Kruununhaka;Liisankatu'),
    d('Katajanokka', 60.1675, 24.968, '00160', 'Kauppiaankatu;Luotsikatu;Laivastokatu;Vyökatu', 'Katajanokka'),
    d(
      'Etu-Töölö',
      60.1745,
      24.924,
      '00100,00260',
      'Runeberginkatu;Arkadiankatu;Museokatu;Dagmarinkatu;Cygnaeuksenkatu;Mechelininkatu',
      'Etu-Töölö;Arkadia;Hesperia',
    ),
    d(
      'Töölö',
      60.184,
      24.919,
      '00250,00260',
      'Mannerheimintie;Topeliuksenkatu;Runeberginkatu;Sandelsinkatu;Töölönkatu;Minna Canthin katu',
      'Töölöntori;Töölö;Taka-Töölö;Topeliuksenkatu',
    ),
    d('Meilahti', 60.192, 24.906, '00250,00270', 'Tukholmankatu;Meilahdentie;Paciuksenkatu;Tilkanvierto', 'Meilahti;Tilkka'),
    d('Ruskeasuo', 60.2015, 24.915, '00250,00280', 'Mannerheimintie;Vanha Viertotie;Nordenskiöldinkatu', 'Ruskeasuo'),
    d('Munkkiniemi', 60.199, 24.879, '00330', 'Munkkiniemen puistotie;Laajalahdentie;Riihitie;Huopalahdentie', 'Munkkiniemi;Munkkiniemen puistotie'),
    d('Munkkivuori', 60.2065, 24.88, '00350', 'Ulvilantie;Raumantie;Huopalahdentie', 'Munkkivuori'),
    d('Haaga', 60.218, 24.895, '00320,00400', 'Kauppalantie;Vihdintie;Hopeatie;Eliel Saarisen tie', 'Haaga;Etelä-Haaga;Pohjois-Haaga'),
    d(
      'Lauttasaari',
      60.159,
      24.876,
      '00200,00210',
      'Lauttasaarentie;Otavantie;Isokaari;Gyldenintie;Tallbergin puistotie',
      'Lauttasaari;Myllykallio;Lauttasaarentie',
    ),
    d('Ruoholahti', 60.1635, 24.915, '00180', 'Itämerenkatu;Porkkalankatu;Selkämerenkatu;Ruoholahdenranta', 'Ruoholahti'),
    d('Jätkäsaari', 60.158, 24.921, '00220', 'Atlantinkatu;Välimerenkatu;Tyynenmerenkatu;Hietakummuntie', 'Jätkäsaari'),
    d(
      'Kallio',
      60.184,
      24.95,
      '00500,00530',
      'Helsinginkatu;Fleminginkatu;Kolmas linja;Vaasankatu;Porthaninkatu;Agricolankatu',
      'Kallio;Karhupuisto;Torkkelinmäki;Kolmas linja;Fleminginkatu',
    ),
    d('Hakaniemi', 60.179, 24.951, '00530', 'Siltasaarenkatu;Hakaniemenranta;Paasivuorenkatu;John Stenbergin ranta', 'Hakaniemi;Hakaniementori'),
    d('Sörnäinen', 60.187, 24.962, '00500,00580', 'Hämeentie;Vilhonvuorenkatu;Sörnäisten rantatie;Kaikukatu', 'Sörnäinen;Sörnäisten rantatie'),
    d('Alppila', 60.193, 24.942, '00510', 'Sturenkatu;Alppikatu;Viipurinkatu;Kaarlenkatu', 'Alppila;Alppiharju'),
    d('Vallila', 60.195, 24.956, '00510,00550', 'Mäkelänkatu;Sturenkatu;Vallilantie;Aleksis Kiven katu', 'Vallila;Konepaja'),
    d('Hermanni', 60.195, 24.97, '00580', 'Hämeentie;Hermannin rantatie;Hattulantie', 'Hermanni'),
    d('Kalasatama', 60.1875, 24.978, '00540', 'Hermannin rantatie;Kalasatamankatu;Työpajankatu;Leonkatu', 'Kalasatama;Redi'),
    d('Arabianranta', 60.2085, 24.978, '00560', 'Arabiankatu;Hämeentie;Kokkosaarenkatu;Intiankatu', 'Arabianranta;Arabia'),
    d('Kumpula', 60.208, 24.962, '00560', 'Kumpulantie;Limingantie;Vanha Viertotie', 'Kumpula'),
    d('Käpylä', 60.215, 24.948, '00610', 'Pohjolankatu;Koskelantie;Mäkelänkatu;Taivaskalliontie', 'Käpylä;Koskela'),
    d('Pasila', 60.199, 24.933, '00240,00520', 'Ratapihantie;Asemapäällikönkatu;Pasilanraitio;Radiokatu;Opastinsilta', 'Pasila;Tripla;Itä-Pasila;Länsi-Pasila'),
    d(
      'Herttoniemi',
      60.195,
      25.03,
      '00800,00810',
      'Hiihtäjäntie;Linnanrakentajantie;Kettutie;Siilitie;Abraham Wetterin tie',
      'Herttoniemi;Siilitie;Herttoniemenranta',
    ),
    d('Kulosaari', 60.1865, 25.008, '00570', 'Kulosaaren puistotie;Hopeasalmentie;Kulosaarentie', 'Kulosaari'),
    d('Roihuvuori', 60.199, 25.036, '00820', 'Roihuvuorentie;Punahilkantie;Tulisuontie', 'Roihuvuori'),
    d('Laajasalo', 60.174, 25.034, '00840', 'Reposalmentie;Koirasaarentie;Yliskyläntie', 'Laajasalo;Yliskylä'),
    d('Viikki', 60.2245, 25.015, '00790', 'Viikinkaari;Maakaari;Latokartanontie', 'Viikki;Latokartano'),
    d('Oulunkylä', 60.2265, 24.965, '00640,00650', 'Oulunkyläntori;Kylänvanhimmantie;Siltavoudintie', 'Oulunkylä'),
  ],
};

const HELSINKI_OUTER: TownPlan = {
  city: 'Helsinki',
  jitter: [0.005, 0.01],
  chains: { prisma: 2, 's-market': 2, alepa: 2, kmarket: 2, lidl: 2, kcitymarket: 1, abc: 1 },
  pref: { prisma: ['Itäkeskus', 'Malmi'], kcitymarket: ['Kontula'], abc: ['Kivikko'] },
  districts: [
    d('Itäkeskus', 60.21, 25.082, '00930', 'Itäkatu;Turunlinnantie;Kauppakartanonkatu;Tallinnanaukio', 'Itäkeskus;Itis'),
    d('Malmi', 60.251, 25.011, '00700', 'Malminkaari;Kirkonkyläntie;Ala-Malmin tori;Kauppatie', 'Malmi'),
    d('Vuosaari', 60.209, 25.143, '00980,00990', 'Vuotie;Kahvikuja;Mustalahdentie;Ulappasaarentie', 'Vuosaari;Columbus'),
    d('Kannelmäki', 60.24, 24.88, '00420', 'Klaneettitie;Sitratori;Kantelettarentie', 'Kannelmäki'),
    d('Kontula', 60.236, 25.083, '00940', 'Ostostie;Kontulantie;Keinutie', 'Kontula'),
    d('Maunula', 60.233, 24.928, '00630', 'Metsäpurontie;Pakilantie;Suursuontie', 'Maunula'),
    d('Kivikko', 60.239, 25.055, '00940', 'Kivikonkaari;Kivikontie', 'Kivikko'),
    d('Mellunmäki', 60.238, 25.11, '00970', 'Korsholmantie;Mellunmäentie', 'Mellunmäki'),
  ],
};

const ESPOO: TownPlan = {
  city: 'Espoo',
  jitter: [0.005, 0.01],
  chains: { prisma: 2, 's-market': 3, alepa: 2, kcitymarket: 2, ksupermarket: 2, kmarket: 3, lidl: 2, abc: 1, nokm: 1 },
  pref: { prisma: ['Matinkylä', 'Leppävaara'], kcitymarket: ['Espoonlahti', 'Espoon keskus'], abc: ['Kilo'] },
  districts: [
    d('Tapiola', 60.1756, 24.805, '02100', 'Tapiontori;Merituulentie;Länsituulentie;Kauppamiehentie', 'Tapiola'),
    d('Leppävaara', 60.219, 24.813, '02600', 'Leppävaarankatu;Hevosenkenkä;Alberganesplanadi;Läkkisepänkuja', 'Leppävaara;Sello'),
    d('Matinkylä', 60.16, 24.739, '02230', 'Piispansilta;Matinkatu;Suomenlahdentie', 'Matinkylä;Iso Omena'),
    d('Espoonlahti', 60.148, 24.66, '02320', 'Ulappakatu;Espoonlahdenkatu;Merisaapas', 'Espoonlahti;Lippulaiva'),
    d('Espoon keskus', 60.205, 24.656, '02770', 'Kirkkojärventie;Espoonkatu;Siltakatu', 'Espoon keskus;Entresse'),
    d('Otaniemi', 60.186, 24.829, '02150', 'Otaniementie;Otakaari;Jämeräntaival', 'Otaniemi'),
    d('Kilo', 60.219, 24.781, '02610', 'Kilonkartanontie;Kutojantie;Mestarintie', 'Kilo'),
    d('Olari', 60.171, 24.741, '02200,02210', 'Olarinkatu;Kuitinmäentie;Olarinluoma', 'Olari'),
    d('Niittykumpu', 60.17, 24.765, '02200', 'Niittykummuntie;Merituulentie;Haukilahdenkatu', 'Niittykumpu'),
    d('Kauklahti', 60.191, 24.6, '02780', 'Kauklahden valtatie;Hansakartanontie;Kauppamiehenkuja', 'Kauklahti'),
  ],
};

const VANTAA: TownPlan = {
  city: 'Vantaa',
  jitter: [0.005, 0.01],
  chains: { prisma: 2, 's-market': 2, alepa: 1, sale: 1, abc: 1, kcitymarket: 2, ksupermarket: 1, kmarket: 2, nokm: 1, lidl: 2 },
  pref: { prisma: ['Myyrmäki', 'Tikkurila'], kcitymarket: ['Jumbo', 'Tikkurila'], abc: ['Kivistö'] },
  districts: [
    d('Tikkurila', 60.2925, 25.044, '01300', 'Tikkurilantie;Asematie;Ratatie;Kielotie;Vantaankoskentie', 'Tikkurila;Dixi'),
    d('Myyrmäki', 60.261, 24.854, '01600', 'Myyrmäentie;Iskoskuja;Liesikuja;Paalutori', 'Myyrmäki;Myyrmanni'),
    d('Martinlaakso', 60.278, 24.851, '01620', 'Martinlaaksontie;Laaksotie;Kivimäenpolku', 'Martinlaakso'),
    d('Koivukylä', 60.323, 25.061, '01360', 'Koivukylän puistotie;Karsikkokuja;Urpiaisentie', 'Koivukylä'),
    d('Hakunila', 60.277, 25.11, '01200', 'Hakunilantie;Laukkarinne;Kannuskuja', 'Hakunila'),
    d('Korso', 60.351, 25.077, '01450', 'Korsontie;Urheilupuistontie;Korsontori', 'Korso'),
    d('Jumbo', 60.292, 24.963, '01510', 'Vantaanportinkatu;Tasetie;Ohtolankatu', 'Jumbo;Aviapolis'),
    d('Kivistö', 60.315, 24.847, '01700', 'Kivistöntori;Tikkurilantie;Kannuskuja', 'Kivistö'),
  ],
};

const TAMPERE: TownPlan = {
  city: 'Tampere',
  jitter: [0.005, 0.01],
  chains: { prisma: 2, 's-market': 2, sale: 2, herkku: 1, abc: 1, kcitymarket: 1, ksupermarket: 1, kmarket: 2, nokm: 1, lidl: 1 },
  pref: { prisma: ['Hervanta', 'Lielahti'], herkku: ['Keskusta'], kcitymarket: ['Linnainmaa'], abc: ['Tesoma'] },
  districts: [
    d(
      'Keskusta',
      61.4978,
      23.761,
      '33100,33200',
      'Hämeenkatu;Kauppakatu;Hämeenpuisto;Kuninkaankatu;Aleksanterinkatu',
      'Koskikeskus;Hämeenkatu;Tammerkoski;Tampere keskusta',
    ),
    d('Hervanta', 61.45, 23.851, '33720', 'Insinöörinkatu;Hervannan valtaväylä;Pietilänkatu', 'Hervanta;Duo'),
    d('Kaleva', 61.499, 23.798, '33500,33540', 'Sammonkatu;Kalevantie;Kalevan puistotie', 'Kaleva'),
    d('Tammela', 61.5, 23.78, '33500', 'Tammelan puistokatu;Itsenäisyydenkatu;Kuokkamaantie', 'Tammela'),
    d('Lielahti', 61.515, 23.67, '33400', 'Lielahdenkatu;Turvesuonkatu;Enqvistinkatu', 'Lielahti'),
    d('Linnainmaa', 61.5, 23.874, '33580', 'Linnainmaankatu;Hirvipuistonkatu;Kauhakorvenkatu', 'Linnainmaa'),
    d('Hatanpää', 61.484, 23.76, '33900', 'Hatanpään valtatie;Ruskontie;Lapinkaari', 'Hatanpää'),
    d('Pispala', 61.504, 23.719, '33250', 'Pispalan valtatie;Tahmelankatu;Rajaportinkatu', 'Pispala'),
    d('Tesoma', 61.507, 23.635, '33310', 'Tesoman valtatie;Tesomankatu;Ikurinkatu', 'Tesoma'),
  ],
};

const TURKU: TownPlan = {
  city: 'Turku',
  jitter: [0.005, 0.01],
  chains: { prisma: 2, 's-market': 2, sale: 1, herkku: 1, kcitymarket: 1, ksupermarket: 1, kmarket: 2, lidl: 1, abc: 1 },
  pref: { prisma: ['Itäharju', 'Länsikeskus'], herkku: ['Keskusta'], kcitymarket: ['Kupittaa'], abc: ['Varissuo'] },
  districts: [
    d('Keskusta', 60.4518, 22.2666, '20100,20500', 'Aurakatu;Yliopistonkatu;Humalistonkatu;Eerikinkatu;Kauppiaskatu', 'Hansa;Kauppatori;Turku keskusta'),
    d('Itäharju', 60.458, 22.31, '20880', 'Skanssinkatu;Itäharjunkatu;Karhulantie', 'Itäharju;Skanssi'),
    d('Länsikeskus', 60.47, 22.225, '20360', 'Ruusukorventie;Pansiontie;Mustionkatu', 'Länsikeskus'),
    d('Varissuo', 60.445, 22.345, '20610', 'Nyyssäntie;Varissuontie;Lemminkäisenkatu', 'Varissuo'),
    d('Runosmäki', 60.497, 22.235, '20360', 'Runosmäentie;Saramäentie;Kirstinpolku', 'Runosmäki'),
    d('Nummi', 60.465, 22.3, '20540', 'Nummenpakka;Nummentie;Lemminkäisenkatu', 'Nummi'),
    d('Kupittaa', 60.448, 22.295, '20520', 'Lemminkäisenkatu;Itäinen Pitkäkatu;Joukahaisenkatu', 'Kupittaa'),
    d('Hirvensalo', 60.42, 22.24, '20960', 'Hirvensalontie;Moikoistentie;Kakskerrantie', 'Hirvensalo'),
  ],
};

const OULU: TownPlan = {
  city: 'Oulu',
  jitter: [0.005, 0.012],
  chains: { prisma: 2, 's-market': 1, sale: 1, abc: 1, kcitymarket: 1, ksupermarket: 1, kmarket: 1, nokm: 1, lidl: 1 },
  pref: { prisma: ['Limingantulli', 'Linnanmaa'], kcitymarket: ['Raksila'] },
  districts: [
    d('Keskusta', 65.0121, 25.4651, '90100', 'Isokatu;Kirkkokatu;Kauppurienkatu;Torikatu;Pakkahuoneenkatu', 'Valkea;Rotuaari;Oulu keskusta'),
    d('Linnanmaa', 65.059, 25.466, '90570', 'Kaitoväylä;Yliopistokatu;Pohjantähdentie', 'Linnanmaa'),
    d('Kaakkuri', 64.973, 25.529, '90410', 'Kaakkurinkulma;Kaakkurintie;Ruskonselkä', 'Kaakkuri'),
    d('Limingantulli', 64.998, 25.494, '90400', 'Kajaanintie;Nuottasaarentie;Limingantie', 'Limingantulli'),
    d('Tuira', 65.024, 25.464, '90500', 'Koskikeskus;Tuiranpuistikko;Valtatie', 'Tuira'),
    d('Toppila', 65.038, 25.445, '90520', 'Toppilansalmentie;Upseerinkatu;Vihannelmantie', 'Toppila'),
    d('Raksila', 65.008, 25.49, '90130', 'Raksilantie;Sammonkatu;Kiilakiventie', 'Raksila'),
  ],
};

const JYVASKYLA: TownPlan = {
  city: 'Jyväskylä',
  jitter: [0.005, 0.01],
  chains: { prisma: 1, 's-market': 1, sale: 1, kcitymarket: 1, ksupermarket: 1, kmarket: 1, lidl: 1, abc: 1 },
  pref: { prisma: ['Palokka'], kcitymarket: ['Seppälä'], abc: ['Vaajakoski'] },
  districts: [
    d('Keskusta', 62.2426, 25.7473, '40100', 'Kauppakatu;Kilpisenkatu;Väinönkatu;Asemakatu;Yliopistonkatu', 'Forum;Kirkkopuisto;Jyväskylä keskusta'),
    d('Kuokkala', 62.212, 25.748, '40520', 'Syöttäjänkatu;Kuokkalantie;Ristikivenkatu', 'Kuokkala'),
    d('Palokka', 62.29, 25.726, '40270', 'Ritopohjantie;Palokankaari;Saarijärventie', 'Palokka'),
    d('Seppälä', 62.256, 25.768, '40320', 'Vasarakatu;Seppälänkatu;Kolmihaarankatu', 'Seppälä'),
    d('Keljo', 62.208, 25.706, '40630', 'Keljonkaari;Keljonkeskus;Tikkutehtaantie', 'Keljo'),
    d('Vaajakoski', 62.24, 25.885, '40800', 'Vaajakummuntie;Jyväskyläntie;Koulutie', 'Vaajakoski'),
  ],
};

const LAHTI: TownPlan = {
  city: 'Lahti',
  jitter: [0.005, 0.01],
  chains: { prisma: 1, 's-market': 1, sale: 1, kcitymarket: 1, kmarket: 1, lidl: 1, nokm: 1 },
  pref: { prisma: ['Laune'], kcitymarket: ['Karisto'] },
  districts: [
    d('Keskusta', 60.9827, 25.6612, '15100,15110', 'Aleksanterinkatu;Vesijärvenkatu;Rautatienkatu;Hämeenkatu', 'Trio;Torikatu;Lahti keskusta'),
    d('Laune', 60.959, 25.654, '15610', 'Launeenkatu;Karjusaarentie;Kauppakaari', 'Laune'),
    d('Mukkula', 61.006, 25.653, '15240', 'Mukkulankatu;Ritaniemenkatu;Kivikaarenkatu', 'Mukkula'),
    d('Liipola', 60.956, 25.692, '15500', 'Liipolankatu;Kärpäsentie;Lähteentie', 'Liipola'),
    d('Karisto', 60.949, 25.611, '15230', 'Kariston keskuskatu;Kalliotie;Pohjalantie', 'Karisto'),
    d('Ahtiala', 60.975, 25.743, '15340', 'Ahtialantie;Sorvarinkatu;Saaristokatu', 'Ahtiala'),
  ],
};

const KUOPIO: TownPlan = {
  city: 'Kuopio',
  jitter: [0.005, 0.01],
  chains: { prisma: 1, 's-market': 1, sale: 1, kcitymarket: 1, ksupermarket: 1, kmarket: 1, lidl: 1 },
  pref: { prisma: ['Päiväranta'], kcitymarket: ['Matkus'] },
  districts: [
    d(
      'Keskusta',
      62.8924,
      27.6783,
      '70100,70110',
      'Kauppakatu;Puijonkatu;Haapaniemenkatu;Tulliportinkatu;Minna Canthin katu',
      'Kauppahalli;Tori;Kuopio keskusta',
    ),
    d('Päiväranta', 62.902, 27.655, '70420', 'Kellolahdentie;Päivärannantie;Isännäntie', 'Päiväranta'),
    d('Petonen', 62.858, 27.62, '70820', 'Petosenkatu;Saarijärventie;Vanhanmyllyntie', 'Petonen'),
    d('Neulamäki', 62.87, 27.635, '70780', 'Neulamäentie;Sammakkolammentie;Leväsentie', 'Neulamäki'),
    d('Matkus', 62.969, 27.645, '70910', 'Matkuksentie;Tahkotie;Kauppakaari', 'Matkus'),
    d('Jynkkä', 62.845, 27.66, '70800', 'Jynkänkaari;Jynkäntie;Kurkimäentie', 'Jynkkä'),
  ],
};

export const TOWN_PLANS: readonly TownPlan[] = [HELSINKI_CENTRAL, HELSINKI_OUTER, ESPOO, VANTAA, TAMPERE, TURKU, OULU, JYVASKYLA, LAHTI, KUOPIO];
