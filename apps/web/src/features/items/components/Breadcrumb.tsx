import { Link } from 'react-router-dom';
import styled from 'styled-components';

const Nav = styled.nav`
  margin-bottom: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  ol { list-style: none; display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space.xs}; margin: 0; padding: 0; }
  li:not(:last-child)::after { content: '›'; margin-left: ${({ theme }) => theme.space.xs}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export interface Crumb {
  label: string;
  to?: string;
}

export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <Nav aria-label="Murupolku">
      <ol>
        {crumbs.map((c, i) => (
          <li key={`${c.label}-${i}`}>
            {c.to && i < crumbs.length - 1 ? <Link to={c.to}>{c.label}</Link> : <span aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{c.label}</span>}
          </li>
        ))}
      </ol>
    </Nav>
  );
}

/** Crumbs for a slug path; each level links to /kategoria/<path up to it>. */
export function categoryCrumbs(levels: Array<{ name: string; slug: string }>): Crumb[] {
  return [
    { label: 'Etusivu', to: '/' },
    ...levels.map((c, i) => ({
      label: c.name,
      to: `/kategoria/${levels
        .slice(0, i + 1)
        .map((l) => l.slug)
        .join('/')}`,
    })),
  ];
}
