import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Muted } from '@hintakori/web-ui';
import { useGetAdminSessionQuery, useLogoutMutation } from '../admin.api';

const Shell = styled.div`
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
`;

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.xl}`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  a { font-weight: 700; color: ${({ theme }) => theme.colors.primary}; text-decoration: none; }
`;

const Main = styled.main`
  max-width: ${({ theme }) => theme.layout.maxContentWidth}px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl};
`;

/** Header with the signed-in admin and sign-out, around the admin pages. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { data: session } = useGetAdminSessionQuery();
  const [logout, { isLoading }] = useLogoutMutation();
  const navigate = useNavigate();
  return (
    <Shell>
      <Bar>
        <Link to="/">Hintakori · ylläpito</Link>
        <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          {session ? <Muted>Kirjautuneena: {session.username}</Muted> : null}
          <Button
            size="sm"
            disabled={isLoading}
            onClick={async () => {
              await logout();
              navigate('/app/login', { replace: true });
            }}
          >
            Kirjaudu ulos
          </Button>
        </div>
      </Bar>
      <Main>{children}</Main>
    </Shell>
  );
}
