import { L, M, P, T } from '../catalog-types';

export const FROZEN = T('Pakasteet', { st: 'frozen', o: 'Suomi' }, [
  M(
    'Pakastevihannekset ja -marjat',
    {
      nut: 'frozenveg',
      b: 'Apetit;Findus;Pirkka;Rainbow;Kotimaista;Freshona',
      s: '300 g;500 g;750 g;1 kg',
      ppu: [3, 8],
      i: '{P}',
      d: [
        '{P} on kätevä ja nopea lisuke.',
        'Pakastettu sesongin parhaaseen aikaan, {p} säilyttää makunsa ja ravintoarvonsa.',
        '{P} kypsyy muutamassa minuutissa.',
      ],
    },
    [
      L(
        'Vihannessekoitukset',
        'wokkivihannekset;kasvissekoitus;keittovihannekset;kiinalainen vihannessekoitus;meksikolainen vihannessekoitus;parsakaali-kukkakaalisekoitus',
        { i: 'Vihannekset vaihtelevin määrin (porkkana, parsakaali, herne, paprika, sipuli)', staple: true, n: 18 },
      ),
      L('Herneet ja maissi', 'herne;herne-maissi-paprika;maissi;tarhaherne;soijapapu edamame;pinaatti pakaste', { n: 14 }),
      L('Pakastemarjat', 'mustikka;mansikka;vadelma;marjasekoitus;puolukka;karpalo;mangopalat', {
        nut: 'berries',
        b: 'Apetit;Kiantama;Pirkka;Rainbow;Kotimaista;Freshona',
        s: '250 g;500 g;1 kg;2 kg',
        ppu: [5, 16],
        o: 'Suomi;Puola;Ruotsi;Chile',
        n: 18,
      }),
    ],
  ),
  M(
    'Jäätelöt',
    {
      nut: 'icecream',
      b: 'Valio;Ingman;Pingviini;Pirkka;Rainbow',
      i: 'Kerma, sokeri, rasvaton maitojauhe, glukoosisiirappi, emulgointiaine (E471), stabilointiaineet (E410, E412), aromi',
      d: ['{P} on kesän ja juhlan herkku.', 'Kermainen {p} valmistettu kotimaisesta maidosta.', '{P} sopii jälkiruoaksi marjojen kanssa.'],
    },
    [
      L(
        'Jäätelöpakkaukset',
        [
          'vaniljajäätelö',
          'suklaajäätelö',
          'mansikkajäätelö',
          'laktoositon vaniljajäätelö',
          'kinuskijäätelö',
          'kaurapohjainen jäätelö',
          P('Chocolate Fudge Brownie', { b: "Ben & Jerry's", s: '465 ml', ppu: [14, 18] }),
          P('Swiss Chocolate', { b: 'Mövenpick', s: '900 ml' }),
        ],
        { s: '1 l;0,9 l;2 l;0,5 l', ppu: [3, 12], staple: true, n: 20 },
      ),
      L(
        'Jäätelöpuikot ja -tötteröt',
        [
          'jäätelötuutti vanilja',
          'mehujää',
          'jäätelöpuikko',
          'suklaajäätelöpuikko',
          P('Magnum Classic', { b: 'Magnum', raw: true }),
          P('Aito vaniljatuutti', { b: 'Valio' }),
        ],
        { s: '4 x 110 ml;6 x 70 ml;4 x 90 ml', ppu: [6, 16], n: 16 },
      ),
    ],
  ),
  M(
    'Pakasteateriat ja pizzat',
    {
      nut: 'readymeal',
      d: ['{P} on valmis nopeasti uunissa tai mikrossa.', 'Maistuva {p} kiireiseen arkeen.', '{P} on aina valmiina pakastimessa.'],
    },
    [
      L(
        'Pakastepizzat',
        [
          P('Grandiosa Originale', { b: 'Grandiosa', raw: true }),
          'pizza margherita',
          'kinkku-ananaspizza',
          'pepperonipizza',
          'kebabpizza',
          'tonnikalapizza',
          'kinkkupizza',
          P('Ristorante pizza mozzarella', { b: 'Dr. Oetker' }),
        ],
        {
          nut: 'pizza',
          b: 'Dr. Oetker;Saarioinen;Pirkka;Rainbow;Trattoria Alfredo',
          s: '330 g;350 g;400 g;2 x 330 g',
          ppu: [5, 12],
          i: 'Vehnäjauho, vesi, tomaattipyree, juusto (15 %), kinkku, rypsiöljy, hiiva, suola, mausteet',
          staple: true,
          n: 18,
        },
      ),
      L('Pakasteateriat', 'jauhelihalasagne;kanakastike ja riisi;makaronilaatikko;kasvislasagne;chili con carne;kebab ja riisi;lihapullat ja perunamuusi', {
        b: 'Apetit;Saarioinen;Findus;Pirkka;Rainbow;Chef Select',
        s: '300 g;350 g;400 g;800 g',
        ppu: [5, 12],
        i: 'Vesi, jauheliha, pasta, tomaatti, juusto, sipuli, vehnäjauho, suola, mausteet',
        n: 16,
      }),
      L('Ranskalaiset ja pakasteperunat', 'ranskalaiset perunat;lohkoperunat;rösti;kermaperunat;ohuet ranskalaiset perunat;bataattiranskalaiset', {
        nut: 'fries',
        b: 'Apetit;McCain;Aviko;Pirkka;Rainbow;X-tra;Harvest Basket',
        s: '600 g;750 g;1 kg;2,5 kg',
        ppu: [1.5, 5],
        i: 'Peruna (96 %), auringonkukkaöljy, suola',
        n: 16,
      }),
    ],
  ),
  M(
    'Pakastekala ja -liha',
    {
      d: ['{P} on helppo valmistaa suoraan pakasteesta.', 'Kätevä {p} kiireisiin arki-iltoihin.', '{P} on pakastettu tuoreena.'],
    },
    [
      L('Pakastekalat', 'seitifilee;kalapuikot;leivitetty kalafilee;lohifileepalat;kirjolohifileepalat;kuhafilee', {
        nut: 'fishlean',
        b: 'Apetit;Findus;Pirkka;Rainbow;Nautica;Kalaneuvos',
        s: '400 g;500 g;800 g;1 kg',
        ppu: [8, 22],
        o: 'Norja;Suomi;Kiina',
        i: 'Kala (65 %), vehnäjauho, rypsiöljy, vesi, suola',
        n: 16,
      }),
      L('Pakastebroilerit', 'broilerin fileepalat;kananugetit;broilerin siivet;broilerin koipireidet;kanan fileesuikaleet pakaste', {
        nut: 'chicken',
        b: 'Atria;Kariniemen;Pirkka;Rainbow;X-tra',
        s: '600 g;1 kg;2,5 kg',
        ppu: [5, 12],
        i: 'Broilerinliha (90 %), vesi, suola',
        n: 14,
      }),
    ],
  ),
]);
