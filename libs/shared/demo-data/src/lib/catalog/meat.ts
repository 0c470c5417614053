import { L, M, P, T } from '../catalog-types';

const MEAT_BRANDS = 'Atria;HK;Snellman;Tapola;Pirkka;Kotimaista;Rainbow';
const POULTRY_BRANDS = 'Atria;Kariniemen;Pirkka;Kotimaista;Rainbow';

export const MEAT = T('Liha ja kasviproteiinit', { st: 'cold', o: 'Suomi' }, [
  M(
    'Jauheliha',
    {
      nut: 'mince',
      b: MEAT_BRANDS,
      s: '400 g;600 g;800 g;1 kg',
      staple: true,
      d: [
        '{P} on monipuolinen raaka-aine arjen ruokiin.',
        'Kotimainen {p} sopii kastikkeisiin, pihveihin ja lasagneen.',
        '{P} on valmistettu suomalaisesta lihasta.',
        'Mehevä {p} kypsyy nopeasti pannulla.',
      ],
    },
    [
      L('Naudan jauhelihat', 'naudan jauheliha 10 %;naudan jauheliha 17 %;naudan jauheliha 5 %;luomu naudan jauheliha;naudan paistijauheliha', {
        ppu: [9, 16],
        i: 'Naudanliha',
        n: 20,
      }),
      L('Sika-nauta jauhelihat', 'sika-nauta jauheliha 23 %;sika-nauta jauheliha 17 %;porsaan jauheliha;kevyt sika-nauta jauheliha', {
        ppu: [7, 12],
        i: 'Sianliha, naudanliha',
        n: 16,
      }),
      L('Broilerin ja kalkkunan jauhelihat', 'broilerin jauheliha;kalkkunan jauheliha;kanan jauheliha', {
        nut: 'chicken',
        b: POULTRY_BRANDS,
        s: '400 g;600 g',
        ppu: [9, 13],
        i: 'Broilerinliha',
        n: 10,
      }),
    ],
  ),
  M(
    'Broileri ja kana',
    {
      nut: 'chicken',
      b: POULTRY_BRANDS,
      s: '400 g;600 g;900 g;1 kg',
      staple: true,
      i: 'Broilerinliha (95 %), vesi, suola',
      d: [
        '{P} on suomalaisten suosikki arkeen.',
        'Kotimainen {p} on kasvatettu ilman antibiootteja.',
        'Vähärasvainen {p} sopii wokkeihin, salaatteihin ja uuniruokiin.',
        '{P} kypsyy nopeasti pannulla ja grillissä.',
      ],
    },
    [
      L(
        'Broilerin fileet',
        'broilerin rintafilee maustamaton;kanan rintafilee;kananpojan rintafilee;broilerin sisäfilee;broilerin ohutleike;kanan fileesuikale maustamaton',
        { ppu: [10, 18], n: 20 },
      ),
      L('Broilerin koivet ja siivet', 'broilerin koipireisi;broilerin siivet;kanan koivet;broilerin koipireisipalat marinoitu;grillikana kokonainen', {
        s: '1 kg;800 g;600 g',
        ppu: [4, 8],
      }),
      L(
        'Marinoidut broilerit',
        'kanan fileesuikale BBQ;kanan paistileike;kanan kebabsuikale;kanan fileepihvi hunaja;kanan minuuttipihvi;kanan fileesuikale hunaja-chili',
        {
          s: '300 g;400 g;600 g',
          ppu: [10, 17],
          i: 'Broilerinliha (85 %), vesi, marinadi (sokeri, suola, mausteet, rypsiöljy), perunatärkkelys',
        },
      ),
    ],
  ),
  M(
    'Naudan- ja sianliha',
    {
      nut: 'meat',
      b: MEAT_BRANDS,
      d: [
        '{P} on huolella leikattu ja vakuumipakattu.',
        'Mehevä {p} grilliin, pannulle tai uuniin.',
        '{P} on kotimaista lihaa, jonka alkuperä tunnetaan tilalle asti.',
      ],
    },
    [
      L('Naudan pihvit ja paistit', 'naudan ulkofileepihvi;naudan sisäfilee;naudan entrecote;naudan paahtopaisti;naudan paistisuikale;naudan grillipihvi', {
        s: '300 g;400 g;600 g',
        ppu: [20, 45],
        i: 'Naudanliha',
      }),
      L('Porsaan pihvit ja kyljykset', 'porsaan ulkofileepihvi;porsaan kassler;porsaan grillikylki;porsaan sisäfilee;porsaan kyljys;porsaan niska-annospala', {
        s: '400 g;600 g;1 kg',
        ppu: [8, 18],
        i: 'Sianliha',
      }),
      L('Suikaleet ja kuutiot', 'porsaan suikale;naudan suikale;porsaan kuutio;naudan kuutio;porsaan wok-suikale', {
        s: '300 g;400 g;600 g',
        ppu: [10, 22],
        i: 'Liha',
      }),
      L(
        'Palvatut ja tiskin lihat',
        'naudan paahtopaisti palana;porsaan ulkofilee kokonainen;porsaan kylkipala;naudan sisäfilee kokonainen;palvikinkku palana',
        {
          s: '-',
          ppu: [9, 45],
          i: 'Liha',
          staple: false,
          n: 12,
        },
      ),
    ],
  ),
  M(
    'Leikkeleet',
    {
      nut: 'coldcut',
      b: 'HK;Atria;Snellman;Kariniemen;Pirkka;Rainbow;Kotimaista;Dulano',
      s: '150 g;250 g;300 g;400 g',
      ppu: [11, 24],
      staple: true,
      i: 'Sianliha (80 %), vesi, suola, glukoosisiirappi, stabilointiaine (E451), antioksidantti (E301), säilöntäaine (E250)',
      d: ['{P} on herkullinen leivän päällä.', 'Ohueksi viipaloitu {p} voileipiin ja salaatteihin.', '{P} on savustettu perinteisesti leppäpuulla.'],
    },
    [
      L(
        'Kinkkuleikkeleet',
        ['savukinkku', 'keittokinkku', 'palvikinkku', 'hunajakinkku', 'kinkkuleike', 'kinkku ohuen ohut', P('Viljaporsas savukinkku', { b: 'HK' })],
        { n: 20 },
      ),
      L('Makkaraleikkeleet', 'meetvursti;salami;kestomakkara;lauantaimakkara;balkanmakkara;chorizoleike', { s: '100 g;150 g;300 g', ppu: [10, 24] }),
      L('Broilerin ja kalkkunan leikkeleet', 'kanaleike;broilerin rintaleike;kalkkunaleike;savustettu kalkkunaleike;kanaleike paprika', {
        b: POULTRY_BRANDS,
        i: 'Broilerinliha (85 %), vesi, suola, perunatärkkelys, sokeri',
      }),
    ],
  ),
  M(
    'Makkarat',
    {
      nut: 'sausage',
      b: 'HK;Atria;Snellman;Pirkka;Rainbow;Kotimaista;Dulano',
      s: '400 g;500 g;300 g',
      ppu: [5, 13],
      i: 'Sianliha (55 %), vesi, perunatärkkelys, naudanliha, suola, sianrasva, mausteet, säilöntäaine (E250)',
      d: [
        '{P} on grillikauden ja saunaillan klassikko.',
        'Maukas {p} paistetaan pannulla tai grillissä.',
        '{P} sopii myös keittoihin ja makkarakastikkeeseen.',
      ],
    },
    [
      L(
        'Grillimakkarat',
        [
          P('Sininen lenkki', { b: 'HK' }),
          'grillimakkara',
          'juustomakkara',
          'chorizo grillimakkara',
          'bratwurst',
          'kabanossi',
          P('bratwurst', { b: 'Grill Meister' }),
        ],
        { s: '400 g;500 g;720 g;300 g', n: 16 },
      ),
      L('Nakit', ['wienernakki', 'kananakki', 'juustonakki', 'lihapitoinen nakki', P('Gotler nakki', { b: 'Atria' }), 'kasvinakki'], {
        s: '300 g;400 g;600 g',
        staple: true,
      }),
      L('Lenkkimakkarat', 'lenkkimakkara;kevyt lenkkimakkara;perinteinen lenkkimakkara;kanalenkki;pekonilenkki', { s: '400 g;500 g;580 g', staple: true }),
    ],
  ),
  M(
    'Kasviproteiinit',
    {
      nut: 'plantprotein',
      st: 'cold',
      d: [
        '{P} on kasviperäinen proteiinin lähde.',
        'Monipuolinen {p} sopii kastikkeisiin, wokkeihin ja tortilloihin.',
        '{P} on helppo tapa lisätä kasviksia arkeen.',
      ],
    },
    [
      L('Tofut', 'maustamaton tofu;savutofu;marinoitu tofu;luomutofu', {
        nut: 'tofu',
        b: 'Jalotofu;Taifun;Pirkka;Rainbow;Vemondo',
        s: '250 g;270 g;200 g',
        ppu: [8, 16],
        i: 'Vesi, soijapavut (40 %), suolaus- ja hyytelöimisaine (magnesiumkloridi)',
        n: 12,
      }),
      L(
        'Kasvipohjaiset jauhelihat',
        [P('Nyhtökaura', { b: 'Gold&Green' }), P('Härkis', { b: 'Verso Food' }), 'kasvirouhe', 'soijarouhe', 'härkäpapurouhe', 'kaurarouhe'],
        {
          b: 'Beanit;Oumph!;Pirkka;Rainbow;Vemondo',
          s: '250 g;300 g;400 g',
          ppu: [10, 20],
          i: 'Härkäpapu, kaura, vesi, rypsiöljy, suola, mausteet',
        },
      ),
      L('Kasvipyörykät ja -pihvit', 'kasvipyörykät;kasvipihvit;falafel;kasvinugetit;kasvikebab', {
        b: 'Anamma;Apetit;Saarioinen;Oumph!;Pirkka;Rainbow;Vemondo',
        s: '250 g;300 g;400 g',
        ppu: [9, 18],
        i: 'Vesi, soijaproteiini, rypsiöljy, sipuli, vehnäjauho, suola, mausteet',
      }),
    ],
  ),
]);
