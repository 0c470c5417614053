import type { Category, Item } from '../../app/models';
import { aisleOf, groupByAisle, readTicks, ticksKey, writeTicks } from './shopping-list';

const cat = (id: number, name: string, parentCategoryId: number | null = null): Category => ({ id, name, slug: `c${id}`, parentCategoryId });
const CATEGORIES = [
  cat(1, 'Maito, juusto, munat ja rasvat'),
  cat(2, 'Hedelmät ja vihannekset'),
  cat(3, 'Leivät, keksit ja leivonnaiset'),
  cat(4, 'Liha ja kasviproteiinit'),
  cat(5, 'Pakasteet'),
  cat(6, 'Koti ja puhtaus'),
  cat(7, 'Kuivat elintarvikkeet'),
  cat(11, 'Maidot', 1),
  cat(111, 'Rasvattomat maidot', 11),
  cat(21, 'Omenat', 2),
  cat(31, 'Ruisleivät', 3),
  cat(41, 'Jauhelihat', 4),
  cat(51, 'Pakastepizzat', 5),
  cat(61, 'Pesuaineet', 6),
  cat(71, 'Pastat', 7),
];

const line = (name: string, categoryId: number | null): Pick<Item, 'name' | 'itemCategories'> & { id: number } => ({
  id: categoryId ?? 0,
  name,
  itemCategories: categoryId === null ? null : [{ category: CATEGORIES.find((c) => c.id === categoryId) as Category }],
});

describe('shopping list grouping', () => {
  it('orders the sections as a shopper walks: produce, bakery, dairy, meat, dry goods, frozen, household', () => {
    const lines = [
      line('Pesuaine', 61),
      line('Pizza', 51),
      line('Maito', 111),
      line('Pasta', 71),
      line('Jauheliha', 41),
      line('Ruisleipä', 31),
      line('Omena', 21),
    ];
    const groups = groupByAisle(lines, CATEGORIES);
    expect(groups.map((g) => g.id)).toEqual(['produce', 'bakery', 'dairy', 'meat', 'dry', 'frozen', 'household']);
    expect(groups.map((g) => g.lines.map((l) => l.name))).toEqual([['Omena'], ['Ruisleipä'], ['Maito'], ['Jauheliha'], ['Pasta'], ['Pizza'], ['Pesuaine']]);
  });

  it('finds the section from the item category alone when the category list is not loaded', () => {
    expect(aisleOf(line('Omena', 21), [])).toBe('other');
    expect(aisleOf({ name: 'Omena', itemCategories: [{ category: cat(2, 'Hedelmät ja vihannekset') }] }, [])).toBe('produce');
  });

  it("puts lines without a known category last under 'Muut', keeping the cart order inside a section", () => {
    const groups = groupByAisle([line('Tuntematon', null), line('Maito', 111), line('Rasvaton maito', 111)], CATEGORIES);
    expect(groups.map((g) => g.name)).toEqual(['Maito, juusto ja munat', 'Muut']);
    expect(groups[0].lines.map((l) => l.name)).toEqual(['Maito', 'Rasvaton maito']);
  });
});

describe('ticks', () => {
  beforeEach(() => localStorage.clear());

  it('are kept per cart', () => {
    writeTicks('cart-a', [1, 2, 3]);
    writeTicks('cart-b', [9]);
    expect(readTicks('cart-a')).toEqual([1, 2, 3]);
    expect(readTicks('cart-b')).toEqual([9]);
    expect(readTicks('cart-c')).toEqual([]);
  });

  it('ignore damaged stored values', () => {
    localStorage.setItem(ticksKey('cart-a'), '{"not":"a list"}');
    expect(readTicks('cart-a')).toEqual([]);
    localStorage.setItem(ticksKey('cart-a'), '[1,"x",2]');
    expect(readTicks('cart-a')).toEqual([1, 2]);
  });
});
