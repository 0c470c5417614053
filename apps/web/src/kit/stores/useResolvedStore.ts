import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { entitySlug, parseSlug } from '@hintakori/web-util';
import { useGetStoreQuery, useSearchStoresQuery } from '../api/stores.api';

/**
 * Store slug resolution: a numeric id after the last hyphen loads that store; otherwise the slug text is
 * searched and the page redirects to the first match (or to the list page when nothing matches).
 */
export function useResolvedStore(slug: string | undefined, basePath: '/kaupat' | '/tarjoukset') {
  const target = parseSlug(slug);
  const searchText = target.kind === 'search' ? target.text : '';
  const navigate = useNavigate();
  const byId = useGetStoreQuery(target.kind === 'id' ? target.id : 0, { skip: target.kind !== 'id' });
  const search = useSearchStoresQuery(searchText, { skip: target.kind !== 'search' || !searchText });

  useEffect(() => {
    if (target.kind !== 'search') return;
    if (!searchText) {
      navigate(basePath, { replace: true });
      return;
    }
    if (search.isFetching) return;
    if (search.data && search.data.length > 0) navigate(`${basePath}/${entitySlug(search.data[0])}`, { replace: true });
    else if (search.data || search.isError) navigate(basePath, { replace: true });
  }, [target.kind, searchText, search.data, search.isFetching, search.isError, navigate, basePath]);

  if (target.kind === 'search') return { store: undefined, loading: true, notFound: false };
  return {
    store: byId.isError ? undefined : byId.data,
    loading: byId.isLoading || (byId.isFetching && !byId.data),
    notFound: byId.isError && !byId.isFetching,
  };
}
