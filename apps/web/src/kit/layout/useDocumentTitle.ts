import { useEffect } from 'react';
import { SITE_NAME } from '@hintakori/web-util';

export function documentTitle(page?: string | null): string {
  return page ? `${page} | ${SITE_NAME}` : SITE_NAME;
}

/** 'Hintakori' by default, '<page> | Hintakori' on inner pages. */
export function useDocumentTitle(page?: string | null) {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
