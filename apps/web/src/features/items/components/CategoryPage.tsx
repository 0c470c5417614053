import { useParams } from 'react-router-dom';
import { ErrorBox, Muted } from '@hintakori/web-ui';
import { useAppSelector, useSelectedStoreIds } from '../../../app/hooks';
import type { Category } from '../../../app/models';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { ShoppingHeader } from '../../../kit/header/ShoppingHeader';
import { useGetCategoryItemsQuery } from '../../../kit/api/items.api';
import { Breadcrumb, categoryCrumbs } from './Breadcrumb';
import { ProductGrid } from './ProductGrid';
import { productCountText } from './SearchPage';

/** Resolves slugs level by level (root, child, grandchild) against the loaded categories. */
export function resolveCategoryPath(categories: readonly Category[], slugs: readonly string[]): Array<{ name: string; slug: string }> {
  const out: Array<{ name: string; slug: string }> = [];
  let parentId: number | null = null;
  for (const slug of slugs) {
    const match: Category | undefined =
      categories.find((c) => c.slug === slug && (out.length === 0 ? c.parentCategoryId === null : c.parentCategoryId === parentId)) ??
      categories.find((c) => c.slug === slug);
    out.push({ name: match?.name ?? slug, slug });
    parentId = match?.id ?? null;
  }
  return out;
}

export function CategoryPage() {
  const { slug1, slug2, slug3 } = useParams();
  const slugs = [slug1, slug2, slug3].filter((s): s is string => Boolean(s));
  const categories = useAppSelector((s) => s.categories.list);
  const categoriesLoaded = useAppSelector((s) => s.categories.loaded);
  const storeIds = useSelectedStoreIds();
  const noStores = storeIds.length === 0;
  const levels = resolveCategoryPath(categories, slugs);
  const title = levels[levels.length - 1]?.name ?? '';
  const { data, isFetching } = useGetCategoryItemsQuery({ slugs, storeIds }, { skip: noStores || slugs.length === 0 });
  // A failed request leaves the list as it was.
  const items = data ?? [];

  return (
    // Until the names are there the heading shows the address's slug: the page counts as shown only with them.
    <PageLayout documentTitle={title} before={<ShoppingHeader />} pending={!categoriesLoaded}>
      <Breadcrumb crumbs={categoryCrumbs(levels)} />
      <h1 style={{ marginBottom: 4 }}>{title}</h1>
      {noStores ? (
        <ErrorBox role="alert" style={{ marginTop: 16 }}>
          Valitse ensin kaupat
        </ErrorBox>
      ) : (
        <>
          {!isFetching ? (
            <p>
              <Muted>{items.length > 0 ? productCountText(items.length) : 'Ei tuloksia'}</Muted>
            </p>
          ) : (
            <p />
          )}
          <ProductGrid items={items} loading={isFetching} />
        </>
      )}
    </PageLayout>
  );
}
