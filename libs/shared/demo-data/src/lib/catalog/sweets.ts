import { L, M, P, T } from '../catalog-types';

export const SWEETS = T('Makeiset ja naposteltavat', { st: 'dry', o: 'Suomi' }, [
  M(
    'Suklaat',
    {
      nut: 'chocolate',
      i: 'Sokeri, kaakaovoi, täysmaitojauhe, kaakaomassa, herajauhe, emulgointiaine (soijalesitiini), aromi',
      d: [
        '{P} on suklaan ystävän herkkuhetki.',
        'Samettisen pehmeä {p} sulaa suussa.',
        '{P} sopii jaettavaksi tai omaksi herkuksi.',
        'Klassikko, {p}, on valmistettu huolella valituista kaakaopavuista.',
      ],
    },
    [
      L(
        'Suklaalevyt',
        [
          P('Sininen maitosuklaa', { b: 'Fazer' }),
          'maitosuklaa',
          'tumma suklaa 70 %',
          'maitosuklaa hasselpähkinä',
          'valkosuklaa',
          'suklaalevy mintturae',
          'luomusuklaa',
          P('Excellence tumma suklaa 85 %', { b: 'Lindt' }),
        ],
        { b: 'Fazer;Marabou;Panda;Brunberg;Pirkka;Rainbow;Fin Carré', s: '100 g;200 g;180 g', ppu: [9, 25], staple: true, n: 22 },
      ),
      L(
        'Suklaapatukat',
        [
          P('Tupla patukka', { b: 'Fazer' }),
          P('Geisha patukka', { b: 'Fazer' }),
          P('Snickers', { b: 'Snickers', raw: true }),
          P('Mars', { b: 'Mars', raw: true }),
          'suklaapatukka',
          'maitosuklaapatukka',
          'proteiinipatukka suklaa',
          'suklaavohveli',
        ],
        { b: 'Fazer;Panda;Brunberg;Pirkka;Fin Carré', s: '50 g;40 g;4 x 50 g;3 x 45 g', ppu: [10, 25], n: 18 },
      ),
      L(
        'Konvehdit',
        [
          P('Fazerin Sininen konvehti', { b: 'Fazer', raw: true }),
          P('Marianne konvehti', { b: 'Fazer' }),
          'konvehtirasia',
          'suklaakonvehdit',
          'praliinit',
          P('Ferrero Rocher', { b: 'Ferrero', raw: true }),
        ],
        { b: 'Fazer;Marabou;Lindt;Brunberg;Panda;Pirkka;Favorina', s: '150 g;270 g;350 g;200 g', ppu: [15, 35], n: 14 },
      ),
    ],
  ),
  M(
    'Karkit',
    {
      nut: 'candy',
      i: 'Glukoosisiirappi, sokeri, vesi, muunnettu tärkkelys, happamuudensäätöaineet, aromit, väriaineet, pintakäsittelyaine',
      d: ['{P} ilahduttaa karkkipäivänä.', 'Suomalaisten suosikki {p} on makea herkku jaettavaksi.', '{P} sopii elokuvailtaan ja juhliin.'],
    },
    [
      L(
        'Karkkipussit',
        [
          P('Remix', { b: 'Fazer' }),
          P('Tutti Frutti', { b: 'Fazer' }),
          'hedelmäkarkki',
          'viinikumi',
          'hapankarkki',
          'vaahtokarkki',
          'karkkisekoitus',
          P('Nallekarkit', { b: 'Haribo' }),
        ],
        { b: 'Fazer;Malaco;Cloetta;Panda;Pirkka;Rainbow;Favorina', s: '150 g;220 g;350 g;500 g', ppu: [8, 20], staple: true, n: 20 },
      ),
      L('Lakritsit', 'lakritsi;salmiakki;suklaalakritsi;lakritsipatukka;salmiakkikarkki;täytelakritsi', {
        nut: 'licorice',
        b: 'Panda;Fazer;Halva;Kouvolan Lakritsi;Malaco;Pirkka;Rainbow',
        s: '150 g;200 g;250 g',
        ppu: [8, 20],
        i: 'Vehnäjauho, sokeri, siirappi, lakritsiuute, salmiakki, suola, aromi',
        n: 16,
      }),
      L(
        'Purukumit ja pastillit',
        [P('Jenkki Professional', { b: 'Jenkki' }), 'purukumi', 'ksylitolipurukumi', 'ksylitolipastilli', 'kurkkupastilli', 'mintut'],
        {
          nut: 'gum',
          b: 'Jenkki;Extra;Läkerol;Xylimax;Pirkka',
          s: '60 g;90 g;36 g;100 g',
          ppu: [20, 60],
          i: 'Makeutusaineet (ksylitoli, sorbitoli), purukumimassa, aromit, pintakäsittelyaine',
          n: 14,
        },
      ),
    ],
  ),
  M(
    'Sipsit ja naksut',
    {
      nut: 'chips',
      b: 'Taffel;Estrella;Pirkka;Rainbow;X-tra;Snack Day',
      s: '175 g;275 g;300 g;150 g',
      ppu: [6, 14],
      d: ['{P} on rapea ja maukas naposteltava.', 'Illanistujaisten suosikki, {p}, kruunaa leffaillan.', '{P} on maustettu juuri sopivasti.'],
    },
    [
      L(
        'Perunalastut',
        [
          'perunalastut suola',
          'perunalastut smetana-sipuli',
          'perunalastut paprika',
          'perunalastut juusto-sipuli',
          'ranch perunalastut',
          'ohuet perunalastut merisuola',
          P('Pringles Original', { b: 'Pringles', raw: true, s: '165 g' }),
        ],
        { i: 'Peruna, auringonkukkaöljy, mausteseos, suola', staple: true, n: 20 },
      ),
      L('Tortillalastut ja naksut', 'tortillalastut;juustonaksut;maissinaksut;pretzelit;riisisipsit;perunatikut', {
        i: 'Maissi, kasviöljy, mausteseos, suola',
      }),
      L('Popcornit', 'mikropopcorn;popcorn suola;popcorn karamelli;popcorn juusto', {
        nut: 'popcorn',
        s: '3 x 90 g;90 g;150 g;100 g',
        ppu: [8, 16],
        i: 'Maissi, palmuöljy, suola, aromi',
        n: 10,
      }),
    ],
  ),
  M(
    'Pähkinät ja kuivatut hedelmät',
    {
      b: 'Taffel;Eldorado;Pirkka;Rainbow;X-tra;Alesto',
      o: 'Turkki;Yhdysvallat;Intia;Vietnam',
      i: '{P}',
      d: ['{P} on terveellinen ja täyttävä välipala.', '{P} sopii leivontaan, puuroon ja salaattiin.', 'Rapeat {p} retkelle ja iltapalalle.'],
    },
    [
      L(
        'Pähkinät ja siemenet',
        'cashewpähkinät;suolapähkinät;manteli;pähkinäsekoitus;maapähkinät suolatut;hasselpähkinät;auringonkukansiemenet;pekaanipähkinät',
        { nut: 'nuts', s: '150 g;200 g;300 g;500 g', ppu: [10, 30], n: 18 },
      ),
      L(
        'Kuivatut hedelmät',
        [
          'rusinat',
          'taatelit',
          'kuivatut aprikoosit',
          'kuivatut karpalot',
          'viikunat',
          'banaanilastut',
          'kuivatut mangot',
          'luumut',
          P('rusinat', { b: 'Sun-Maid' }),
        ],
        { nut: 'driedfruit', s: '250 g;200 g;500 g;100 g', ppu: [6, 20], n: 16 },
      ),
    ],
  ),
]);
