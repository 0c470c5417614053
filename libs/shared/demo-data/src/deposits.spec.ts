import { DEPOSIT_CENTS, demoDeposit, generateDemoData, writeDemoFeed, type DemoData } from './index';

describe('demo deposits (pantti)', () => {
  it('charges the Palpa rates by container: cans, plastic bottles by size, one deposit a container of a multipack', () => {
    expect(DEPOSIT_CENTS).toEqual({ can: 15, bottleUpTo035: 10, bottleUnder1: 20, bottleFrom1: 40 });
    expect(demoDeposit('Virvoitusjuomat', 'Limonadit ja kolat', 'Coca-Cola 0,33 l')).toBe(15);
    expect(demoDeposit('Virvoitusjuomat', 'Limonadit ja kolat', 'Coca-Cola 0,5 l')).toBe(20);
    expect(demoDeposit('Virvoitusjuomat', 'Kivennäisvedet', 'Vichy 1,5 l')).toBe(40);
    expect(demoDeposit('Virvoitusjuomat', 'Limonadit ja kolat', 'Pepsi 6 x 0,33 l')).toBe(90);
    expect(demoDeposit('Virvoitusjuomat', 'Energiajuomat', 'Battery 0,5 l')).toBe(15);
    expect(demoDeposit('Oluet ja siiderit', 'Oluet', 'Lager 12 x 0,33 l')).toBe(180);
    expect(demoDeposit('Mehut', 'Täysmehut', 'Appelsiinitäysmehu 1 l')).toBeNull();
    expect(demoDeposit('Kahvit', 'Suodatinkahvit', 'Juhla Mokka 500 g')).toBeNull();
  });

  describe('in a data set', () => {
    let data: DemoData;
    beforeAll(() => {
      data = generateDemoData({ today: '2026-12-20', size: 'small' });
    });

    it('puts deposits on drinks only, the same in every store, never in the price', () => {
      const byItem = new Map<number, Set<number | undefined>>();
      for (const price of data.prices()) {
        const seen = byItem.get(price.itemId) ?? new Set();
        seen.add(price.deposit);
        byItem.set(price.itemId, seen);
      }
      const drinks = data.items.filter((item) => [...(byItem.get(item.id) ?? [])].some((d) => d !== undefined));
      expect(drinks.length).toBeGreaterThan(5);
      for (const item of drinks) expect(byItem.get(item.id)?.size).toBe(1);
      const names = drinks.map((item) => item.name);
      expect(names.every((name) => / l$/.test(name))).toBe(true);
    });

    it('writes the deposits into each chain\'s feed in its own field', () => {
      const drink = [...data.prices()].find((p) => p.deposit !== undefined && data.stores.find((s) => s.id === p.storeId)?.type === 'S');
      expect(drink).toBeDefined();
      const lines: string[] = [];
      writeDemoFeed(data, 's-group', (line) => lines.push(line));
      const ean = data.items.find((item) => item.id === drink?.itemId)?.ean;
      const record = lines.map((line) => JSON.parse(line)).find((r) => r.__typename === 'StoreProduct' && r.ean === ean);
      expect(record.pricing.deposit).toBe((drink?.deposit ?? 0) / 100);
      const kLines: string[] = [];
      writeDemoFeed(data, 'k-group', (line) => kLines.push(line));
      expect(kLines.some((line) => line.includes('"deposit":'))).toBe(true);
      const lidl: string[] = [];
      writeDemoFeed(data, 'lidl', (line) => lidl.push(line));
      expect(lidl.some((line) => /"deposit":"0,\d\d"/.test(line) || /"deposit":"\d+,\d\d"/.test(line))).toBe(true);
    });
  });
});
