import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { useDocumentTitle } from './useDocumentTitle';
import { reportPageShown } from './page-shown';

const TitleArea = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.xl};
  h1 { margin: 0; }
`;

const Content = styled.div`
  min-width: 0;
`;

export interface PageLayoutProps {
  /** Heading of the optional title area. */
  title?: ReactNode;
  /** Text for the document title; defaults to the heading when it is a string. Null keeps 'Hintakori'. */
  documentTitle?: string | null;
  actions?: ReactNode;
  before?: ReactNode;
  children?: ReactNode;
  /** The page still waits for its content (a spinner): work that waits for the first page keeps waiting. */
  pending?: boolean;
}

/** Optional title area + content area. */
export function PageLayout({ title, documentTitle, actions, before, children, pending = false }: PageLayoutProps) {
  useDocumentTitle(documentTitle === undefined ? (typeof title === 'string' ? title : null) : documentTitle);
  useEffect(() => {
    if (!pending) reportPageShown();
  }, [pending]);
  return (
    <>
      {before}
      {title || actions ? (
        <TitleArea>
          {title ? <h1>{title}</h1> : null}
          {actions}
        </TitleArea>
      ) : null}
      <Content>{children}</Content>
    </>
  );
}
