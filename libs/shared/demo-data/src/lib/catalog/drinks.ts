import { L, M, P, T } from '../catalog-types';

export const DRINKS = T('Juomat', { st: 'drink', o: 'Suomi' }, [
  M('Kahvit', {
    nut: null, st: 'dry', staple: true, i: '100 % Arabica-kahvia', o: 'Suomi',
    d: ['{P} on tasapainoinen ja pehmeä kahvi jokaiseen hetkeen.', 'Huolella paahdettu {p} on täyteläinen ja aromikas.', '{P} on valmistettu vastuullisesti viljellyistä kahvipavuista.', 'Suomalaisten suosikki, {p}, sopii aamuun ja iltapäivään.'],
  }, [
    L('Suodatinkahvit', [
      P('Juhla Mokka suodatinkahvi', { b: 'Paulig' }), P('Presidentti suodatinkahvi', { b: 'Paulig' }), P('Kulta Katriina suodatinkahvi', { b: 'Paulig' }),
      P('Brazil suodatinkahvi', { b: 'Paulig' }), 'suodatinkahvi keskipaahto', 'suodatinkahvi tumma paahto', 'luomu suodatinkahvi', 'Reilun kaupan suodatinkahvi', 'vaalea paahto suodatinkahvi',
    ], { b: 'Meira;Löfbergs;Gevalia;Pirkka;Rainbow;Kotimaista;Bellarom', s: '500 g;450 g;400 g', ppu: [10, 19], n: 22 }),
    L('Papukahvit ja espressot', [P('Juhla Mokka kahvipapu', { b: 'Paulig' }), 'kahvipavut', 'espresso kahvipavut', 'tumma espresso', 'espresso hienojauhettu', P('Qualità Rossa kahvipavut', { b: 'Lavazza' }), P('Classico espresso jauhettu', { b: 'Illy' })],
      { b: 'Paulig;Lavazza;Löfbergs;Meira;Pirkka;Rainbow;Bellarom', s: '500 g;1 kg;250 g', ppu: [12, 30], staple: false }),
    L('Pikakahvit ja kahvikapselit', [
      P('pikakahvi', { s: '100 g;200 g', ppu: [35, 60] }), P('pikakahvi Gold', { s: '100 g;200 g', ppu: [45, 70] }),
      P('kahvikapselit lungo', { s: '10 kpl;16 kpl', ppu: [0.3, 0.5] }), P('kahvikapselit espresso', { s: '10 kpl;16 kpl', ppu: [0.3, 0.5] }), P('kahvikapselit cappuccino', { s: '16 kpl', ppu: [0.3, 0.5] }),
    ], { b: 'Nescafé;Paulig;Lavazza;Pirkka;Rainbow;Bellarom', staple: false, n: 14 }),
  ]),
  M('Teet', {
    nut: null, st: 'dry', s: '20 kpl;25 kpl;50 kpl;100 kpl', ppu: [0.05, 0.2], b: 'Lipton;Twinings;Nordqvist;Pirkka;Rainbow', o: 'Sri Lanka;Intia;Kenia;Kiina',
    d: ['{P} on rauhoittava hetki keskellä päivää.', 'Aromikas {p} pusseissa.', '{P} sopii nautittavaksi sellaisenaan tai maidon ja hunajan kanssa.'],
  }, [
    L('Mustat teet', ['Earl Grey tee', 'English Breakfast tee', 'musta tee', P('Yellow Label tee', { b: 'Lipton' }), 'luomu musta tee', 'chai tee'], { i: 'Musta tee', n: 14 }),
    L('Vihreät ja yrttiteet', 'vihreä tee;vihreä tee sitruuna;kamomillatee;minttutee;rooibos tee;inkivääri-sitruunatee', { i: '{P}', n: 14 }),
  ]),
  M('Mehut', {
    nut: 'juice', b: 'Valio;Marli;Tropicana;Pirkka;Rainbow;Solevita', s: '1 l;1,5 l;0,33 l', ppu: [1.4, 3.5],
    d: ['{P} on raikas janojuoma aamiaiselle.', 'Täyteläinen {p} ilman lisättyä sokeria.', '{P} maistuu parhaalta viileänä.', 'Hedelmäinen {p} on aamupalan piristys.'],
  }, [
    L('Täysmehut', 'appelsiinitäysmehu;omenatäysmehu;appelsiinitäysmehu hedelmälihalla;multivitamiinitäysmehu;greippitäysmehu;omena-mustaherukka täysmehu;ananastäysmehu', { i: '{P} (100 %)', staple: true, n: 20 }),
    L('Mehujuomat ja tiivisteet', ['mustaherukkamehu', 'appelsiinimehujuoma', 'omenamehujuoma', 'mansikkamehutiiviste', 'sokeriton mustaherukkamehu', 'marjamehu', P('Mehukatti appelsiini', { b: 'Hartwall', raw: true })],
      { nut: 'juicedrink', b: 'Marli;Pirkka;Rainbow;X-tra;Solevita;Pölkky', s: '1 l;1,5 l;0,5 l;0,2 l', ppu: [0.8, 3], i: 'Vesi, hedelmä- tai marjamehutiiviste (30 %), sokeri, happamuudensäätöaine (sitruunahappo), C-vitamiini', n: 16 }),
    L('Smoothiet', 'mansikka-banaanismoothie;mango-passion smoothie;mustikkasmoothie;vihreä smoothie;banaani-mangosmoothie', {
      nut: 'smoothie', b: 'Froosh;Innocent;Valio;Pirkka;Rainbow;Solevita', s: '250 ml;0,75 l;1 l', ppu: [4, 10], staple: false, i: 'Hedelmä- ja marjasoseet (banaani, mango, mansikka, mustikka), omenamehu, sitruunamehu', n: 12,
    }),
  ]),
  M('Virvoitusjuomat', {
    nut: 'soda', s: '1,5 l;0,5 l;0,33 l;6 x 0,33 l', ppu: [1.2, 2.8], i: 'Vesi, sokeri, hiilidioksidi, happamuudensäätöaine (sitruunahappo), aromit',
    d: ['{P} on raikas janojuoma.', 'Kuplivan raikas {p} tarjoillaan jääkylmänä.', '{P} on suosittu juoma juhliin ja arkeen.'],
  }, [
    L('Limonadit ja kolat', [
      P('Coca-Cola', { b: 'Coca-Cola', raw: true }), P('Coca-Cola Zero', { b: 'Coca-Cola', raw: true }), P('Pepsi Max', { b: 'Pepsi', raw: true }),
      P('Jaffa appelsiini', { b: 'Hartwall' }), P('Jaffa Zero appelsiini', { b: 'Hartwall' }), P('Sprite', { b: 'Coca-Cola', raw: true }), P('Fanta appelsiini', { b: 'Coca-Cola', raw: true }),
      P('appelsiinilimonadi', { b: 'Pirkka;Rainbow;X-tra;Freeway' }), P('sitruunalimonadi', { b: 'Pirkka;Rainbow;Freeway' }), P('kola sokeriton', { b: 'Pirkka;Rainbow;X-tra;Freeway' }),
    ], { staple: true, n: 22 }),
    L('Kivennäisvedet', ['kivennäisvesi', 'kivennäisvesi sitruuna', 'lähdevesi', 'hiilihapotettu vesi', 'maustettu kivennäisvesi vadelma', P('Vichy Original', { b: 'Hartwall', raw: true })],
      { nut: 'water', b: 'Novelle;Pirkka;Rainbow;Kotimaista;Saskia', s: '0,5 l;1,5 l;0,33 l', ppu: [0.4, 2.5], i: 'Vesi, hiilidioksidi, mineraalit', staple: true }),
    L('Energiajuomat', [P('Red Bull Energy Drink', { b: 'Red Bull', raw: true }), P('Monster Energy', { b: 'Monster', raw: true }), P('ED energiajuoma', { b: 'Hartwall' }), 'energiajuoma', 'sokeriton energiajuoma', 'energiajuoma mango'],
      { nut: 'energy', b: 'Battery;Pirkka;Rainbow;Freeway', s: '0,25 l;0,33 l;0,5 l', ppu: [3, 8], i: 'Vesi, sokeri, happamuudensäätöaine (sitruunahappo), hiilidioksidi, tauriini, kofeiini, aromit, B-vitamiinit', n: 12 }),
  ]),
  M('Oluet ja siiderit', {
    nut: 'beer', s: '0,33 l;0,5 l;6 x 0,33 l', ppu: [2, 6], i: 'Vesi, ohramallas, humala', o: 'Suomi',
    d: ['{P} on raikas ja helposti nautittava.', 'Kotimaisen panimon {p} saunan jälkeen tai ruoan kanssa.', '{P} tarjoillaan kylmänä, noin +6 °C.'],
  }, [
    L('Alkoholittomat oluet', [
      'alkoholiton olut', 'alkoholiton lager olut', 'alkoholiton IPA olut', 'alkoholiton vehnäolut',
      P('Karhu alkoholiton olut 0,0 %', { b: 'Sinebrychoff', raw: true }), P('Lapin Kulta alkoholiton olut 0,0 %', { b: 'Hartwall', raw: true }),
    ], { nut: 'beerfree', b: 'Olvi;Sinebrychoff;Hartwall;Heineken;Pirkka;Rainbow;Perlenbacher', ppu: [2, 5], n: 18 }),
    L('Oluet', [
      P('Karhu III olut 4,6 %', { b: 'Sinebrychoff', raw: true }), P('Lapin Kulta III olut 4,5 %', { b: 'Hartwall', raw: true }), P('Olvi III olut 4,5 %', { b: 'Olvi', raw: true }),
      P('Koff III olut 4,5 %', { b: 'Sinebrychoff', raw: true }), 'lager olut 4,5 %', 'IPA olut 5,5 %', 'vehnäolut 5,0 %', 'tumma lager olut 5,2 %',
    ], { b: 'Nokian Panimo;Heineken;Pirkka;Perlenbacher', s: '0,33 l;0,5 l;6 x 0,33 l;12 x 0,33 l', ppu: [3, 6], n: 18 }),
    L('Siiderit ja lonkerot', [
      P('Original Long Drink 5,5 %', { b: 'Hartwall' }), 'päärynäsiideri 4,7 %', 'omenasiideri 4,7 %', 'kuiva siideri 4,5 %', 'alkoholiton siideri', 'greippilonkero 5,5 %', 'karpalolonkero 5,5 %',
    ], { nut: 'cider', b: 'Olvi;Sinebrychoff;Golden Cap;Upcider;Pirkka', i: 'Vesi, sokeri, käymisalkoholi, hiilidioksidi, aromit', n: 16 }),
  ]),
]);
