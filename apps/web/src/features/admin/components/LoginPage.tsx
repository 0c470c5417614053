import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, ErrorBox, Stack, TextInput } from '@hintakori/web-ui';
import type { ApiError } from '../../../app/baseQuery';
import { useLoginMutation } from '../admin.api';
import { takeReturnPath } from '../return-path';

const Wrap = styled.main`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.background};
`;

export const LOGIN_MESSAGES = {
  wrongCredentials: 'Väärä käyttäjätunnus tai salasana',
  tooManyAttempts: 'Liian monta epäonnistunutta yritystä. Yritä myöhemmin uudelleen.',
  busy: 'Kirjautumisia on juuri nyt liikaa käsittelyssä. Yritä uudelleen hetken kuluttua.',
  missingFields: 'Anna käyttäjätunnus ja salasana',
  failed: 'Kirjautuminen epäonnistui. Yritä uudestaan.',
} as const;

function messageFor(error: unknown): string {
  const status = (error as ApiError | undefined)?.status;
  if (status === 401) return LOGIN_MESSAGES.wrongCredentials;
  if (status === 429) return LOGIN_MESSAGES.tooManyAttempts;
  if (status === 503) return LOGIN_MESSAGES.busy;
  return LOGIN_MESSAGES.failed;
}

/** /app/login: admin sign-in; afterwards back to the admin page that asked for it. */
export function LoginPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [login, { isLoading }] = useLoginMutation();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    document.title = 'Kirjaudu sisään | Hintakori';
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setMessage(LOGIN_MESSAGES.missingFields);
      return;
    }
    setMessage(null);
    const result = await login({ username: username.trim(), password });
    if ('error' in result) {
      setMessage(messageFor(result.error));
      setPassword('');
      return;
    }
    navigate(takeReturnPath(location.search), { replace: true });
  };

  return (
    <Wrap>
      <Card style={{ maxWidth: 420, width: '100%' }}>
        <form onSubmit={submit} noValidate aria-labelledby="login-heading">
          <Stack $gap="lg">
            <h1 id="login-heading" style={{ margin: 0 }}>
              Kirjaudu sisään
            </h1>
            {message ? <ErrorBox role="alert">{message}</ErrorBox> : null}
            <TextInput
              label="Käyttäjätunnus"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              required
            />
            <TextInput
              label="Salasana"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
            <Button type="submit" variant="primary" fullWidth disabled={isLoading}>
              {isLoading ? 'Kirjaudutaan…' : 'Kirjaudu sisään'}
            </Button>
          </Stack>
        </form>
      </Card>
    </Wrap>
  );
}
