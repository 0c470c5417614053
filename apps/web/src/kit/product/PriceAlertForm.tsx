import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, ErrorBox, InfoBox, Stack, TextInput } from '@hintakori/web-ui';
import { useAppSelector, selectSelectedStores, useMemberCards } from '../../app/hooks';
import { cardNames } from '../stores/cards.slice';
import { errorStatus, parseEuros, useSubscribeAlertMutation } from '../api/alerts.api';

const Form = styled.form`
  margin-top: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  max-width: 420px;
  fieldset { border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: ${({ theme }) => theme.space.xs}; }
  legend { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: 600; margin-bottom: ${({ theme }) => theme.space.xs}; }
  label { font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const MESSAGES: Record<number, string> = {
  400: 'Tarkista sähköpostiosoite ja tavoitehinta.',
  404: 'Tuotetta tai kauppaa ei löytynyt.',
  429: 'Liian monta pyyntöä. Yritä uudelleen tunnin kuluttua.',
};

/** "Ilmoita hinnanlaskusta": e-mail, stores (the selected ones by default) and any drop or a target price. */
export function PriceAlertForm({ itemId, itemName, size = 'md' }: { itemId: number; itemName: string; size?: 'sm' | 'md' }) {
  const stores = useAppSelector(selectSelectedStores);
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [mode, setMode] = useState<'any' | 'target'>('any');
  const [target, setTarget] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [subscribe, { isLoading, isSuccess, reset }] = useSubscribeAlertMutation();
  const storeIds = chosen ?? stores.map((s) => s.id);
  const cards = useMemberCards();

  if (!open) {
    return (
      <Button variant="secondary" size={size} onClick={() => setOpen(true)} aria-label={`Ilmoita hinnanlaskusta: ${itemName}`}>
        Ilmoita hinnanlaskusta
      </Button>
    );
  }
  if (isSuccess) {
    return (
      <InfoBox role="status">
        Tarkista sähköpostisi: lähetimme vahvistuslinkin (voimassa 48 tuntia). Ilmoituksia tulee vasta, kun olet vahvistanut.{' '}
        <Button variant="ghost" size="sm" onClick={() => { reset(); setOpen(false); }}>
          Sulje
        </Button>
      </InfoBox>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setProblem('Anna toimiva sähköpostiosoite.');
    if (storeIds.length === 0) return setProblem('Valitse vähintään yksi kauppa.');
    const targetPrice = mode === 'target' ? parseEuros(target) : null;
    if (mode === 'target' && targetPrice === null) return setProblem('Anna tavoitehinta euroina, esim. 2,49.');
    const result = await subscribe({ email: email.trim(), itemId, storeIds, targetPrice, ...(cards.length > 0 ? { cards: [...cards] } : {}) });
    if ('error' in result) setProblem(MESSAGES[errorStatus(result.error) ?? 0] ?? 'Pyyntö ei onnistunut. Yritä hetken kuluttua uudelleen.');
  };
  return (
    <Form onSubmit={(event) => void submit(event)} aria-label={`Hintavahti: ${itemName}`} noValidate>
      <Stack $gap="sm">
        <TextInput label="Sähköpostiosoite" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        {stores.length === 0 ? (
          <p>Valitse ensin kaupat, joiden hintoja haluat seurata.</p>
        ) : (
          <fieldset>
            <legend>Kaupat</legend>
            {stores.map((store) => (
              <label key={store.id}>
                <input
                  type="checkbox"
                  checked={storeIds.includes(store.id)}
                  onChange={(e) => setChosen(e.target.checked ? [...storeIds, store.id] : storeIds.filter((id) => id !== store.id))}
                />{' '}
                {store.name}
              </label>
            ))}
          </fieldset>
        )}
        <fieldset>
          <legend>Milloin ilmoitetaan</legend>
          <label>
            <input type="radio" name={`alert-mode-${itemId}`} checked={mode === 'any'} onChange={() => setMode('any')} /> Kun hinta laskee
          </label>
          <label>
            <input type="radio" name={`alert-mode-${itemId}`} checked={mode === 'target'} onChange={() => setMode('target')} /> Kun hinta on enintään
          </label>
          {mode === 'target' ? <TextInput label="Tavoitehinta (€)" inputMode="decimal" value={target} onChange={(e) => setTarget(e.target.value)} placeholder="2,49" /> : null}
        </fieldset>
        <p data-testid="alert-cards">
          {cards.length === 0
            ? 'Hintaa seurataan ilman kanta-asiakashintoja.'
            : `Hintaa seurataan kanta-asiakkuuksillasi: ${cardNames(cards)}.`}
        </p>
        {problem ? <ErrorBox role="alert">{problem}</ErrorBox> : null}
        <div>
          <Button type="submit" disabled={isLoading || stores.length === 0}>
            Tilaa ilmoitus
          </Button>{' '}
          <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
            Peruuta
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
