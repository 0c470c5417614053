import styled from 'styled-components';
import { CONTACT_EMAIL } from '@hintakori/web-util';
import { Button } from '@hintakori/web-ui';

const Wrap = styled.main`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl};
  text-align: center;
  background: ${({ theme }) => theme.colors.background};
`;

/** The global apology screen shown on unhandled errors. */
export function CrashScreen() {
  return (
    <Wrap role="alert">
      <h1>Pahoittelut, jotain meni pieleen!</h1>
      <p>
        Yritä uudestaan, tai ota yhteyttä <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>, jos ongelma jatkuu
      </p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        Yritä uudestaan
      </Button>
    </Wrap>
  );
}
