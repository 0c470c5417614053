import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button, ErrorBox, Muted, SkeletonRows } from '@hintakori/web-ui';
import type { ApiError } from '../../../app/baseQuery';
import { useDocumentTitle } from '../../../kit/layout/useDocumentTitle';
import { useGetCategoriesQuery } from '../../../kit/api/items.api';
import {
  useCreateCategoryMappingMutation,
  useDeleteCategoryMappingMutation,
  useGetCategoryMappingsQuery,
  useGetUnmappedCategoriesQuery,
} from '../admin.api';
import type { UnmappedCategory } from '../admin.models';
import { categoryOptions, pathLabel, type CategoryOption } from '../category-tree';
import { CategoryPicker } from './CategoryPicker';

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space.xxl};
  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th, td { padding: ${({ theme }) => theme.space.sm}; text-align: left; vertical-align: middle; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  th { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 600; }
  td.count, th.count { text-align: right; white-space: nowrap; }
`;

const MapCell = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
`;

const itemCount = (n: number) => (n === 1 ? '1 tuote' : `${n.toLocaleString('fi-FI')} tuotetta`);
const keyOf = (c: { externalType: string; externalId: string }) => `${c.externalType}\u0000${c.externalId}`;

function errorMessage(error: unknown): string {
  const data = (error as ApiError | undefined)?.data as { message?: unknown } | undefined;
  return typeof data?.message === 'string' ? data.message : 'Jotain meni pieleen. Yritä uudestaan.';
}

function UnmappedRow({ category, options, pathById }: { category: UnmappedCategory; options: readonly CategoryOption[]; pathById: ReadonlyMap<number, string> }) {
  const [choice, setChoice] = useState<CategoryOption | null>(null);
  const [createMapping, { isLoading, error }] = useCreateCategoryMappingMutation();
  const label = `Kohdekategoria: ${category.name}`;
  return (
    <tr data-testid="unmapped-row">
      <td>{category.externalType}</td>
      <td>
        <strong>{category.name}</strong>
        {category.path.length > 1 ? <Muted style={{ display: 'block' }}>{pathLabel(category.path)}</Muted> : null}
      </td>
      <td className="count">
        {itemCount(category.itemCount)}
        {category.currentCategoryId ? <Muted style={{ display: 'block' }}>nyt: {pathById.get(category.currentCategoryId) ?? category.currentCategoryId}</Muted> : null}
      </td>
      <td>
        <MapCell>
          <CategoryPicker label={label} options={options} value={choice} onChange={setChoice} />
          <Button
            variant="primary"
            size="sm"
            disabled={!choice || isLoading}
            aria-label={`Kohdista ${category.name}`}
            onClick={() => {
              if (choice) void createMapping({ categoryId: choice.id, externalType: category.externalType, externalId: category.externalId });
            }}
          >
            Kohdista
          </Button>
        </MapCell>
        {error ? (
          <Muted role="alert" style={{ display: 'block', marginTop: 4 }}>
            {errorMessage(error)}
          </Muted>
        ) : null}
      </td>
    </tr>
  );
}

/** /app/category-mappings: map the feeds' unmapped categories to ours, and list or remove mappings. */
export function CategoryMappingsPage() {
  useDocumentTitle('Kategorioiden kohdistus');
  const categories = useGetCategoriesQuery();
  const unmapped = useGetUnmappedCategoriesQuery();
  const mappings = useGetCategoryMappingsQuery();
  const [deleteMapping, deleting] = useDeleteCategoryMappingMutation();
  const options = useMemo(() => categoryOptions(categories.data ?? []), [categories.data]);
  const pathById = useMemo(() => new Map(options.map((o) => [o.id, pathLabel(o.path)])), [options]);

  return (
    <>
      <h1>Kategorioiden kohdistus</h1>
      <p>
        <Muted>Kohdistamattomien kategorioiden tuotteet näkyvät kategoriassa ”Muut”. Kohdistus siirtää tuotteet heti valittuun kategoriaan.</Muted>
      </p>

      <Section aria-labelledby="unmapped-heading">
        <h2 id="unmapped-heading">Kohdistamattomat kategoriat</h2>
        {unmapped.isLoading ? (
          <SkeletonRows />
        ) : unmapped.isError ? (
          <ErrorBox role="alert">Kohdistamattomia kategorioita ei saatu haettua.</ErrorBox>
        ) : (unmapped.data ?? []).length === 0 ? (
          <p>Kaikki kategoriat on kohdistettu.</p>
        ) : (
          <Table>
            <thead>
              <tr>
                <th scope="col">Lähde</th>
                <th scope="col">Lähteen kategoria</th>
                <th scope="col" className="count">
                  Tuotteita
                </th>
                <th scope="col">Kohdista kategoriaan</th>
              </tr>
            </thead>
            <tbody>
              {(unmapped.data ?? []).map((category) => (
                <UnmappedRow key={keyOf(category)} category={category} options={options} pathById={pathById} />
              ))}
            </tbody>
          </Table>
        )}
      </Section>

      <Section aria-labelledby="mappings-heading">
        <h2 id="mappings-heading">Kohdistukset</h2>
        {mappings.isLoading ? (
          <SkeletonRows />
        ) : mappings.isError ? (
          <ErrorBox role="alert">Kohdistuksia ei saatu haettua.</ErrorBox>
        ) : (mappings.data ?? []).length === 0 ? (
          <p>Ei kohdistuksia.</p>
        ) : (
          <Table>
            <thead>
              <tr>
                <th scope="col">Lähde</th>
                <th scope="col">Lähteen kategoria</th>
                <th scope="col">Kategoriamme</th>
                <th scope="col" className="count">
                  Tuotteita
                </th>
                <th scope="col">
                  <span className="visually-hidden">Toiminnot</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(mappings.data ?? []).map((mapping) => {
                const name = mapping.externalName ?? mapping.externalId;
                return (
                  <tr key={mapping.id} data-testid="mapping-row">
                    <td>{mapping.externalType}</td>
                    <td>
                      <strong>{name}</strong>
                      {name !== mapping.externalId ? <Muted style={{ display: 'block' }}>{mapping.externalId}</Muted> : null}
                    </td>
                    <td>{pathById.get(mapping.categoryId) ?? `Kategoria ${mapping.categoryId}`}</td>
                    <td className="count">{itemCount(mapping.itemCount)}</td>
                    <td>
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={deleting.isLoading}
                        aria-label={`Poista kohdistus ${name}`}
                        onClick={() => void deleteMapping(mapping.id)}
                      >
                        Poista
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
      </Section>
    </>
  );
}
