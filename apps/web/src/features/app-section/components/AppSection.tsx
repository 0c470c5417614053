import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Card } from '@hintakori/web-ui';

const Wrap = styled.main`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.background};
`;

/** Separate app section (admin screens arrive later); for now a sign-in placeholder. */
export function AppSection() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = 'Kirjaudu sisään | Hintakori';
  }, []);
  return (
    <Wrap>
      <Card style={{ maxWidth: 420, width: '100%' }}>
        <h1>Kirjaudu sisään</h1>
        <p>Ylläpidon kirjautuminen on tulossa pian.</p>
        <p data-testid="app-path" hidden>
          {pathname}
        </p>
        <Link to="/">Takaisin Hintakoriin</Link>
      </Card>
    </Wrap>
  );
}
