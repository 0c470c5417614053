/** @jest-environment node */
import type { Category, Item } from '../app/models';
import { firstScreenNeeds, moveInlineStyles, renderFirstScreen } from './first-screen';

const CATEGORIES: Category[] = [
  { id: 1, name: 'Maito, juusto, munat & rasvat', slug: 'maito-juusto-munat-ja-rasvat', parentCategoryId: null },
  { id: 2, name: 'Maidot', slug: 'maidot', parentCategoryId: 1 },
];

const ITEM: Item = {
  id: 38,
  name: 'Juustoportti tilamaito 0,5 l',
  urlSlug: 'juustoportti-tilamaito-0-5-l',
  pictureUrl: '/images/items/38.webp',
  brandName: 'Juustoportti',
  originCountry: 'Suomi',
  description: 'Kotimainen tilamaito.',
  ingredients: 'Täysmaito',
  nutritionalContent: null,
  itemCategories: [{ category: CATEGORIES[0] }, { category: CATEGORIES[1] }],
  storeItems: [],
};

/** The text of the markup, as a reader sees it. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

describe('a new visitor\'s first screen rendered on the server', () => {
  it('is there for the shopper pages, with the data each needs, and for nothing else', () => {
    expect(firstScreenNeeds('/')).toEqual({ categories: false, itemId: null });
    for (const page of ['/haku', '/kaupat', '/ostoskorivertailu/', '/tietoa']) expect(firstScreenNeeds(page)).toEqual({ categories: false, itemId: null });
    expect(firstScreenNeeds('/kategoria/maito-juusto-munat-ja-rasvat/maidot')).toEqual({ categories: true, itemId: null });
    expect(firstScreenNeeds('/tuotteet/juustoportti-tilamaito-0-5-l-38')).toEqual({ categories: false, itemId: 38 });
    for (const page of ['/tuotteet/ei-numeroa', '/kaupat/prisma-kamppi-1', '/app/login', '/hintakartta', '/kategoria/a/b/c/d', '/index.html']) {
      expect(firstScreenNeeds(page)).toBeNull();
    }
  });

  it('renders the home page with its heading and introduction, and the store picker as a new visitor sees it', async () => {
    const screen = await renderFirstScreen('/');
    expect(text(screen.html)).toContain('Vertaile ruoan hintoja ja löydä edullisin kauppa');
    expect(text(screen.html)).toContain('Tervetuloa Hintakoriin! Hintakori vertailee ruokaostosten hintoja');
    expect(text(screen.html)).toContain('Valitse kaupat, joiden hintoja haluat vertailla.');
    // The shell: the bar with the menu, the page in <main>, the footer.
    expect(screen.html).toMatch(/<main id="main"/);
    expect(screen.html).toContain('aria-label="Avaa valikko"');
    // Every class the markup uses has its rules in the styles.
    const classes = new Set([...screen.html.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1].split(' ')));
    const styled = [...classes].filter((name) => !name.startsWith('sc-') && !['label', 'names', 'store-toggle', 'store-details', 'geo-label'].includes(name));
    expect(styled.length).toBeGreaterThan(10);
    for (const name of styled) expect(screen.css).toContain(`.${name}`);
  });

  it('puts no inline style attribute into the markup (the site\'s CSP allows none), but keeps their rules', async () => {
    const screen = await renderFirstScreen('/tuotteet/juustoportti-tilamaito-0-5-l-38', { item: ITEM });
    expect(screen.html).not.toMatch(/ style="/);
    expect(screen.html).toContain('data-fs-style="0"');
    expect(screen.css).toContain('[data-fs-style="0"]{margin-top:16px !important}');
  });

  it('renders the product page with its name and its picture, loaded at once', async () => {
    const screen = await renderFirstScreen('/tuotteet/juustoportti-tilamaito-0-5-l-38', { item: ITEM });
    expect(screen.html).toContain('<h1>Juustoportti tilamaito 0,5 l</h1>');
    expect(screen.html).toMatch(/<img[^>]*src="\/images\/items\/38[^"]*"[^>]*alt="Juustoportti tilamaito 0,5 l"/);
    expect(screen.html).toMatch(/<img[^>]*loading="eager"[^>]*fetchPriority="high"|<img[^>]*fetchPriority="high"[^>]*loading="eager"/i);
    expect(text(screen.html)).toContain('Maidot');
    // Without the product the page is still waiting for it: no name.
    expect(await renderFirstScreen('/tuotteet/juustoportti-tilamaito-0-5-l-38')).not.toHaveProperty('html', expect.stringContaining('<h1>Juustoportti'));
  });

  it('names the category in the heading from the category list, and asks a new visitor to choose stores', async () => {
    const screen = await renderFirstScreen('/kategoria/maito-juusto-munat-ja-rasvat/maidot', { categories: CATEGORIES });
    expect(screen.html).toMatch(/<h1[^>]*>Maidot<\/h1>/);
    expect(text(screen.html)).toContain('Maito, juusto, munat & rasvat');
    expect(text(screen.html)).toContain('Valitse ensin kaupat');
  });

  it('shows the search text in the search box of the search page', async () => {
    const screen = await renderFirstScreen('/haku?search=t%C3%A4ysmaito%20%22luomu%22');
    expect(screen.html).toMatch(/<input type="search" aria-label="Hae tuotteita"[^>]*value="täysmaito &quot;luomu&quot;"/);
    expect(text(screen.html)).toContain('Valitse ensin kaupat');
  });

  it('turns style attributes into rules, decoding what the attribute escaped', () => {
    const moved = moveInlineStyles('<p style="margin:0;font-family:&quot;A&quot;">a</p><p style="margin:0;font-family:&quot;A&quot;">b</p><p style="color:red">c</p>');
    expect(moved.html).toBe('<p data-fs-style="0">a</p><p data-fs-style="0">b</p><p data-fs-style="1">c</p>');
    expect(moved.css).toBe('[data-fs-style="0"]{margin:0 !important;font-family:"A" !important}[data-fs-style="1"]{color:red !important}');
  });
});
