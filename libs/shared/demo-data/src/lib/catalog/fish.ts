import { L, M, T } from '../catalog-types';

const FISH_BRANDS = 'Kalaneuvos;Hätälä;Apetit;Pirkka;Rainbow;Kotimaista;Nautica';

export const FISH = T('Kala ja merenelävät', { st: 'cold', o: 'Suomi;Norja' }, [
  M(
    'Tuore kala',
    {
      nut: 'fish',
      b: FISH_BRANDS,
      s: '300 g;400 g;600 g;250 g',
      d: [
        '{P} on terveellinen ja monipuolinen arkiruoka.',
        'Tuore {p} sopii uuniin, pannulle ja keittoon.',
        '{P} on hyvä omega-3-rasvahappojen lähde.',
        'Ruodoton {p} on helppo valmistaa.',
      ],
    },
    [
      L('Lohet ja kirjolohet', 'lohifilee;ruodoton lohifilee;kirjolohifilee;lohifileepala;lohen selkäfilee;lohikuutiot', {
        ppu: [18, 32],
        o: 'Norja;Suomi',
        i: 'Lohi (Salmo salar)',
        staple: true,
        n: 18,
      }),
      L('Muut tuoreet kalat', 'kuhafilee;siikafilee;ahvenfilee;muikku;silakkafilee;turskafilee', {
        nut: 'fishlean',
        ppu: [12, 40],
        o: 'Suomi;Norja;Islanti',
        i: '{P}',
      }),
      L('Tiskin kalat', 'lohifilee tuore;kirjolohifilee tuore;siika kokonainen;muikut perattu;silakka perattu', {
        s: '-',
        ppu: [10, 30],
        b: 'Kalaneuvos;Hätälä;Pirkka;Rainbow',
        i: '{P}',
        n: 10,
      }),
    ],
  ),
  M(
    'Savustettu ja graavattu kala',
    {
      nut: 'smokedfish',
      b: FISH_BRANDS,
      o: 'Suomi;Norja',
      i: 'Lohi (96 %), suola, sokeri',
      d: ['{P} on juhlapöydän ja voileivän herkku.', 'Mehevä {p} on savustettu perinteiseen tapaan.', '{P} sopii sellaisenaan, salaattiin ja pastaan.'],
    },
    [
      L('Kylmäsavulohet ja graavilohet', 'kylmäsavulohi;graavilohi;kylmäsavustettu kirjolohi;kylmäsavulohi siivu;graavattu kirjolohi', {
        s: '100 g;200 g;150 g;300 g',
        ppu: [35, 60],
      }),
      L('Lämminsavukalat', 'lämminsavulohi;lämminsavustettu kirjolohi;savumuikut;lämminsavusilakka;savustettu makrilli', {
        s: '200 g;250 g;300 g',
        ppu: [18, 35],
      }),
    ],
  ),
  M(
    'Kalasäilykkeet',
    {
      nut: 'cannedfish',
      st: 'dry',
      d: ['{P} on kätevä lisä salaattiin ja pastaan.', '{P} säilyy kaapissa pitkään.', 'Maukas {p} leivän päälle tai sellaisenaan.'],
    },
    [
      L('Tonnikalat', 'tonnikalapalat vedessä;tonnikalapalat öljyssä;tonnikala rypsiöljyssä;tonnikalamurska;tonnikala chili', {
        b: 'Rio Mare;Pirkka;Rainbow;X-tra;Nautica;Eldorado',
        s: '185 g;3 x 80 g;160 g;150 g',
        ppu: [8, 20],
        o: 'Thaimaa;Ecuador;Espanja',
        i: 'Tonnikala (Katsuwonus pelamis), vesi, suola',
        staple: true,
        n: 16,
      }),
      L('Sillit ja silakat', 'matjessilli;sinappisilli;sipulisilli;valkosipulisilli;etikkasilakka;lasimestarin silli', {
        nut: 'herring',
        st: 'cold',
        b: 'Boy;Abba;Apetit;Pirkka;Rainbow;Kalaneuvos',
        s: '250 g;400 g;150 g',
        ppu: [8, 18],
        i: 'Silli (50 %), vesi, sokeri, etikka, sipuli, suola, mausteet',
      }),
      L('Sardiinit ja makrillit', 'sardiinit oliiviöljyssä;makrillifilee tomaattikastikkeessa;savusilakat öljyssä;kilohailit;sprotit', {
        b: 'King Oscar;Abba;Pirkka;Rainbow;Nautica',
        s: '110 g;125 g;170 g',
        ppu: [8, 20],
        o: 'Norja;Latvia;Portugali',
        i: '{P}, kasviöljy, suola',
        n: 12,
      }),
    ],
  ),
  M(
    'Äyriäiset ja merenelävät',
    {
      nut: 'shrimp',
      b: 'Royal Greenland;Kalaneuvos;Pirkka;Rainbow;Nautica',
      s: '200 g;300 g;500 g',
      ppu: [18, 40],
      o: 'Vietnam;Grönlanti;Kanada;Intia;Ecuador',
      st: 'cold',
      staple: false,
      d: ['{P} sopivat salaatteihin, pastaan ja voileiville.', 'Herkulliset {p} juhlapöytään ja arkeen.', '{P} ovat valmiiksi kypsiä.'],
    },
    [
      L('Katkaravut', 'katkaravut suolavedessä;jättikatkaravut kuoritut;katkaravut kuoritut keitetyt;tiikeriravut;katkaravut pakastetut', {
        i: 'Katkarapu, vesi, suola, happamuudensäätöaine (sitruunahappo)',
        n: 12,
      }),
      L('Muut merenelävät', 'sinisimpukat;mustekalarenkaat;kampasimpukat;rapujen pyrstöt;surimi', { s: '200 g;250 g;400 g', i: '{P}', n: 10 }),
    ],
  ),
]);
