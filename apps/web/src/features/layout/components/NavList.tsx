import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, Icon } from '@hintakori/web-ui';
import { isNavActive, NAV_ITEMS } from '../nav';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
`;

const Divider = styled.li`
  height: 1px;
  margin: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.border};
`;

const Entry = styled(Link)<{ $active: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  text-decoration: none;
  font-weight: ${({ $active }) => ($active ? 700 : 500)};
  color: ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.text)};
  background: ${({ theme, $active }) => ($active ? theme.colors.primarySoft : 'transparent')};
  &:hover { background: ${({ theme }) => theme.colors.surfaceAlt}; color: ${({ theme }) => theme.colors.primary}; }
`;

export function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Päävalikko">
      <List>
        {NAV_ITEMS.map((item, index) =>
          item === 'divider' ? (
            <Divider key={`divider-${index}`} role="separator" aria-hidden="true" />
          ) : (
            <li key={item.path}>
              <Entry
                to={item.path}
                $active={isNavActive(item.path, pathname)}
                aria-current={isNavActive(item.path, pathname) ? 'page' : undefined}
                onClick={onNavigate}
                {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                <span>{item.label}</span>
                {item.beta ? <Badge $tone="accent">Beta</Badge> : null}
                {item.external ? <Icon name="external" size={16} title="Avautuu uuteen välilehteen" /> : null}
              </Entry>
            </li>
          ),
        )}
      </List>
    </nav>
  );
}
