import { L, M, P, T } from '../catalog-types';

export const DRY = T('Kuivat elintarvikkeet', { st: 'dry', o: 'Suomi' }, [
  M('Pasta, riisi ja nuudelit', {
    staple: true,
    d: ['{P} kypsyy nopeasti ja sopii moneen ruokaan.', 'Laadukas {p} on keittiön perustuote.', '{P} on helppo ja edullinen arkiruoan pohja.'],
  }, [
    L('Pastat', ['spagetti', 'makaroni', 'täysjyväpasta', 'fusilli pasta', 'penne pasta', 'tagliatelle pasta', 'lasagnelevyt', 'farfalle pasta', 'pasta gluteeniton'],
      { nut: 'pasta', b: 'Barilla;De Cecco;Myllyn Paras;Pirkka;Rainbow;X-tra;Combino', s: '500 g;1 kg;400 g', ppu: [1.5, 5], o: 'Italia;Suomi', i: 'Durumvehnäsuurimo, vesi', n: 24 }),
    L('Riisit', ['jasmiiniriisi', 'basmatiriisi', 'pitkäjyväinen riisi', 'täysjyväriisi', 'risottoriisi', P('puuroriisi', { b: 'Risella;Pirkka;Rainbow' }), 'keitinpussiriisi'],
      { nut: 'rice', b: "Tilda;Uncle Ben's;Risella;Pirkka;Rainbow;X-tra;Golden Sun", s: '1 kg;500 g;2 kg;4 x 125 g', ppu: [2, 6], o: 'Thaimaa;Intia;Italia', i: '{P}', n: 22 }),
    L('Nuudelit', 'nuudelit kana;nuudelit kasvis;munanuudelit;riisinuudelit;udon-nuudelit;pikanuudelit curry',
      { nut: 'noodles', b: 'Blue Dragon;Mama;Nissin;Pirkka;Rainbow;Vitasia', s: '85 g;250 g;300 g;5 x 60 g', ppu: [3, 10], o: 'Thaimaa;Kiina;Vietnam', i: 'Vehnäjauho, palmuöljy, suola, mausteseos', staple: false, n: 14 }),
  ]),
  M('Jauhot ja leivonta', {
    d: ['{P} onnistuu leivonnassa aina.', 'Kotimainen {p} leipiin, pullaan ja piirakoihin.', '{P} on leipojan perustarvike.'],
  }, [
    L('Jauhot', 'vehnäjauho;erikoisvehnäjauho;ruisjauho;grahamjauho;kaurajauho;gluteeniton jauhoseos;sämpyläjauho;puolikarkea ruisjauho',
      { nut: 'flour', b: 'Myllyn Paras;Fazer;Helsingin Mylly;Pirkka;Rainbow;X-tra', s: '2 kg;1 kg', ppu: [0.6, 3], i: '{P}', staple: true, n: 16 }),
    L('Sokerit', 'hienosokeri;taloussokeri;fariinisokeri;tomusokeri;ruokosokeri;hillosokeri', { nut: 'sugar', b: 'Dansukker;Pirkka;Rainbow;X-tra', s: '1 kg;2 kg;500 g', ppu: [1, 4], i: 'Sokeri', staple: true, n: 12 }),
    L('Leivontatarvikkeet', [
      P('leivinjauhe', { s: '100 g;200 g', ppu: [15, 25] }), P('vaniljasokeri', { s: '80 g;200 g', ppu: [18, 30] }), P('kaakaojauhe', { s: '200 g;400 g', ppu: [14, 24] }),
      P('ruokasooda', { s: '100 g', ppu: [12, 20] }), P('perunajauho', { s: '500 g;1 kg', ppu: [2.5, 4] }), P('kuivahiiva', { s: '3 x 11 g', ppu: [25, 40] }),
    ], { nut: 'baking', b: 'Dr. Oetker;Meira;Fazer;Suomen Hiiva;Pirkka;Rainbow', i: '{P}', n: 12 }),
  ]),
  M('Aamiaismurot ja puurot', {
    d: ['{P} on hyvä alku päivälle.', 'Täysjyväinen {p} pitää nälän loitolla pitkään.', '{P} maistuu marjojen ja maidon kanssa.'],
  }, [
    L('Kaurahiutaleet', ['kaurahiutale', 'täysjyväkaurahiutale', 'isot kaurahiutaleet', 'luomukaurahiutale', '5-viljan hiutale', 'ruishiutale', P('Vaalea kaurahiutale', { b: 'Elovena' })],
      { nut: 'oats', b: 'Elovena;Myllyn Paras;Fazer;Pirkka;Rainbow;X-tra;Crownfield', s: '1 kg;500 g;750 g', ppu: [1, 4], i: '{P}', staple: true, n: 16 }),
    L('Murot ja myslit', 'cornflakes;suklaamurot;kaurapohjainen mysli;marjamysli;granola;muropalat;täysjyvämurot',
      { nut: 'cereal', b: "Kellogg's;Nestlé;Elovena;Fazer;Pirkka;Rainbow;Crownfield", s: '375 g;500 g;750 g', ppu: [4, 12], i: 'Täysjyväkaura, sokeri, maissi, kasviöljy, suola, vitamiinit', n: 18 }),
    L('Pikapuurot', 'kaurapuuro mustikka;pikapuuro omena-kaneli;puuropussi;riisipuuro pikapuuro;kaurapuuro vadelma', { nut: 'oats', b: 'Elovena;Fazer;Pirkka;Rainbow;Crownfield', s: '6 x 35 g;8 x 30 g;40 g', ppu: [8, 15], i: 'Kaurahiutale, sokeri, kuivattu marja, suola', n: 12 }),
  ]),
  M('Säilykkeet ja hillot', {
    d: ['{P} on ruokakaapin perustuote.', '{P} sopii kastikkeisiin, keittoihin ja pataruokiin.', 'Kätevä {p} säilyy avaamattomana pitkään.'],
  }, [
    L('Tomaattisäilykkeet', 'tomaattimurska;kuoritut tomaatit;tomaattipyree;passata;tomaattimurska yrtit;tomaattimurska valkosipuli',
      { nut: 'cannedtomato', b: 'Mutti;Cirio;Pirkka;Rainbow;X-tra;Baresa', s: '400 g;390 g;500 g;200 g', ppu: [1.5, 5], o: 'Italia', i: 'Tomaatti, tomaattimehu, happamuudensäätöaine (sitruunahappo)', staple: true, n: 16 }),
    L('Papu- ja maissisäilykkeet', 'kidneypavut;kikherneet;mustapavut;maissi;valkoiset pavut tomaattikastikkeessa;linssit',
      { nut: 'beans', b: 'Bonduelle;Heinz;Felix;Green Giant;Pirkka;Rainbow;X-tra;Freshona', s: '380 g;400 g;340 g;3 x 150 g', ppu: [2, 6], i: '{P}, vesi, suola', n: 18 }),
    L('Hillot ja marmeladit', 'mansikkahillo;vadelmahillo;appelsiinimarmeladi;puolukkahillo;mustikkahillo;luumuhillo',
      { nut: 'jam', b: 'Felix;Dronningholm;Bonne Maman;Pirkka;Rainbow;Kotimaista', s: '400 g;300 g;650 g', ppu: [4, 12], i: 'Marjat (45 %), sokeri, vesi, hyytelöimisaine (pektiini), happamuudensäätöaine (sitruunahappo)', n: 14 }),
  ]),
  M('Mausteet, kastikkeet ja öljyt', {
    d: ['{P} antaa ruoalle makua.', '{P} on keittiön perustuote.', 'Monipuolinen {p} sopii arkiruokaan ja grilliin.'],
  }, [
    L('Mausteet', [
      P('mustapippuri rouhittu', { s: '50 g;100 g' }), P('grillimauste', { s: '60 g;100 g' }), P('suola', { s: '1 kg;500 g', ppu: [0.5, 1.5] }),
      P('sormisuola', { s: '250 g', ppu: [8, 20] }), P('paprikajauhe', { s: '50 g' }), P('kanelijauhe', { s: '40 g;100 g' }), P('currymauste', { s: '50 g' }), P('oregano', { s: '10 g' }), P('valkosipulirae', { s: '60 g' }),
    ], { nut: null, b: 'Santa Maria;Meira;Jozo;Pirkka;Rainbow', ppu: [25, 60], i: '{P}', n: 18 }),
    L('Ketsupit, sinapit ja majoneesit', [
      P('tomaattiketsuppi', { nut: 'sauce' }), P('ketsuppi vähemmän sokeria', { nut: 'sauce' }), P('sinappi', { nut: 'sauce' }), P('tulinen sinappi', { nut: 'sauce' }),
      P('majoneesi', { nut: 'mayo' }), P('kevytmajoneesi', { nut: 'mayo' }), P('aioli', { nut: 'mayo' }), P('Turun sinappi', { b: 'Turun Sinappi', raw: true, nut: 'sauce' }),
    ], { b: "Heinz;Felix;Hellmann's;Pirkka;Rainbow;Kotimaista", s: '500 g;1 kg;300 g;350 g', ppu: [3, 8], i: 'Tomaatti, sokeri, etikka, suola, mausteet', n: 18 }),
    L('Pastakastikkeet ja valmiskastikkeet', 'pastakastike tomaatti-basilika;pastakastike arrabbiata;pestokastike;tomaattikastike;pippurikastike;bearnaisekastike;carbonarakastike',
      { nut: 'pastasauce', b: 'Dolmio;Barilla;Bertolli;Knorr;Felix;Pirkka;Rainbow;Baresa', s: '500 g;400 g;190 g;350 g', ppu: [4, 12], i: 'Tomaatti, tomaattipyree, sipuli, auringonkukkaöljy, sokeri, suola, basilika', n: 18 }),
    L('Öljyt ja etikat', [
      P('rypsiöljy', { ppu: [2.5, 5], b: 'Keiju;Pirkka;Rainbow;X-tra' }), P('oliiviöljy extra virgin', { ppu: [9, 18], o: 'Italia;Espanja;Kreikka' }), P('oliiviöljy', { ppu: [7, 14], o: 'Italia;Espanja' }),
      P('seesamiöljy', { s: '250 ml', ppu: [14, 24] }), P('auringonkukkaöljy', { ppu: [2.5, 5] }), P('balsamietikka', { s: '250 ml;0,5 l', ppu: [6, 14], nut: null, o: 'Italia' }), P('väkiviinaetikka', { ppu: [1.5, 4], nut: null }),
    ], { nut: 'oil', b: 'Bertolli;Carapelli;Felix;Pirkka;Rainbow;Eridanous', s: '1 l;0,5 l;0,75 l', i: '{P}', n: 18 }),
  ]),
]);
