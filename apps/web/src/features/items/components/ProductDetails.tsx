import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { entitySlug, IMAGE_SIZES } from '@hintakori/web-util';
import { mq, Muted } from '@hintakori/web-ui';
import type { Item } from '../../../app/models';
import { ProductSources } from '../../../kit/sources/ProductSources';
import { PriceAlertForm } from '../../../kit/product/PriceAlertForm';
import { Breadcrumb, categoryCrumbs } from './Breadcrumb';
import { CartControl } from '../../../kit/product/CartControl';
import { CheaperAlternative } from '../../../kit/product/CheaperAlternative';
import { PriceHistoryChart } from './PriceHistoryChart';
import { ProductImage } from '../../../kit/product/ProductImage';
import { StorePriceTable } from '../../../kit/product/StorePriceTable';

const Top = styled.div`
  display: grid;
  grid-template-columns: 240px minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xl};
  ${mq.below('sm')} { grid-template-columns: 1fr; justify-items: center; }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0 0 ${({ theme }) => theme.space.lg};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; font-weight: 600; }
`;

const Section = styled.details`
  margin-top: ${({ theme }) => theme.space.lg};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-top: ${({ theme }) => theme.space.md};
  summary { cursor: pointer; font-weight: 700; font-size: ${({ theme }) => theme.fontSizes.lg}; }
  summary:focus-visible { outline-offset: 4px; }
`;

const Nutrition = styled.table`
  width: 100%;
  max-width: 520px;
  margin-top: ${({ theme }) => theme.space.sm};
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th, td { padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; text-align: left; }
  td:not(:first-child), th:not(:first-child) { text-align: right; }
`;

/** Everything about a product; used by the product modal and the product page. */
export function ProductDetails({ item, showName = true, showBreadcrumb = true, showPageLink = false, priorityImage = false }: {
  item: Item;
  /** The product page: its picture loads at once (ProductImage's priority). */
  priorityImage?: boolean;
  /** The modal shows the name in its own title. */
  showName?: boolean;
  showBreadcrumb?: boolean;
  showPageLink?: boolean;
}) {
  const categories = (item.itemCategories ?? []).map((c) => c.category);
  const nutrition = item.nutritionalContent ?? [];
  return (
    <article>
      {showBreadcrumb && categories.length > 0 ? <Breadcrumb crumbs={categoryCrumbs(categories)} /> : null}
      <Top>
        <ProductImage src={item.pictureUrl} alt={item.name} size={IMAGE_SIZES.page} priority={priorityImage} />
        <div>
          {showName ? <h1>{item.name}</h1> : null}
          <Facts>
            {item.brandName ? (
              <>
                <dt>Merkki</dt>
                <dd>{item.brandName}</dd>
              </>
            ) : null}
            {item.originCountry ? (
              <>
                <dt>Alkuperämaa</dt>
                <dd>{item.originCountry}</dd>
              </>
            ) : null}
          </Facts>
          <StorePriceTable storeItems={item.storeItems} />
          <div style={{ marginTop: 16 }}>
            <CartControl item={item} />
          </div>
          <div style={{ marginTop: 12 }}>
            <PriceAlertForm itemId={item.id} itemName={item.name} />
          </div>
          <CheaperAlternative item={item} />
          {showPageLink ? (
            <p style={{ marginTop: 12 }}>
              <Link to={`/tuotteet/${entitySlug(item)}`}>Avaa tuotesivu</Link>
            </p>
          ) : null}
        </div>
      </Top>
      {item.description ? <p style={{ marginTop: 24 }}>{item.description}</p> : null}
      <Section open>
        <summary>Hintahistoria</summary>
        <div style={{ marginTop: 8 }}>
          <PriceHistoryChart itemId={item.id} />
        </div>
      </Section>
      <Section open>
        <summary>Ravintosisältö</summary>
        {nutrition.length > 0 ? (
          <Nutrition>
            <thead>
              <tr>
                <th scope="col">Ravintoaine</th>
                <th scope="col">Määrä</th>
                <th scope="col">Saantisuositus</th>
              </tr>
            </thead>
            <tbody>
              {nutrition.map((row) => (
                <tr key={row.name}>
                  <td>{row.name}</td>
                  <td>{row.value}</td>
                  <td>{row.ri ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </Nutrition>
        ) : (
          <Muted>Ei tiedossa</Muted>
        )}
      </Section>
      <Section open>
        <summary>Ainesosat</summary>
        {item.ingredients ? <p style={{ marginTop: 8 }}>{item.ingredients}</p> : <Muted>Ei tiedossa</Muted>}
      </Section>
      <ProductSources fieldSources={item.fieldSources} />
    </article>
  );
}
