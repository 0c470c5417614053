import { L, M, P, T } from '../catalog-types';

const DETERGENT = '5–15 % anionisia pinta-aktiivisia aineita, < 5 % ionittomia pinta-aktiivisia aineita, saippuaa, fosfonaatteja, entsyymejä, hajusteita';

export const HOME = T('Koti ja puhtaus', { st: 'home', nut: null, o: 'Suomi;Saksa;Ruotsi;Puola' }, [
  M(
    'Pyykinpesu',
    {
      i: DETERGENT,
      d: ['{P} poistaa tahrat tehokkaasti jo 30 asteessa.', '{P} on hellävarainen vaatteille ja värit säilyvät kirkkaina.', 'Tehokas {p} arjen pyykeille.'],
    },
    [
      L(
        'Pyykinpesuaineet',
        [
          P('pyykinpesujauhe color', { s: '1,2 kg;2 kg', ppu: [3, 9] }),
          P('pyykinpesuneste color', { s: '1 l;1,5 l;2 l', ppu: [3, 8] }),
          P('pyykinpesuneste valkoiselle', { s: '1 l;1,5 l', ppu: [3, 8] }),
          P('pyykinpesukapselit', { s: '24 kpl;36 kpl', ppu: [0.2, 0.45] }),
          P('pyykinpesuneste villalle ja silkille', { s: '0,75 l;1 l', ppu: [5, 10] }),
          P('hajusteeton pyykinpesuaine', { s: '1 l;1,5 l', ppu: [3, 8] }),
        ],
        { b: 'Omo;Ariel;Serto;Via;Neutral;Pirkka;Rainbow;X-tra;Formil', staple: true, n: 20 },
      ),
      L('Huuhteluaineet', 'huuhteluaine;hajusteeton huuhteluaine;huuhteluaine tiiviste', {
        b: 'Lenor;Comfort;Serto;Neutral;Pirkka;Rainbow;Formil',
        s: '1 l;750 ml;1,5 l',
        ppu: [1.5, 5],
        i: '5–15 % kationisia pinta-aktiivisia aineita, hajusteita, säilöntäaineita',
        n: 12,
      }),
    ],
  ),
  M(
    'Astianpesu',
    {
      i: DETERGENT,
      d: ['{P} irrottaa rasvan vaivatta.', '{P} on tehokas jo pienellä annoksella.', '{P} jättää astiat kirkkaiksi.'],
    },
    [
      L('Käsitiskiaineet', 'käsitiskiaine;käsitiskiaine sitruuna;käsitiskiaine hajusteeton;astianpesuaine tiiviste', {
        b: 'Fairy;Serto;Sun;Pirkka;Rainbow;X-tra;W5',
        s: '500 ml;1 l;750 ml',
        ppu: [2, 8],
        staple: true,
        n: 14,
      }),
      L(
        'Konetiskiaineet',
        [
          P('konetiskitabletit', { s: '40 kpl;60 kpl;100 kpl' }),
          P('konetiskitabletit all in one', { s: '26 kpl;40 kpl;60 kpl' }),
          P('konetiskikapselit', { s: '30 kpl;50 kpl' }),
          P('konetiskijauhe', { s: '1 kg', ppu: [3, 7] }),
          P('huuhtelukirkaste', { s: '500 ml', ppu: [6, 12] }),
        ],
        { b: 'Finish;Fairy;Sun;Serto;Pirkka;Rainbow;W5', ppu: [0.08, 0.3], n: 16 },
      ),
    ],
  ),
  M(
    'Siivous',
    {
      i: '< 5 % anionisia ja ionittomia pinta-aktiivisia aineita, hajusteita, säilöntäaineita',
      d: ['{P} puhdistaa tehokkaasti ja jättää raikkaan tuoksun.', '{P} sopii kodin kaikille pestäville pinnoille.', 'Kätevä {p} arjen siivoukseen.'],
    },
    [
      L('Yleispuhdistusaineet', 'yleispuhdistusaine;mäntysuopa;lasinpesuaine;keittiösuihke;kylpyhuonesuihke;lattianpesuaine', {
        b: 'Erisan;Ajax;Mr Muscle;Serto;Pirkka;Rainbow;X-tra;W5',
        s: '500 ml;750 ml;1 l',
        ppu: [2, 10],
        n: 18,
      }),
      L('WC-puhdistusaineet', 'WC-puhdistusaine;WC-geeli;kalkinpoistoaine;WC-raikastin', {
        b: 'Domestos;Harpic;Pirkka;Rainbow;X-tra;W5',
        s: '750 ml;500 ml;1 l',
        ppu: [2, 8],
        n: 12,
      }),
      L(
        'Siivousvälineet',
        [
          P('tiskiharja', { s: '1 kpl', ppu: [1.5, 4] }),
          P('mikrokuituliina', { s: '1 kpl;3 kpl', ppu: [1, 3] }),
          P('siivousliina', { s: '3 kpl;5 kpl', ppu: [0.5, 1.5] }),
          P('tiskisieni', { s: '3 kpl;5 kpl', ppu: [0.3, 0.9] }),
          P('roskapussit', { s: '20 kpl;40 kpl', ppu: [0.08, 0.2] }),
          P('biojätepussit', { s: '20 kpl;40 kpl', ppu: [0.1, 0.25] }),
        ],
        { b: 'Sinituote;Vileda;Spontex;Pirkka;Rainbow;X-tra', i: '', n: 14 },
      ),
    ],
  ),
  M(
    'Paperit ja kelmut',
    {
      i: '',
      d: ['{P} on pehmeä ja vahva.', '{P} on valmistettu vastuullisesti hoidetuista metsistä.', 'Luotettava {p} kodin jokapäiväiseen käyttöön.'],
    },
    [
      L('WC-paperit', 'WC-paperi;WC-paperi 3-kerroksinen;kierrätyskuitu WC-paperi;pehmeä WC-paperi', {
        b: 'Lambi;Serla;Lotus;Pirkka;Rainbow;X-tra;Floralys',
        s: '8 rl;16 rl;24 rl;4 rl',
        ppu: [0.25, 0.7],
        staple: true,
        n: 16,
      }),
      L('Talouspaperit', 'talouspaperi;talouspaperi XL;käsipyyhepaperi;kierrätyskuitu talouspaperi', {
        b: 'Lambi;Serla;Lotus;Pirkka;Rainbow;X-tra;Floralys',
        s: '2 rl;4 rl;8 rl',
        ppu: [0.7, 2],
        n: 12,
      }),
      L(
        'Kelmut ja pussit',
        [
          P('leivinpaperi', { s: '10 m;20 m' }),
          P('talousfolio', { s: '10 m;20 m' }),
          P('tuorekelmu', { s: '30 m' }),
          P('pakastepussit', { s: '30 kpl;50 kpl', ppu: [0.04, 0.1] }),
          P('minigrip-pussit', { s: '50 kpl', ppu: [0.04, 0.1] }),
        ],
        { b: 'Sinituote;Wipp;Pirkka;Rainbow;X-tra', ppu: [1.5, 5], n: 12 },
      ),
    ],
  ),
  M(
    'Hygienia',
    {
      i: 'Aqua, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Sodium Chloride, Glycerin, Parfum, Citric Acid',
      d: ['{P} on hellävarainen iholle.', '{P} on dermatologisesti testattu.', 'Raikas {p} päivittäiseen käyttöön.'],
    },
    [
      L('Shampoot ja hoitoaineet', 'shampoo;hoitoaine;shampoo kuiville hiuksille;hilseshampoo;2in1 shampoo;hajusteeton shampoo', {
        b: 'Elvital;Head & Shoulders;Pantene;Sebamed;Herbal Essences;Pirkka;Rainbow;Cien',
        s: '250 ml;400 ml;500 ml',
        ppu: [8, 30],
        n: 18,
      }),
      L('Suihku- ja käsisaippuat', 'suihkusaippua;suihkugeeli;nestemäinen käsisaippua;käsisaippua täyttöpakkaus;hajusteeton suihkusaippua', {
        b: 'Dove;Palmolive;Sebamed;Erisan;Neutral;Pirkka;Rainbow;Cien',
        s: '250 ml;500 ml;750 ml;1 l',
        ppu: [4, 18],
        n: 16,
      }),
      L(
        'Hammastahnat ja -harjat',
        [
          P('hammastahna', { s: '75 ml;100 ml', ppu: [20, 60] }),
          P('ksylitolihammastahna', { s: '75 ml;100 ml', ppu: [25, 70] }),
          P('lasten hammastahna', { s: '50 ml;75 ml', ppu: [25, 70] }),
          P('valkaiseva hammastahna', { s: '75 ml', ppu: [30, 80] }),
          P('hammasharja medium', { s: '1 kpl;2 kpl', ppu: [1.5, 5], i: '' }),
          P('hammaslanka', { s: '1 kpl', ppu: [2, 5], i: '' }),
        ],
        {
          b: 'Colgate;Pepsodent;Sensodyne;Elmex;Jordan;Pirkka;Rainbow;Cien',
          i: 'Aqua, Sorbitol, Hydrated Silica, Glycerin, Sodium Lauryl Sulfate, Aroma, Sodium Fluoride (1450 ppm F)',
          n: 16,
        },
      ),
      L('Deodorantit', 'deodorantti roll-on;deodorantti spray;antiperspirantti roll-on;hajusteeton deodorantti;deodorantti stick', {
        b: 'Rexona;Dove;Nivea;Axe;Neutral;Pirkka;Cien',
        s: '50 ml;150 ml',
        ppu: [25, 80],
        n: 14,
      }),
    ],
  ),
]);
