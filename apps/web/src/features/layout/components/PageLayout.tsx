import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

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
}

/** Optional title area + content area. */
export function PageLayout({ title, documentTitle, actions, before, children }: PageLayoutProps) {
  useDocumentTitle(documentTitle === undefined ? (typeof title === 'string' ? title : null) : documentTitle);
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
