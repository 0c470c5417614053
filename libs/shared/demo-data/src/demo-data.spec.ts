import { CHAINS, generateDemoData, isValidEan13, parseSize, slugify, writeDemoFeed, type ChainId, type DemoData, type DemoPrice } from './index';
import { hashString } from './lib/prng';

const TODAY = '2026-12-20';
const DAY = 86_400_000;
// 00:00 Europe/Helsinki (UTC+2 in December) on TODAY.
const TODAY_START = Date.parse('2026-12-19T22:00:00.000Z');
const ALL_CHAINS = Object.keys(CHAINS) as ChainId[];

/** Order-sensitive fingerprint of everything a data set contains, prices streamed. */
function fingerprint(data: DemoData): string {
  let h = hashString(JSON.stringify([data.stores, data.categories, data.items, data.offers, data.priceCount]));
  for (const p of data.prices()) h = hashString(`${h}|${JSON.stringify(p)}`);
  return h.toString(16);
}

describe('generateDemoData (full set)', () => {
  let data: DemoData;
  let prices: DemoPrice[];

  beforeAll(() => {
    data = generateDemoData({ today: TODAY });
    prices = [...data.prices()];
  });

  describe('determinism', () => {
    it('gives identical output for the same seed and today', () => {
      expect(fingerprint(generateDemoData({ today: TODAY }))).toBe(fingerprint(data));
    });

    it('gives different stores, items and prices for a different seed', () => {
      const other = generateDemoData({ seed: 42, today: TODAY });
      expect(JSON.stringify(other.stores)).not.toBe(JSON.stringify(data.stores));
      expect(JSON.stringify(other.items)).not.toBe(JSON.stringify(data.items));
      expect(fingerprint(other)).not.toBe(fingerprint(data));
    });

    it('keeps stores, categories and items stable when only today changes', () => {
      const later = generateDemoData({ today: '2027-03-01' });
      expect(later.items).toEqual(data.items);
      expect(later.categories).toEqual(data.categories);
      expect(later.stores.map((s) => [s.id, s.name, s.lat, s.long])).toEqual(data.stores.map((s) => [s.id, s.name, s.lat, s.long]));
      expect(later.priceCount).toBe(data.priceCount);
    });

    it('streams the same prices on every call to prices()', () => {
      const again = [...data.prices()];
      expect(again.length).toBe(prices.length);
      expect(again[1234]).toEqual(prices[1234]);
      expect(again[again.length - 1]).toEqual(prices[prices.length - 1]);
    });

    it('rejects an invalid today', () => {
      expect(() => generateDemoData({ today: '2026-02-30' })).toThrow(/today/);
      expect(() => generateDemoData({ today: '20.12.2026' })).toThrow(/today/);
    });
  });

  describe('stores', () => {
    it('has at least 160 stores of all eleven chains in at least 8 towns', () => {
      expect(data.stores.length).toBeGreaterThanOrEqual(160);
      expect(new Set(data.stores.map((s) => s.chain))).toEqual(new Set(ALL_CHAINS));
      expect(new Set(data.stores.map((s) => s.city)).size).toBeGreaterThanOrEqual(8);
      for (const city of ['Helsinki', 'Espoo', 'Vantaa', 'Tampere', 'Turku', 'Oulu', 'Jyväskylä', 'Lahti', 'Kuopio']) {
        expect(data.stores.some((s) => s.city === city)).toBe(true);
      }
    });

    it('has ids 1..n and unique names, slugs and external ids', () => {
      expect(data.stores.map((s) => s.id)).toEqual(data.stores.map((_, i) => i + 1));
      for (const key of ['name', 'urlSlug', 'externalId'] as const) {
        expect(new Set(data.stores.map((s) => s[key])).size).toBe(data.stores.length);
      }
      for (const s of data.stores) expect(s.urlSlug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    });

    it('names stores after their chain, with slug = slugify(name)', () => {
      for (const s of data.stores) {
        expect(s.name.startsWith(`${CHAINS[s.chain].displayName} `)).toBe(true);
        expect(s.urlSlug).toBe(slugify(s.name));
        expect(s.type).toBe(CHAINS[s.chain].type);
      }
    });

    it('uses the chains’ own external id formats, Finnish postal codes and street addresses', () => {
      for (const s of data.stores) {
        const expected = s.type === 'S' ? /^\d{9}$/ : s.type === 'K' ? /^N\d{3,4}$/ : /^FI\d{4}$/;
        expect(s.externalId).toMatch(expected);
        expect(s.postalCode).toMatch(/^\d{5}$/);
        expect(s.address).toMatch(/^\p{Lu}[\p{L} .-]+ \d{1,3}$/u);
      }
    });

    it('places every store inside Finland and fills the default map of central Helsinki', () => {
      for (const s of data.stores) {
        expect(s.lat).toBeGreaterThan(59.7);
        expect(s.lat).toBeLessThan(70.1);
        expect(s.long).toBeGreaterThan(19.4);
        expect(s.long).toBeLessThan(31.6);
      }
      const central = data.stores.filter((s) => s.lat >= 60.15 && s.lat <= 60.23 && s.long >= 24.85 && s.long <= 25.05);
      expect(central.length).toBeGreaterThanOrEqual(60);
      expect(new Set(central.map((s) => s.chain)).size).toBeGreaterThanOrEqual(8);
    });

    it('has seven weekly entries per store with plausible hours and at least five 24 h stores', () => {
      for (const s of data.stores) {
        expect(s.weeklyHours.map((h) => h.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
        for (const h of s.weeklyHours) {
          if (h.isOpenAllDay) {
            expect(h.opens).toBeNull();
            expect(h.closes).toBeNull();
          } else {
            expect(h.opens).toMatch(/^\d{2}:\d{2}$/);
            expect(h.closes! > h.opens!).toBe(true);
          }
        }
      }
      const allDay = data.stores.filter((s) => s.weeklyHours.every((h) => h.isOpenAllDay));
      expect(allDay.length).toBeGreaterThanOrEqual(5);
      // Sunday is never longer than a weekday.
      for (const s of data.stores.filter((x) => !x.weeklyHours[0].isOpenAllDay)) {
        expect(s.weeklyHours[6].opens! >= s.weeklyHours[0].opens!).toBe(true);
      }
    });

    it('closes for Christmas Day and shortens Christmas Eve', () => {
      for (const s of data.stores.filter((x) => !x.weeklyHours.every((h) => h.isOpenAllDay) || !['abc', 'nokm'].includes(x.chain))) {
        const christmas = s.exceptions.find((e) => e.date === '2026-12-25');
        expect(christmas).toEqual({ date: '2026-12-25', opens: null, closes: null, isOpenAllDay: false, description: 'Joulupäivä' });
      }
      const eve = data.stores.map((s) => s.exceptions.find((e) => e.date === '2026-12-24'));
      expect(eve.every((e) => e && e.closes === '15:00' && e.description === 'Jouluaatto')).toBe(true);
      // Holidays are only listed for [today-1, today+30].
      const dates = data.stores.flatMap((s) => s.exceptions.map((e) => e.date));
      expect(dates.every((d) => d >= '2026-12-19' && d <= '2027-01-19')).toBe(true);
      expect(dates).toContain('2027-01-06');
      expect(dates).not.toContain('2027-04-02');
    });

    it('has store-specific exceptions in the coming week for about one store in ten', () => {
      const inWeek = (d: string) => d > TODAY && d <= '2026-12-26';
      const special = data.stores.filter((s) =>
        s.exceptions.some((e) => inWeek(e.date) && !['Jouluaatto', 'Joulupäivä', 'Tapaninpäivä'].includes(e.description!)),
      );
      expect(special.length).toBeGreaterThanOrEqual(Math.ceil(data.stores.length * 0.1));
      expect(special.length).toBeLessThanOrEqual(Math.ceil(data.stores.length * 0.2));
      const onDayTwo = data.stores.filter((s) => s.exceptions.some((e) => e.date === '2026-12-22'));
      expect(onDayTwo.length).toBeGreaterThan(5);
      expect(onDayTwo.some((s) => s.exceptions.some((e) => e.description === 'Inventaario'))).toBe(true);
      const closedDays = data.stores.flatMap((s) => s.exceptions).filter((e) => inWeek(e.date) && e.opens === null && e.description!.startsWith('Suljettu'));
      expect(closedDays.length).toBeGreaterThanOrEqual(3);
      // And one store (not open all day) is closed today, so the demo always shows "Suljettu".
      const closedToday = data.stores.filter((s) => s.exceptions.some((e) => e.date === TODAY && e.opens === null && e.description!.startsWith('Suljettu')));
      expect(closedToday.length).toBeGreaterThanOrEqual(1);
      for (const s of data.stores) {
        const dates = s.exceptions.map((e) => e.date);
        expect(new Set(dates).size).toBe(dates.length);
        expect([...dates].sort()).toEqual(dates);
      }
    });
  });

  describe('categories', () => {
    it('is a three-level tree with 10–12 roots, 3–6 children each and 2–5 grandchildren each', () => {
      const children = (id: number | null) => data.categories.filter((c) => c.parentCategoryId === id);
      const roots = children(null);
      expect(roots.length).toBeGreaterThanOrEqual(10);
      expect(roots.length).toBeLessThanOrEqual(12);
      for (const root of roots) {
        const mids = children(root.id);
        expect(mids.length).toBeGreaterThanOrEqual(3);
        expect(mids.length).toBeLessThanOrEqual(6);
        for (const mid of mids) {
          const leaves = children(mid.id);
          expect(leaves.length).toBeGreaterThanOrEqual(2);
          expect(leaves.length).toBeLessThanOrEqual(5);
          for (const leaf of leaves) expect(children(leaf.id)).toEqual([]);
        }
      }
      expect(roots.map((r) => r.name)).toEqual(expect.arrayContaining(['Maito, juusto, munat ja rasvat', 'Hedelmät ja vihannekset', 'Juomat']));
    });

    it('has ids 1..n and globally unique slugs', () => {
      expect(data.categories.map((c) => c.id)).toEqual(data.categories.map((_, i) => i + 1));
      expect(new Set(data.categories.map((c) => c.slug)).size).toBe(data.categories.length);
      for (const c of data.categories) expect(c.slug.startsWith(slugify(c.name))).toBe(true);
    });
  });

  describe('items', () => {
    it('has at least 2,200 items, each on a leaf category with the top-level picture', () => {
      expect(data.items.length).toBeGreaterThanOrEqual(2200);
      const byId = new Map(data.categories.map((c) => [c.id, c]));
      const parents = new Set(data.categories.map((c) => c.parentCategoryId));
      const misplaced = data.items.filter((item) => {
        const leaf = byId.get(item.categoryId);
        const mid = leaf && byId.get(leaf.parentCategoryId ?? -1);
        const root = mid && byId.get(mid.parentCategoryId ?? -1);
        return !leaf || parents.has(leaf.id) || !root || root.parentCategoryId !== null || item.pictureUrl !== `/images/products/${root.slug}.svg`;
      });
      expect(misplaced).toEqual([]);
      // Every leaf has products.
      const used = new Set(data.items.map((i) => i.categoryId));
      expect(data.categories.filter((c) => !parents.has(c.id)).every((c) => used.has(c.id))).toBe(true);
    });

    it('has unique ids, names, slugs and valid unique EAN-13 codes', () => {
      expect(data.items.map((i) => i.id)).toEqual(data.items.map((_, i) => i + 1));
      for (const key of ['name', 'urlSlug', 'ean'] as const) expect(new Set(data.items.map((i) => i[key])).size).toBe(data.items.length);
      expect(data.items.filter((i) => !isValidEan13(i.ean) || i.urlSlug !== slugify(i.name))).toEqual([]);
    });

    it('finds common search words in many product names', () => {
      const words = [
        'maito',
        'juusto',
        'leipä',
        'kahvi',
        'jogurtti',
        'banaani',
        'omena',
        'peruna',
        'kana',
        'jauheliha',
        'olut',
        'mehu',
        'pasta',
        'riisi',
        'suklaa',
      ];
      for (const word of words) {
        const hits = data.items.filter((i) => i.name.toLowerCase().includes(word)).length;
        expect({ word, hits: hits >= 15 }).toEqual({ word, hits: true });
      }
      expect(data.items.some((i) => /alkoholiton olut/.test(i.name))).toBe(true);
      expect(data.items.map((i) => i.name)).toEqual(expect.arrayContaining(['Oululainen Reissumies 4 kpl 280 g']));
    });

    it('has Finnish content: brands, origin, description, ingredients and nutrition rows', () => {
      const brands = new Set(data.items.map((i) => i.brandName));
      for (const brand of ['Valio', 'Arla', 'Fazer', 'Paulig', 'Atria', 'HK', 'Pirkka', 'Rainbow', 'Kotimaista', 'Milbona'])
        expect(brands.has(brand)).toBe(true);
      const origins = new Set(data.items.map((i) => i.originCountry));
      for (const origin of ['Suomi', 'Ruotsi', 'Saksa', 'Italia', 'Espanja']) expect(origins.has(origin)).toBe(true);
      expect(data.items.filter((i) => i.originCountry === 'Suomi').length).toBeGreaterThan(data.items.length / 2);
      const badText = data.items.filter((item) => {
        const sentences = item.description.replace(/Dr\. /g, 'Dr ').split(/(?<=\.)\s+/);
        return sentences.length < 1 || sentences.length > 3 || /[{}]/.test(item.description + item.ingredients);
      });
      expect(badText.map((i) => i.description)).toEqual([]);
      const milk = data.items.find((i) => /rasvaton maito 1 l$/.test(i.name))!;
      expect(milk.ingredients).toBe('Rasvaton maito, D-vitamiini');
      expect(milk.nutritionalContent.map((n) => n.name)).toEqual([
        'Energia',
        'Rasva',
        'josta tyydyttynyttä',
        'Hiilihydraatit',
        'josta sokereita',
        'Proteiini',
        'Suola',
      ]);
      expect(milk.nutritionalContent[0].value).toMatch(/^\d+ kJ \/ \d+ kcal$/);
      for (const row of milk.nutritionalContent.slice(1)) expect(row.value).toMatch(/^(<)?\d+(,\d)? g$/);
      const withRi = data.items.filter((i) => i.nutritionalContent[0]?.ri);
      expect(withRi.length).toBeGreaterThan(data.items.length / 3);
      expect(withRi[0].nutritionalContent[0].ri).toMatch(/^\d+ %$/);
      // Cleaning products have no nutrition table.
      expect(data.items.filter((i) => i.pictureUrl.endsWith('koti-ja-puhtaus.svg')).every((i) => i.nutritionalContent.length === 0)).toBe(true);
    });

    it('prices items realistically and sells loose produce by the kilo', () => {
      const median = (re: RegExp) => {
        const p = data.items
          .filter((i) => re.test(i.name))
          .map((i) => i.basePrice)
          .sort((a, b) => a - b);
        return p[Math.floor(p.length / 2)];
      };
      expect(median(/ (rasvaton maito|kevytmaito) 1 l$/)).toBeGreaterThanOrEqual(70);
      expect(median(/ (rasvaton maito|kevytmaito) 1 l$/)).toBeLessThanOrEqual(140);
      expect(median(/suodatinkahvi 500 g$/)).toBeGreaterThanOrEqual(500);
      expect(median(/suodatinkahvi 500 g$/)).toBeLessThanOrEqual(900);
      expect(median(/jauheliha.* 400 g$/)).toBeGreaterThanOrEqual(300);
      expect(median(/jauheliha.* 400 g$/)).toBeLessThanOrEqual(700);
      const loose = data.items.filter((i) => i.priceUnit === 'kg');
      expect(loose.length).toBeGreaterThan(30);
      expect(loose.every((i) => i.comparisonPriceUnit === 'kg' && parseSize(i.name) === null)).toBe(true);
      expect(data.items.filter((i) => /banaani$/i.test(i.name)).every((i) => i.priceUnit === 'kg')).toBe(true);
      const bad = data.items.filter(
        (i) => !(Number.isInteger(i.basePrice) && i.basePrice > 0) || (i.priceUnit === 'kpl' && (parseSize(i.name)?.unit ?? 'kpl') !== i.comparisonPriceUnit),
      );
      expect(bad).toEqual([]);
    });
  });

  describe('prices', () => {
    it('yields exactly priceCount prices, roughly 250k–330k, in store then item order', () => {
      expect(prices.length).toBe(data.priceCount);
      expect(data.priceCount).toBeGreaterThan(250_000);
      expect(data.priceCount).toBeLessThan(330_000);
      for (let i = 1; i < prices.length; i += 97) {
        const a = prices[i - 1];
        const b = prices[i];
        expect(a.storeId < b.storeId || (a.storeId === b.storeId && a.itemId < b.itemId)).toBe(true);
      }
    });

    it('has positive integer prices and comparison prices consistent with the package size', () => {
      const items = new Map(data.items.map((i) => [i.id, i]));
      for (const p of prices) {
        const item = items.get(p.itemId)!;
        if (!(Number.isInteger(p.price) && p.price > 0 && Number.isInteger(p.comparisonPrice) && p.comparisonPrice > 0)) {
          throw new Error(`bad price ${JSON.stringify(p)}`);
        }
        if (p.priceUnit !== item.priceUnit || p.comparisonPriceUnit !== item.comparisonPriceUnit) throw new Error(`unit mismatch ${JSON.stringify(p)}`);
      }
      const inconsistent = prices.filter((p, i) => {
        if (i % 10 !== 0) return false;
        const item = items.get(p.itemId)!;
        const expected = item.priceUnit === 'kg' ? p.price : p.price / (parseSize(item.name)?.quantity ?? 1);
        return Math.abs(p.comparisonPrice - expected) > 0.5;
      });
      expect(inconsistent).toEqual([]);
    });

    it('makes Lidl cheaper than K-Market on average for the same items', () => {
      const chainOf = new Map(data.stores.map((s) => [s.id, s.chain]));
      const avg = new Map<string, { sum: number; n: number }>();
      for (const p of prices) {
        const chain = chainOf.get(p.storeId)!;
        if (chain !== 'lidl' && chain !== 'kmarket') continue;
        const key = `${chain}:${p.itemId}`;
        const a = avg.get(key) ?? { sum: 0, n: 0 };
        a.sum += p.price;
        a.n++;
        avg.set(key, a);
      }
      let ratioSum = 0;
      let n = 0;
      for (const item of data.items) {
        const l = avg.get(`lidl:${item.id}`);
        const k = avg.get(`kmarket:${item.id}`);
        if (!l || !k) continue;
        ratioSum += l.sum / l.n / (k.sum / k.n);
        n++;
      }
      expect(n).toBeGreaterThan(300);
      expect(ratioSum / n).toBeLessThan(0.92);
    });

    it('lets stores miss items: Lidl carries about 40 %, others most but not all', () => {
      const perStore = new Map<number, number>();
      for (const p of prices) perStore.set(p.storeId, (perStore.get(p.storeId) ?? 0) + 1);
      for (const s of data.stores) {
        const share = (perStore.get(s.id) ?? 0) / data.items.length;
        if (s.chain === 'lidl') {
          expect(share).toBeGreaterThan(0.3);
          expect(share).toBeLessThan(0.5);
        } else {
          expect(share).toBeGreaterThan(0.6);
          expect(share).toBeLessThan(0.95);
        }
      }
      // Private labels stay in their own group: no Pirkka in S group stores, no Rainbow in K group stores.
      const typeOf = new Map(data.stores.map((s) => [s.id, s.type]));
      const brandOf = new Map(data.items.map((i) => [i.id, i.brandName]));
      for (const p of prices) {
        const brand = brandOf.get(p.itemId);
        if (brand === 'Pirkka' && typeOf.get(p.storeId) !== 'K') throw new Error(`Pirkka in store ${p.storeId}`);
        if (brand === 'Rainbow' && typeOf.get(p.storeId) !== 'S') throw new Error(`Rainbow in store ${p.storeId}`);
        if (brand === 'Milbona' && typeOf.get(p.storeId) !== 'L') throw new Error(`Milbona in store ${p.storeId}`);
      }
    });

    it('has about 5 % campaign prices, mostly fresh updates and about 7 % older than 14 days', () => {
      const campaign = prices.filter((p) => p.isCampaign).length / prices.length;
      expect(campaign).toBeGreaterThan(0.03);
      expect(campaign).toBeLessThan(0.08);
      let stale = 0;
      let fresh = 0;
      const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/;
      for (const p of prices) {
        const t = Date.parse(p.updatedAt);
        if (!iso.test(p.updatedAt)) throw new Error(`not an ISO UTC timestamp: ${p.updatedAt}`);
        if (t >= TODAY_START) throw new Error(`price updated in the future: ${p.updatedAt}`);
        if (t >= TODAY_START - 2 * DAY) fresh++;
        else if (t <= TODAY_START - 14 * DAY && t >= TODAY_START - 40 * DAY) stale++;
      }
      expect(fresh / prices.length).toBeGreaterThan(0.9);
      expect(stale / prices.length).toBeGreaterThan(0.05);
      expect(stale / prices.length).toBeLessThan(0.09);
      expect(fresh + stale).toBe(prices.length);
    });

    it('gives some S and K group campaign prices an earlier price 8–20 days before: real discounts and raised-then-cut ones', () => {
      let withHistory = 0;
      let real = 0;
      let notReal = 0;
      let campaigns = 0;
      data.stores.forEach((store, storeIndex) => {
        data.items.forEach((_, itemIndex) => {
          const current = data.priceAt(storeIndex, itemIndex);
          const earlier = data.earlierPriceAt(storeIndex, itemIndex);
          if (current?.isCampaign && store.type !== 'L') campaigns++;
          if (!earlier) return;
          if (!current) throw new Error('an earlier price without a current one');
          expect([store.type !== 'L', current.isCampaign, earlier.isCampaign]).toEqual([true, true, false]);
          expect([earlier.itemId, earlier.storeId]).toEqual([current.itemId, current.storeId]);
          const daysBefore = (Date.parse(current.updatedAt) - Date.parse(earlier.updatedAt)) / DAY;
          expect(daysBefore).toBeGreaterThanOrEqual(8);
          expect(daysBefore).toBeLessThanOrEqual(20);
          withHistory++;
          if (earlier.price > current.price) real++;
          else if (earlier.price === current.price) notReal++;
          else throw new Error(`earlier price ${earlier.price} below the campaign price ${current.price}`);
        });
      });
      expect(withHistory / campaigns).toBeGreaterThan(0.3);
      expect(withHistory / campaigns).toBeLessThan(0.5);
      expect(real / withHistory).toBeGreaterThan(0.4);
      expect(notReal / withHistory).toBeGreaterThan(0.4);
    });

    it('writes each pair\'s history into the feed before its current price, oldest first, 60 days back for the everyday products', () => {
      const lines: string[] = [];
      writeDemoFeed(data, 'k-group', (line) => lines.push(line));
      const records = lines.map((l) => JSON.parse(l) as { type: string; storeId?: string; ean?: string; fetchedAt?: string }).filter((r) => r.type === 'price');
      const storeIndex = data.stores.findIndex((s) => s.type === 'K');
      const store = data.stores[storeIndex];
      const timesOf = (itemIndex: number) => records.filter((r) => r.storeId === store.externalId && r.ean === data.items[itemIndex].ean).map((r) => r.fetchedAt);
      // A campaign price's earlier price.
      const campaign = data.items.findIndex((_, i) => data.earlierPriceAt(storeIndex, i) !== null);
      const campaignTimes = timesOf(campaign);
      expect(campaignTimes).toContain(data.earlierPriceAt(storeIndex, campaign)!.updatedAt);
      expect(campaignTimes.at(-1)).toBe(data.priceAt(storeIndex, campaign)!.updatedAt);
      // The longest history: an everyday product's, from 60 days ago.
      let longest = -1;
      data.items.forEach((_, i) => {
        const current = data.priceAt(storeIndex, i);
        if (current && (longest < 0 || data.historyAt(storeIndex, i, current).length > data.historyAt(storeIndex, longest, data.priceAt(storeIndex, longest)!).length)) longest = i;
      });
      const current = data.priceAt(storeIndex, longest)!;
      const history = data.historyAt(storeIndex, longest, current);
      expect(history.length).toBeGreaterThanOrEqual(2);
      const times = timesOf(longest);
      expect(times).toEqual([...history.map((p) => p.updatedAt), current.updatedAt]);
      expect([...times].sort()).toEqual(times);
      expect((Date.parse(current.updatedAt) - Date.parse(times[0]!)) / DAY).toBeGreaterThan(58);
      // Each store's feed carries as many earlier observations as pricesWithHistory has (plus the campaigns' earlier prices).
      const earlier = records.length - data.stores.reduce((n, s, si) => (s.type === 'K' ? n + data.items.filter((_, i) => data.priceAt(si, i)).length : n), 0);
      expect(earlier).toBeGreaterThan(0);
    });

    it('writes the Lidl articles\' history too: the article again with each earlier price, today\'s last', () => {
      const lines: string[] = [];
      writeDemoFeed(data, 'lidl', (line) => lines.push(line));
      const articles = lines.map((l) => JSON.parse(l) as { recordType: string; ean?: string; validFrom?: string }).filter((r) => r.recordType === 'article');
      const byEan = new Map<string, string[]>();
      for (const a of articles) byEan.set(a.ean!, [...(byEan.get(a.ean!) ?? []), a.validFrom!]);
      const longest = [...byEan.values()].reduce((a, b) => (b.length > a.length ? b : a));
      expect(longest.length).toBeGreaterThanOrEqual(3);
      expect([...longest].sort()).toEqual(longest);
      expect((Date.parse(longest.at(-1)!) - Date.parse(longest[0])) / DAY).toBeGreaterThan(58);
    });
  });

  describe('offers', () => {
    it('gives stores 0–8 offers of items they sell, with the item name and picture', () => {
      const sells = new Set(prices.map((p) => `${p.storeId}:${p.itemId}`));
      expect(data.offers.length).toBeGreaterThan(data.stores.length);
      const items = new Map(data.items.map((i) => [i.id, i]));
      const perStore = new Map<number, number>();
      for (const offer of data.offers) perStore.set(offer.storeId, (perStore.get(offer.storeId) ?? 0) + 1);
      const wrong = data.offers.filter(
        (o) => !sells.has(`${o.storeId}:${o.itemId}`) || o.name !== items.get(o.itemId)?.name || o.image !== items.get(o.itemId)?.pictureUrl,
      );
      expect(wrong).toEqual([]);
      expect(data.offers.map((o) => o.id)).toEqual(data.offers.map((_, i) => i + 1));
      expect(Math.max(...perStore.values())).toBeLessThanOrEqual(8);
      const without = data.stores.filter((s) => !perStore.has(s.id)).length;
      expect(without).toBeGreaterThan(0);
      expect(without).toBeLessThan(data.stores.length / 2);
    });
  });
});

describe('generateDemoData (small set)', () => {
  it('is much smaller but still covers every chain, every town and every leaf', () => {
    const small = generateDemoData({ today: TODAY, size: 'small' });
    expect(small.stores.length).toBeLessThan(100);
    expect(new Set(small.stores.map((s) => s.chain))).toEqual(new Set(ALL_CHAINS));
    expect(new Set(small.stores.map((s) => s.city)).size).toBeGreaterThanOrEqual(9);
    expect(small.items.length).toBeLessThan(600);
    const parents = new Set(small.categories.map((c) => c.parentCategoryId));
    const leaves = small.categories.filter((c) => !parents.has(c.id));
    expect(new Set(small.items.map((i) => i.categoryId)).size).toBe(leaves.length);
    expect([...small.prices()].length).toBe(small.priceCount);
  });

  it('uses the real Helsinki date when today is not given', () => {
    const data = generateDemoData({ size: 'small' });
    const dates = data.stores.flatMap((s) => s.exceptions.map((e) => e.date));
    const now = Date.now();
    for (const d of dates) {
      expect(Date.parse(`${d}T12:00:00Z`)).toBeGreaterThan(now - 3 * DAY);
      expect(Date.parse(`${d}T12:00:00Z`)).toBeLessThan(now + 32 * DAY);
    }
    expect(dates.length).toBeGreaterThan(0);
  });
});
