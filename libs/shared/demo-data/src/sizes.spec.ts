import { parseSize } from './index';

describe('parseSize', () => {
  it.each([
    ['Valio rasvaton maito 1 l', 1, 'l'],
    ['Arla Luomu kevytmaito 1,5 l', 1.5, 'l'],
    ['Valio kuohukerma 2 dl', 0.2, 'l'],
    ['Marli omenatäysmehu 330 ml', 0.33, 'l'],
    ['Olvi alkoholiton olut 6 x 0,33 l', 1.98, 'l'],
    ['Juustoportti Juusto 500 g', 0.5, 'kg'],
    ['Oululainen Reissumies 4 kpl 280 g', 0.28, 'kg'],
    ['Karhu III olut 4,6 % 0,5 l', 0.5, 'l'],
    ['Kotimaista kananmunat 10 kpl', 10, 'kpl'],
    ['Pampers housuvaipat koko 5 36 kpl', 36, 'kpl'],
    ['Lambi WC-paperi 3-kerroksinen 8 rl', 8, 'kpl'],
    ['Myllyn Paras vehnäjauho 2 kg', 2, 'kg'],
  ])('%s', (name, quantity, unit) => {
    const parsed = parseSize(name)!;
    expect(parsed.unit).toBe(unit);
    expect(parsed.quantity).toBeCloseTo(quantity, 6);
  });

  it('returns null for loose goods and sizes without a unit', () => {
    expect(parseSize('Chiquita banaani')).toBeNull();
    expect(parseSize('Pirkka leivinpaperi 10 m')).toBeNull();
  });
});
