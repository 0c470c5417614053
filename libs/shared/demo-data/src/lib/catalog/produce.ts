import { L, M, P, T } from '../catalog-types';

const LOOSE_FRUIT_BRANDS = 'Pirkka;Rainbow';

export const PRODUCE = T('Hedelmät ja vihannekset', { st: 'fresh', nut: 'fruit', i: '{P}', staple: true }, [
  M(
    'Hedelmät',
    {
      d: [
        '{P} on mehukas ja makea välipala.',
        'Herkullinen {p} sopii sellaisenaan, smoothieihin ja jälkiruokiin.',
        '{P} kuuluu jokaisen hedelmäkoriin.',
        'Valikoitu {p} on poimittu kypsänä.',
      ],
    },
    [
      L('Banaanit', ['banaani', 'luomubanaani', 'Reilun kaupan banaani', 'minibanaani', 'kypsä banaani'], {
        b: 'Chiquita;Dole;Del Monte;Fyffes;Pirkka;Rainbow',
        s: '-;-;1 kg',
        ppu: [1.3, 2.9],
        o: 'Ecuador;Kolumbia;Costa Rica;Panama;Dominikaaninen tasavalta',
        n: 18,
      }),
      L(
        'Omenat ja päärynät',
        [
          P('omena', { b: 'Kotimaista', o: 'Suomi' }),
          'Royal Gala omena',
          'Granny Smith omena',
          'Pink Lady omena',
          'Golden omena',
          'Jonagold omena',
          'Conference päärynä',
          'Abate päärynä',
          'kotimainen omena',
        ],
        {
          b: `Marlene;${LOOSE_FRUIT_BRANDS}`,
          s: '-;1 kg;1,5 kg',
          ppu: [1.6, 4.5],
          o: 'Italia;Puola;Ranska;Uusi-Seelanti;Chile;Etelä-Afrikka',
          n: 18,
        },
      ),
      L('Sitrushedelmät', 'appelsiini;veriappelsiini;mandariini;klementiini;sitruuna;lime;greippi', {
        b: `Jaffa;Sunkist;${LOOSE_FRUIT_BRANDS}`,
        s: '-;1 kg;500 g',
        ppu: [1.5, 4.5],
        o: 'Espanja;Italia;Marokko;Etelä-Afrikka;Egypti',
      }),
      L(
        'Eksoottiset hedelmät',
        [
          P('ananas', { s: '1 kpl', ppu: [1.8, 3.5] }),
          'mango',
          'kiivi',
          P('avokado', { s: '2 kpl;4 kpl;1 kpl', ppu: [0.7, 1.5] }),
          'granaattiomena',
          'papaija',
          P('passionhedelmä', { s: '4 kpl;6 kpl', ppu: [0.4, 0.8] }),
          P('mango', { s: '1 kpl', ppu: [1.2, 2.5] }),
        ],
        {
          b: `Del Monte;Dole;${LOOSE_FRUIT_BRANDS}`,
          s: '-',
          ppu: [2.5, 7],
          o: 'Costa Rica;Brasilia;Peru;Uusi-Seelanti;Espanja;Intia',
          staple: false,
        },
      ),
    ],
  ),
  M(
    'Marjat ja viinirypäleet',
    { nut: 'berries', d: ['{P} ovat raikas lisä aamupuuroon ja jälkiruokiin.', 'Makeat {p} sellaisenaan tai leivonnaisiin.', '{P} kannattaa syödä tuoreena.'] },
    [
      L('Tuoreet marjat', 'mansikka;mustikka;vadelma;karhunvatukka;pensasmustikka;herukka', {
        b: "Pirkka;Rainbow;Kotimaista;Driscoll's",
        s: '250 g;500 g;125 g',
        ppu: [8, 26],
        o: 'Suomi;Espanja;Alankomaat;Marokko;Peru',
        staple: false,
      }),
      L('Viinirypäleet', 'vihreä siemenetön viinirypäle;sininen siemenetön viinirypäle;punainen viinirypäle;luomu viinirypäle', {
        b: 'Pirkka;Rainbow;Dole',
        s: '500 g;-;1 kg',
        ppu: [4, 9],
        o: 'Italia;Espanja;Etelä-Afrikka;Intia;Chile',
        n: 10,
      }),
    ],
  ),
  M(
    'Vihannekset',
    {
      nut: 'veg',
      o: 'Suomi;Espanja;Alankomaat',
      d: [
        '{P} tuo ruokaan väriä ja raikkautta.',
        'Rapea {p} sopii salaatteihin ja lämpimiin ruokiin.',
        '{P} on viljelty huolella ja pakattu tuoreena.',
        'Kotimaisen kasvihuoneen {p} on satokauden herkku.',
      ],
    },
    [
      L('Tomaatit', 'tomaatti;kirsikkatomaatti;luumutomaatti;terttutomaatti;luomutomaatti;minitomaatti;kotimainen tomaatti', {
        b: 'Pirkka;Rainbow;Kotimaista;Närpiön Vihannes',
        s: '-;250 g;500 g',
        ppu: [3, 9],
        n: 18,
      }),
      L(
        'Kurkut ja paprikat',
        [
          P('kurkku', { s: '1 kpl', ppu: [0.9, 2] }),
          P('minikurkku', { s: '250 g;500 g', ppu: [4, 8] }),
          'punainen paprika',
          'keltainen paprika',
          'vihreä paprika',
          P('paprikamix', { s: '3 kpl', ppu: [0.9, 1.5] }),
          P('snack-paprika', { s: '200 g', ppu: [8, 14] }),
        ],
        {
          b: 'Pirkka;Rainbow;Kotimaista;Närpiön Vihannes',
          s: '-',
          ppu: [3, 9],
          n: 18,
        },
      ),
      L(
        'Salaatit ja yrtit',
        [
          'jäävuorisalaatti',
          'romainesalaatti',
          'ruukkusalaatti',
          'basilika ruukussa',
          'tilli ruukussa',
          'persilja ruukussa',
          P('rucola', { s: '65 g;100 g', ppu: [20, 35] }),
          P('salaattisekoitus', { s: '100 g;150 g', ppu: [15, 28] }),
          P('babypinaatti', { s: '65 g;150 g', ppu: [18, 30] }),
        ],
        {
          b: 'Pirkka;Rainbow;Kotimaista;Kekkilä Herbs',
          s: '1 kpl',
          ppu: [1.2, 2.8],
          o: 'Suomi',
          n: 18,
        },
      ),
      L(
        'Sipulit ja valkosipulit',
        [
          P('keltasipuli', { ppu: [1, 2.5] }),
          'punasipuli',
          'salottisipuli',
          P('valkosipuli', { s: '3 kpl', ppu: [0.4, 0.9] }),
          P('kevätsipuli', { s: '1 kpl', ppu: [0.9, 1.8] }),
          P('purjo', { s: '1 kpl;-', ppu: [1, 2.5] }),
        ],
        {
          b: 'Pirkka;Rainbow;Kotimaista',
          s: '-;500 g;1 kg',
          ppu: [1.5, 4],
          o: 'Suomi;Alankomaat;Espanja;Kiina',
        },
      ),
      L(
        'Kaalit ja parsakaalit',
        [
          P('kukkakaali', { s: '1 kpl', ppu: [1.5, 3] }),
          P('parsakaali', { s: '-;500 g' }),
          'valkokaali',
          'kiinankaali',
          'punakaali',
          P('lehtikaali', { s: '150 g;200 g', ppu: [8, 14] }),
          P('ruusukaali', { s: '300 g;500 g' }),
        ],
        {
          b: 'Pirkka;Rainbow;Kotimaista',
          s: '-',
          ppu: [1.5, 5],
          staple: false,
        },
      ),
    ],
  ),
  M(
    'Perunat, juurekset ja sienet',
    {
      nut: 'veg',
      o: 'Suomi',
      d: ['{P} on suomalaisen kotiruoan perusta.', 'Kotimainen {p} sopii keittoihin, uuniin ja lisäkkeeksi.', '{P} on pesty ja lajiteltu valmiiksi.'],
    },
    [
      L(
        'Perunat',
        [
          'peruna',
          'kiinteä peruna',
          'jauhoinen peruna',
          'uusi peruna',
          'varhaisperuna',
          'Siikli peruna',
          'Lemmi peruna',
          'yleisperuna',
          P('bataatti', { o: 'Yhdysvallat;Egypti;Espanja', s: '-;500 g', ppu: [2, 4] }),
        ],
        {
          nut: 'potato',
          b: 'Pirkka;Rainbow;Kotimaista;Apetit;Pohjanmaan Peruna',
          s: '1 kg;2 kg;-;500 g',
          ppu: [0.7, 2.4],
          n: 22,
        },
      ),
      L(
        'Porkkanat ja juurekset',
        [
          'porkkana',
          'punajuuri',
          'lanttu',
          'nauris',
          'palsternakka',
          P('juuriselleri', { s: '-' }),
          P('inkivääri', { s: '-;100 g', ppu: [5, 12], o: 'Kiina;Peru' }),
          'luomuporkkana',
        ],
        {
          b: 'Pirkka;Rainbow;Kotimaista;Apetit',
          s: '1 kg;500 g;-',
          ppu: [0.9, 3.5],
        },
      ),
      L('Sienet', 'herkkusieni;ruskea herkkusieni;siitakesieni;osterivinokas;viipaloitu herkkusieni;kantarelli', {
        nut: 'mushroom',
        b: 'Pirkka;Rainbow;Kotimaista;Suomen Sieni',
        s: '250 g;200 g;150 g',
        ppu: [6, 28],
        staple: false,
        n: 12,
      }),
    ],
  ),
]);
