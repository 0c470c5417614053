import { L, M, P, T } from '../catalog-types';

const MILK_BRANDS = 'Valio;Arla;Juustoportti;Maitokolmio;Pirkka;Kotimaista;Rainbow;Milbona';

export const DAIRY = T('Maito, juusto, munat ja rasvat', { st: 'cold', o: 'Suomi', staple: true }, [
  M(
    'Maidot',
    {
      nut: 'milk1',
      s: '1 l;1,5 l;0,5 l',
      ppu: [0.75, 1.35],
      b: MILK_BRANDS,
      d: [
        '{P} on suomalaisen aamupalan ja ruokapöydän klassikko.',
        '{P} sopii sellaisenaan juotavaksi, puuroihin, kahviin ja leivontaan.',
        'Raikas ja tuore {p} suomalaisilta maitotiloilta.',
        'Kotimainen {p}, jossa on lisättyä D-vitamiinia.',
      ],
    },
    [
      L('Rasvattomat maidot', 'rasvaton maito;rasvaton maitojuoma;luomu rasvaton maito;rasvaton maito ESL;rasvaton tilamaito', {
        nut: 'milk0',
        i: 'Rasvaton maito, D-vitamiini',
        n: 18,
      }),
      L('Kevytmaidot', 'kevytmaito;luomu kevytmaito;kevytmaito ESL;kevytmaitojuoma;ykkösmaito', { nut: 'milk1', i: 'Kevytmaito, D-vitamiini', n: 18 }),
      L('Täysmaidot', 'täysmaito;luomu täysmaito;tilamaito;täysmaito ESL;kermainen täysmaito', { nut: 'milk3', i: 'Täysmaito, D-vitamiini', n: 16 }),
      L(
        'Laktoosittomat maitojuomat',
        [
          'laktoositon rasvaton maitojuoma',
          'laktoositon kevytmaitojuoma',
          'laktoositon täysmaitojuoma',
          'laktoositon kaakaomaito',
          P('Eila rasvaton maitojuoma', { b: 'Valio' }),
          P('Eila kevytmaitojuoma', { b: 'Valio' }),
          P('Eila täysmaitojuoma', { b: 'Valio' }),
        ],
        { i: 'Maito, laktaasientsyymi, D-vitamiini', ppu: [1.1, 1.8], n: 18 },
      ),
      L(
        'Kaura- ja kasvijuomat',
        [
          'kaurajuoma',
          'luomu kaurajuoma',
          'barista kaurajuoma',
          'kaurajuoma kalsium',
          'soijajuoma',
          'mantelijuoma',
          'kaurajuoma suklaa',
          P('Aito kaurajuoma', { b: 'Fazer' }),
        ],
        {
          b: 'Oatly;Alpro;Oddlygood;Fazer;Pirkka;Rainbow;Milbona',
          nut: 'plantdrink',
          s: '1 l;0,5 l;1,5 l',
          ppu: [1.2, 2.6],
          staple: false,
          i: 'Vesi, kaura (10 %), rypsiöljy, kalsiumfosfaatti, suola, D2- ja B12-vitamiini',
          o: 'Suomi;Ruotsi',
          d: [
            '{P} on maidoton vaihtoehto aamupalalle, kahviin ja ruoanlaittoon.',
            '{P} sopii vegaaniseen ruokavalioon.',
            'Täyteläinen ja kermainen {p}, joka vaahtoutuu hyvin.',
          ],
        },
      ),
    ],
  ),
  M(
    'Jogurtit ja rahkat',
    {
      nut: 'yogflav',
      s: '150 g;200 g;1 kg;4 x 125 g',
      ppu: [2.2, 5.5],
      b: 'Valio;Arla;Danone;Juustoportti;Pirkka;Rainbow;Milbona',
      d: [
        '{P} on herkullinen välipala ja aamupala.',
        'Kermainen {p}, jossa on maitohappobakteereja.',
        '{P} maistuu sellaisenaan tai myslin ja marjojen kanssa.',
        'Raikas {p} on kätevä välipala kotona ja töissä.',
      ],
    },
    [
      L(
        'Maustetut jogurtit',
        'mansikkajogurtti;mustikkajogurtti;vaniljajogurtti;persikka-passion jogurtti;banaanijogurtti;vadelmajogurtti;laktoositon mansikkajogurtti;kirsikkajogurtti',
        { i: 'Maito, sokeri, hedelmävalmiste (8 %), muunnettu maissitärkkelys, aromi, maitohappobakteerit', n: 20 },
      ),
      L(
        'Maustamattomat jogurtit',
        'maustamaton jogurtti;turkkilainen jogurtti;kreikkalainen jogurtti;AB-jogurtti maustamaton;laktoositon maustamaton jogurtti;luomu maustamaton jogurtti',
        { nut: 'yogplain', i: 'Maito, maitohappobakteerit', s: '200 g;1 kg;400 g', ppu: [2, 4.5] },
      ),
      L('Rahkat', ['maitorahka', 'vaniljarahka', 'mansikkarahka', 'proteiinirahka vanilja', 'kermarahka', P('Kvarg vanilja', { b: 'Lindahls' })], {
        nut: 'quark',
        b: 'Valio;Arla;Pirkka;Rainbow;Milbona',
        s: '250 g;500 g;150 g',
        ppu: [3, 7],
        i: 'Rasvaton maito, maitohappobakteerit, juoksute',
      }),
      L('Viilit ja piimät', 'viili;kevytviili;mansikkaviili;laktoositon viili;piimä;kevytpiimä', {
        nut: 'yogplain',
        s: '200 g;1 l;0,5 l',
        b: 'Valio;Arla;Juustoportti;Pirkka;Kotimaista',
        ppu: [1.5, 4],
        i: 'Maito, hapate',
      }),
    ],
  ),
  M(
    'Juustot',
    {
      nut: 'cheese',
      ppu: [9, 19],
      s: '150 g;300 g;500 g',
      b: 'Valio;Arla;Juustoportti;Pirkka;Kotimaista;Rainbow;Milbona',
      i: 'Maito, suola, hapate, juoksute, väriaine (annatto)',
      d: [
        '{P} on suosittu valinta leivän päälle.',
        'Mieto ja kermainen {p} sopii leivälle, salaattiin ja gratiineihin.',
        '{P} on kypsytetty huolella, jotta maku on tasapainoinen.',
        'Täyteläinen {p} kruunaa voileivän ja juustotarjottimen.',
      ],
    },
    [
      L(
        'Viipalejuustot',
        [
          'Emmental juustoviipale',
          'Edam juustoviipale',
          'kevyt juustoviipale 15 %',
          'Gouda juustoviipale',
          'laktoositon juustoviipale',
          P('Oltermanni juustoviipale', { b: 'Valio' }),
          P('Polar juustoviipale 15 %', { b: 'Valio' }),
        ],
        { n: 18 },
      ),
      L(
        'Palajuustot',
        [
          'Emmental juusto',
          'Edam juusto',
          'Gouda juusto',
          'juusto',
          'vahva juusto',
          'kermajuusto',
          P('Oltermanni juusto', { b: 'Valio' }),
          P('Koskenlaskija juusto', { b: 'Valio' }),
        ],
        { s: '250 g;500 g;1 kg;400 g', ppu: [8, 16], n: 20 },
      ),
      L(
        'Tuorejuustot',
        [
          'tuorejuusto',
          'valkosipuli-yrtti tuorejuusto',
          'maustamaton tuorejuusto',
          'kevyt tuorejuusto',
          'ruohosipuli tuorejuusto',
          'sulatejuusto kinkku',
          P('Koskenlaskija sulatejuusto', { b: 'Valio' }),
        ],
        {
          nut: 'creamcheese',
          b: 'Valio;Arla;Philadelphia;Pirkka;Rainbow;Milbona',
          s: '200 g;150 g;300 g',
          ppu: [7, 16],
          i: 'Kermamaito, maito, suola, hapate, sakeuttamisaine (karrageeni)',
        },
      ),
      L(
        'Homejuustot ja erikoisjuustot',
        [
          P('Aura sinihomejuusto', { b: 'Valio' }),
          P('Brie', { b: 'Président;Pirkka;Milbona' }),
          P('Camembert', { b: 'Président;Castello;Pirkka' }),
          P('mozzarella', { b: 'Galbani;Pirkka;Rainbow;Milbona', i: 'Pastöroitu maito, suola, hapate, juoksute' }),
          P('fetajuusto', { b: 'Arla;Pirkka;Milbona', o: 'Kreikka' }),
          P('halloumi', { b: 'Pirkka;Arla;Rainbow', o: 'Kypros' }),
          P('parmesaani', { b: 'Galbani;Pirkka;Deluxe', o: 'Italia' }),
          P('leipäjuusto', { b: 'Juustoportti;Kotimaista;Pirkka;Arla' }),
          P('sinihomejuusto', { b: 'Castello;Arla;Pirkka' }),
        ],
        { s: '125 g;150 g;200 g', ppu: [12, 30], staple: false, n: 18 },
      ),
      L('Raastejuustot', 'Emmental juustoraaste;pizzajuustoraaste;mozzarellaraaste;kevyt juustoraaste;parmesaaniraaste', {
        s: '150 g;250 g;500 g',
        ppu: [10, 20],
      }),
    ],
  ),
  M(
    'Munat',
    {
      nut: 'egg',
      i: 'Kananmuna',
      ppu: [0.2, 0.45],
      s: '10 kpl;6 kpl;15 kpl',
      d: [
        '{P} ovat kotimaisten kanaloiden tuotantoa.',
        'Tuoreet {p} sopivat aamiaiselle, leivontaan ja ruoanlaittoon.',
        '{P} on pakattu Suomessa salmonellavalvotuista kanaloista.',
      ],
    },
    [
      L('Kananmunat', 'kananmunat;lattiakanan munat;vapaan kanan munat;M-kokoiset kananmunat;L-kokoiset kananmunat', {
        b: 'Kotimaista;Munakunta;Pirkka;Rainbow;Kultamuna;Milbona',
        n: 14,
      }),
      L('Luomumunat', 'luomukananmunat;luomu vapaan kanan munat;luomu M-kananmunat', {
        b: 'Kotimaista;Pirkka;Munakunta;Kultamuna',
        s: '6 kpl;10 kpl',
        ppu: [0.4, 0.7],
        n: 8,
      }),
    ],
  ),
  M(
    'Rasvat ja kermat',
    {
      d: ['{P} on keittiön perustuote.', 'Kotimainen {p} ruoanlaittoon ja leivontaan.', '{P} tuo ruokaan täyteläisen maun.'],
    },
    [
      L('Voit', ['voi', 'normaalisuolainen voi', 'laktoositon voi', 'luomuvoi', 'kevytvoi', P('Oivariini', { b: 'Valio' }), P('Bregott', { b: 'Arla' })], {
        nut: 'butter',
        b: 'Valio;Arla;Lurpak;Pirkka;Kotimaista;Milbona',
        s: '250 g;500 g;400 g',
        ppu: [9, 19],
        i: 'Kerma, suola',
      }),
      L(
        'Margariinit ja levitteet',
        ['margariini 60 %', 'kasvirasvalevite 40 %', 'laktoositon levite', 'maidoton levite', 'leivontamargariini', P('Benecol levite', { b: 'Benecol' })],
        {
          nut: 'spread',
          b: 'Keiju;Flora;Becel;Pirkka;Rainbow;Milbona',
          s: '400 g;600 g;250 g',
          ppu: [4, 9],
          i: 'Kasviöljyt (rypsi, palmu), vesi, suola, emulgointiaine (rasvahappojen mono- ja diglyseridit), A- ja D-vitamiini',
        },
      ),
      L('Ruokakermat', 'ruokakerma 15 %;kevyt ruokakerma 10 %;laktoositon ruokakerma;kaurapohjainen ruokakerma;kermaviili;ranskankerma', {
        nut: 'cream',
        b: 'Valio;Arla;Pirkka;Kotimaista;Rainbow;Milbona',
        s: '2 dl;1 dl;5 dl',
        ppu: [3.5, 8],
        i: 'Kerma, maito, stabilointiaine (karrageeni)',
      }),
      L('Kermat', 'vispikerma 35 %;kuohukerma;laktoositon vispikerma;kevytkerma;kahvikerma 12 %', {
        nut: 'cream',
        b: 'Valio;Arla;Pirkka;Kotimaista;Rainbow;Milbona',
        s: '2 dl;5 dl;1 dl',
        ppu: [5, 10],
        i: 'Kerma',
      }),
    ],
  ),
]);
