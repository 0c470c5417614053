import { L, M, P, T } from '../catalog-types';

const BREAD_BRANDS = 'Fazer;Vaasan;Oululainen;Linkosuo;Pirkka;Rainbow;Kotimaista';

export const BAKERY = T('Leivät, keksit ja leivonnaiset', { st: 'bread', o: 'Suomi' }, [
  M(
    'Leivät',
    {
      nut: 'breadrye',
      b: BREAD_BRANDS,
      staple: true,
      d: [
        '{P} on leivottu kotimaisista viljoista.',
        'Maukas {p} voileiväksi aamupalalle ja välipalaksi.',
        '{P} on pehmeä ja mehevä arjen leipä.',
        'Suomalaisen leipäpöydän suosikki, {p}, on runsaskuituinen.',
      ],
    },
    [
      L(
        'Ruisleivät',
        [
          P('Reissumies', { b: 'Oululainen', s: '4 kpl 280 g;8 kpl 560 g' }),
          P('Ruispalat', { b: 'Vaasan', s: '6 kpl 330 g;12 kpl 660 g' }),
          P('Jälkiuunileipä', { b: 'Oululainen;Vaasan;Pirkka', s: '500 g;330 g' }),
          P('Ruispuikula', { b: 'Fazer', s: '6 kpl 330 g;12 kpl 660 g' }),
          'ruisleipä',
          'täysjyväruisleipä',
          'hapanleipä',
          'ruislimppu',
          'ruisvuoka',
          'ruisleipä siemenillä',
        ],
        { s: '500 g;330 g;6 kpl 330 g', ppu: [3, 9], i: 'Täysjyväruisjauho (90 %), vesi, suola, hiiva', n: 22 },
      ),
      L(
        'Vaaleat leivät',
        ['patonki', 'vaalea vehnäleipä', 'kauraleipä', 'ciabatta', 'maalaisleipä', 'saaristolaisleipä', 'sämpylä 6 kpl', 'kauraleipä siemenillä'],
        { nut: 'breadwhite', s: '400 g;300 g;500 g', ppu: [4, 10], i: 'Vehnäjauho, vesi, kaurahiutale, rypsiöljy, hiiva, suola, sokeri', n: 18 },
      ),
      L('Paahtoleivät', ['paahtoleipä', 'täysjyväpaahtoleipä', 'kauraleipä paahto', 'briossipaahtoleipä', 'ruispaahtoleipä', 'jättipaahtoleipä'], {
        nut: 'breadwhite',
        s: '500 g;400 g;750 g',
        ppu: [3, 7],
        i: 'Vehnäjauho, vesi, sokeri, rypsiöljy, hiiva, suola',
      }),
      L(
        'Näkkileivät ja hapankorput',
        [
          'näkkileipä',
          'ruisnäkkileipä',
          'hapankorppu',
          'täysjyvähapankorppu',
          'siemennäkkileipä',
          P('Original näkkileipä', { b: 'Finn Crisp' }),
          P('Ruispala näkkileipä', { b: 'Finn Crisp' }),
        ],
        {
          nut: 'crispbread',
          b: 'Finn Crisp;Vaasan;Fazer;Leksands;Pirkka;Rainbow',
          s: '200 g;250 g;300 g;400 g',
          ppu: [5, 12],
          i: 'Täysjyväruisjauho, vesi, suola, hiiva',
        },
      ),
      L('Gluteenittomat leivät', 'gluteeniton leipä;gluteeniton vaalea leipä;gluteeniton siemenleipä;gluteeniton paahtoleipä;gluteeniton kauraleipä', {
        nut: 'breadwhite',
        b: 'Schär;Fazer;Vaasan;Moilas;Pirkka',
        s: '300 g;400 g;250 g',
        ppu: [8, 16],
        staple: false,
        i: 'Vesi, maissitärkkelys, riisijauho, kaurahiutale, rypsiöljy, psyllium, hiiva, suola',
        n: 12,
      }),
    ],
  ),
  M(
    'Pullat ja leivonnaiset',
    {
      nut: 'bun',
      b: BREAD_BRANDS,
      ppu: [6, 14],
      d: ['{P} on kahvipöydän herkku.', 'Tuoreena leivottu {p} maistuu kahvin ja maidon kanssa.', '{P} on leivottu perinteisellä reseptillä.'],
    },
    [
      L('Pullat', 'korvapuusti;kanelipulla;vaniljapulla;kardemummapulla;laskiaispulla;pullapitko;voisilmäpulla', {
        s: '4 kpl 240 g;6 kpl 300 g;400 g',
        i: 'Vehnäjauho, maito, sokeri, margariini, kananmuna, hiiva, kardemumma, suola',
      }),
      L('Munkit ja donitsit', 'hillomunkki;rinkelimunkki;donitsi;sokerimunkki;suklaadonitsi', {
        s: '4 kpl 280 g;2 kpl 150 g;6 kpl 360 g',
        i: 'Vehnäjauho, kasviöljy, sokeri, vesi, kananmuna, hiiva, hillo, suola',
        n: 12,
      }),
      L('Karjalanpiirakat ja piiraat', 'karjalanpiirakka;riisipiirakka;perunapiirakka;ohrapiirakka;munavoipiirakka', {
        nut: 'pie',
        s: '6 kpl 420 g;10 kpl 700 g;4 kpl 280 g',
        ppu: [5, 10],
        staple: true,
        i: 'Riisipuuro (vesi, maito, riisi, suola), ruisjauho, vesi, vehnäjauho, rypsiöljy, suola',
      }),
    ],
  ),
  M(
    'Keksit',
    {
      st: 'dry',
      d: ['{P} on rapea herkku kahvin kanssa.', 'Herkulliset {p} sopivat välipalaksi ja vieraille tarjottavaksi.', '{P} on helppo ottaa mukaan retkelle.'],
    },
    [
      L(
        'Makeat keksit',
        [
          P('Domino Original', { b: 'Fazer' }),
          P('Domino Mint', { b: 'Fazer' }),
          P('Oreo keksi', { b: 'Oreo', raw: true }),
          'kaurakeksi',
          'suklaakeksi',
          'digestivekeksi',
          'voikeksi',
          'täytekeksi vanilja',
          'suklaahippukeksi',
        ],
        {
          nut: 'cookie',
          b: 'Fazer;Gaiola;Pirkka;Rainbow;Sondey',
          s: '175 g;350 g;500 g;200 g',
          ppu: [5, 14],
          i: 'Vehnäjauho, sokeri, kasvirasva (palmu, rypsi), kaurahiutale, nostatusaine, suola, aromi',
          n: 18,
        },
      ),
      L(
        'Suolaiset keksit',
        [
          'suolakeksi',
          'juustokeksi',
          'riisikakut',
          'ruisnapit',
          P('Ritz keksit', { b: 'Ritz', raw: true }),
          P('TUC keksit', { b: 'TUC', raw: true }),
          'täysjyväkeksit',
        ],
        {
          nut: 'cracker',
          b: 'Pirkka;Rainbow;Fazer;Snack Day;Finn Crisp',
          s: '200 g;150 g;100 g',
          ppu: [7, 16],
          i: 'Vehnäjauho, kasviöljy, sokeri, suola, nostatusaine',
        },
      ),
    ],
  ),
  M('Tortillat ja pitaleivät', { nut: 'tortilla', st: 'dry', d: ['{P} täytetään mieleisillä täytteillä.', 'Pehmeät {p} sopivat lounaalle ja iltapalalle.'] }, [
    L('Tortillat', 'vehnätortilla;täysjyvätortilla;maissitortilla;tortilla wraps;tortillataskut', {
      b: 'Santa Maria;Old El Paso;Mission;Pirkka;Rainbow',
      s: '8 kpl 320 g;6 kpl 370 g;4 kpl 250 g',
      ppu: [5, 11],
      i: 'Vehnäjauho, vesi, rypsiöljy, nostatusaine, suola, sokeri',
    }),
    L('Pitaleivät ja naanit', 'pitaleipä;naanleipä;valkosipulinaan;täysjyväpita', {
      b: 'Pirkka;Rainbow;Santa Maria;Fazer',
      s: '4 kpl 280 g;6 kpl 400 g;2 kpl 260 g',
      ppu: [4, 10],
      i: 'Vehnäjauho, vesi, hiiva, rypsiöljy, suola, sokeri',
      n: 10,
    }),
  ]),
]);
