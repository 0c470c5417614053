import { L, M, P, T } from '../catalog-types';

const BABY_BRANDS = 'Piltti;Semper;Bona;HiPP;Nestlé;Pirkka';

export const KIDS = T('Lapset', { st: 'dry', o: 'Suomi;Ruotsi;Saksa' }, [
  M(
    'Vauvanruoat',
    {
      nut: 'babyfood',
      b: BABY_BRANDS,
      d: [
        '{P} on valmistettu vauvan tarpeisiin ilman lisättyä suolaa.',
        'Sileä {p} sopii vauvan ensimmäisiksi mauiksi.',
        '{P} on helppo lämmittää ja tarjota.',
      ],
    },
    [
      L('Lastenateriat', 'kasvis-lihapata 8 kk;lohi-perunasose 8 kk;bolognese 10 kk;nauta-kasvissose 6 kk;kanaa ja kasviksia 8 kk;broileririsotto 10 kk', {
        s: '125 g;190 g;200 g;220 g',
        ppu: [8, 16],
        i: 'Vesi, peruna, porkkana, liha (10 %), rypsiöljy',
        n: 14,
      }),
      L(
        'Hedelmäsoseet',
        [
          'omenasose 4 kk',
          'päärynäsose 4 kk',
          'mango-banaanisose 6 kk',
          'mustikka-omenasose 6 kk',
          'banaani-mansikkasose 6 kk',
          P('hedelmäsose smoothie', { b: "Ella's Kitchen;Piltti" }),
        ],
        { nut: 'puree', s: '125 g;90 g;4 x 100 g;190 g', ppu: [7, 15], i: 'Omena (70 %), banaani, C-vitamiini', n: 14 },
      ),
    ],
  ),
  M(
    'Äidinmaidonkorvikkeet ja lastenpuurot',
    {
      d: ['{P} on suunniteltu vauvan kasvun tueksi.', '{P} valmistetaan ohjeen mukaan puhtaaseen astiaan.', 'Ravitseva {p} vauvan arkeen.'],
    },
    [
      L(
        'Äidinmaidonkorvikkeet',
        [
          P('äidinmaidonkorvike 0 kk', { s: '800 g;600 g', ppu: [25, 45] }),
          P('vieroitusvalmiste 6 kk', { s: '800 g;600 g', ppu: [25, 45] }),
          P('käyttövalmis äidinmaidonkorvike', { s: '200 ml;6 x 200 ml', ppu: [3, 6] }),
          P('jatkovalmiste 12 kk', { s: '800 g', ppu: [25, 45] }),
        ],
        { nut: 'formula', b: 'Tutteli;Nan;Semper;Bona;HiPP', i: 'Rasvaton maito, kasviöljyt, laktoosi, heraproteiini, vitamiinit ja kivennäisaineet', n: 12 },
      ),
      L('Lastenpuurot', 'kauravellipuuro;täysjyväpuuro;riisipuuro 4 kk;mannapuuro;mustikka-kaurapuuro 6 kk;hedelmäpuuro', {
        nut: 'babyporridge',
        b: BABY_BRANDS,
        s: '480 g;500 g;220 g',
        ppu: [8, 16],
        i: 'Täysjyväkaurajauho, maitojauhe, kuivattu hedelmä, vitamiinit',
        n: 12,
      }),
    ],
  ),
  M(
    'Vaipat ja hoito',
    {
      nut: null,
      st: 'home',
      o: 'Ruotsi;Saksa;Puola',
      i: '',
      d: ['{P} on pehmeä ja imukykyinen.', '{P} on ihotestattu ja hellävarainen vauvan iholle.', 'Luotettava {p} pitää kuivana koko yön.'],
    },
    [
      L('Vaipat', 'teippivaipat koko 3;teippivaipat koko 4;housuvaipat koko 5;housuvaipat koko 6;vauvan vaipat koko 2;yövaipat koko 5', {
        b: 'Libero;Pampers;Muumi;Pirkka;Rainbow;Toujours',
        s: '50 kpl;36 kpl;28 kpl;60 kpl',
        ppu: [0.2, 0.45],
        n: 16,
      }),
      L(
        'Kosteuspyyhkeet ja hoitotuotteet',
        [
          P('kosteuspyyhkeet', { s: '64 kpl;192 kpl', ppu: [0.02, 0.06] }),
          P('hajusteettomat kosteuspyyhkeet', { s: '64 kpl;192 kpl', ppu: [0.02, 0.06] }),
          P('vauvan vaippavoide', { s: '100 ml', ppu: [20, 45] }),
          P('vauvan pesuemulsio', { s: '200 ml;500 ml', ppu: [10, 25] }),
          P('vauvaöljy', { s: '200 ml', ppu: [15, 35] }),
        ],
        { b: "Libero;Pampers;Natusan;Johnson's;Pirkka;Rainbow;Toujours", n: 14 },
      ),
    ],
  ),
  M(
    'Lasten välipalat ja juomat',
    {
      b: BABY_BRANDS,
      d: ['{P} on maukas välipala pienille.', '{P} on helppo ottaa mukaan retkelle.', 'Lapsen käteen sopiva {p} ilman lisättyä sokeria.'],
    },
    [
      L('Lasten välipalat', 'maissinaksut 8 kk;riisikakut 6 kk;hedelmäpalat 12 kk;välipalakeksit 10 kk;kaurapalat 12 kk', {
        nut: 'babysnack',
        b: 'Piltti;Semper;HiPP;Organix;Pirkka',
        s: '50 g;35 g;100 g',
        ppu: [15, 40],
        i: 'Maissi, riisi, omenajauhe, kalsium',
        n: 12,
      }),
      L('Lasten juomat', 'omenamehu lapsille;päärynämehu 4 kk;mustikkamehu 6 kk;vauvan vesi;hedelmäjuoma 12 kk', {
        nut: 'juice',
        s: '200 ml;0,5 l;4 x 200 ml',
        ppu: [2, 6],
        i: 'Omenamehu, vesi, C-vitamiini',
        n: 10,
      }),
    ],
  ),
]);
