import { L, M, T } from '../catalog-types';

const READY_BRANDS = 'Saarioinen;Atria;HK;Pirkka;Rainbow;Kokkikartano;Chef Select';

export const READY = T('Valmisruoat', { st: 'cold', o: 'Suomi', nut: 'readymeal', b: READY_BRANDS }, [
  M(
    'Laatikot, keitot ja ateriat',
    {
      d: [
        '{P} on valmis lämmitettäväksi mikrossa tai uunissa.',
        'Kotiruoan makuinen {p} kiireiseen arkeen.',
        '{P} on valmistettu suomalaisista raaka-aineista.',
        'Helppo ja maukas {p} lounaaksi tai päivälliseksi.',
      ],
    },
    [
      L('Laatikkoruoat', 'makaronilaatikko;maksalaatikko;kaalilaatikko;jauhelihaperunasoselaatikko;lasagne;kinkkukiusaus;lohilaatikko;janssonin kiusaus', {
        s: '400 g;1 kg;300 g;600 g',
        ppu: [4, 9],
        staple: true,
        i: 'Vesi, makaroni (durumvehnä), naudanliha, maito, kananmuna, sipuli, suola, mustapippuri',
        n: 22,
      }),
      L('Keitot', 'jauhelihakeitto;lihakeitto;lohikeitto;hernekeitto;kanakeitto;kermainen tomaattikeitto;siskonmakkarakeitto;kasviskeitto', {
        nut: 'soup',
        b: 'Saarioinen;Atria;HK;Jalostaja;Pirkka;Rainbow;Kokkikartano',
        s: '300 g;400 g;500 g;1 kg',
        ppu: [3, 8],
        i: 'Vesi, peruna, porkkana, liha (15 %), sipuli, suola, mausteet',
        n: 20,
      }),
      L('Pasta- ja riisiateriat', 'kanapasta;pasta bolognese;pasta carbonara;kanacurry ja riisi;jauhelihapasta;lohipasta;kana tikka masala ja riisi', {
        b: 'Saarioinen;Atria;HK;Apetit;Pirkka;Rainbow;Kokkikartano',
        s: '300 g;350 g;400 g',
        ppu: [7, 14],
        i: 'Keitetty pasta (durumvehnä, vesi), broileri (20 %), kerma, vesi, juusto, suola, mausteet',
        n: 18,
      }),
    ],
  ),
  M(
    'Salaatit ja voileivät',
    {
      d: ['{P} on raikas ja täyttävä lounas.', '{P} on valmistettu tänään.', 'Kätevä {p} mukaan töihin tai kouluun.'],
    },
    [
      L('Valmissalaatit', 'kanasalaatti;pastasalaatti;perunasalaatti;rosolli;katkarapusalaatti;vuohenjuustosalaatti;kreikkalainen salaatti;kinkkusalaatti', {
        nut: 'salad',
        s: '250 g;300 g;400 g;200 g',
        ppu: [6, 16],
        i: 'Salaatti, tomaatti, kurkku, broileri, pasta, kastike (rypsiöljy, vesi, etikka, sokeri, suola)',
        n: 18,
      }),
      L('Voileivät ja wrapit', 'kinkkujuustovoileipä;kanavoileipä;kanawrap;lohivoileipä;kasviswrap;täytetty patonki kinkku-juusto;kerrosvoileipä kana', {
        nut: 'sandwich',
        b: 'Fazer;Atria;Saarioinen;Pirkka;Rainbow;Chef Select',
        s: '170 g;200 g;230 g;180 g',
        ppu: [12, 25],
        i: 'Vehnäleipä, kinkku, juusto, salaatti, majoneesi, kurkku',
        n: 14,
      }),
    ],
  ),
  M(
    'Jääkaappipizzat ja piiraat',
    {
      nut: 'pizza',
      d: ['{P} lämpenee uunissa hetkessä.', 'Rapeapohjainen {p} on herkullinen iltapala.', '{P} on valmis syötäväksi myös kylmänä.'],
    },
    [
      L('Jääkaappipizzat', 'kinkkupizza;kebabpizza;margherita pizza;pepperonipizza;broileri-ananaspizza;fantasiapizza', {
        s: '350 g;400 g;200 g',
        ppu: [6, 12],
        i: 'Vehnäjauho, vesi, tomaattikastike, juusto (18 %), kinkku, hiiva, rypsiöljy, suola',
      }),
      L('Lihapiirakat ja piiraat', 'lihapiirakka;riisi-lihapiirakka;kinkkupiiras;kasvispiiras;lohipiiras;pasteija', {
        s: '2 kpl 240 g;400 g;800 g',
        ppu: [5, 12],
        i: 'Vehnäjauho, vesi, riisi, naudanliha, rypsiöljy, sipuli, suola, hiiva',
      }),
    ],
  ),
  M(
    'Lihapullat ja pihvit',
    {
      nut: 'meatball',
      b: 'Atria;HK;Saarioinen;Snellman;Pirkka;Rainbow;Kotimaista',
      d: [
        '{P} ovat valmiiksi kypsiä, lämmitä pannulla tai mikrossa.',
        'Mehevät {p} perunamuusin kanssa ovat kotiruoan klassikko.',
        '{P} sopivat myös eväsleivän väliin.',
      ],
    },
    [
      L('Lihapullat', 'lihapullat;kotitekoiset lihapullat;broilerin lihapullat;pienet lihapullat;kalkkunapullat', {
        s: '350 g;500 g;1 kg;300 g',
        ppu: [6, 14],
        i: 'Naudanliha, sianliha, vesi, korppujauho, sipuli, kananmuna, suola, mausteet',
        staple: true,
      }),
      L('Jauhelihapihvit', 'jauhelihapihvit;naudan jauhelihapihvit;hampurilaispihvit;kanapihvit;sipulipihvit;jauhelihapihvit juusto', {
        s: '300 g;400 g;640 g;8 x 90 g',
        ppu: [7, 15],
        i: 'Naudanliha (80 %), vesi, korppujauho, sipuli, suola, mustapippuri',
      }),
      L('Kebabit ja gyrot', 'kebabsuikale;gyros;pulled pork;broilerin kebabsuikale;kebabliha', {
        s: '250 g;300 g;500 g',
        ppu: [10, 20],
        i: 'Liha (85 %), vesi, mausteet, suola, rypsiöljy',
        n: 12,
      }),
    ],
  ),
]);
