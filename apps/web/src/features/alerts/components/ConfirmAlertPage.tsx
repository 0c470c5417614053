import { useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button, ErrorBox, InfoBox, Stack } from '@hintakori/web-ui';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { errorStatus, useConfirmAlertMutation } from '../../../kit/api/alerts.api';

const ERRORS: Record<number, string> = {
  404: 'Vahvistuslinkki on tuntematon tai jo käytetty.',
  410: 'Vahvistuslinkki on vanhentunut (linkit ovat voimassa 48 tuntia). Tilaa ilmoitus uudelleen tuotteen sivulta.',
  409: 'Seurantalistasi on täynnä: voit seurata enintään 100 tuotetta. Poista ensin vanhoja hintavahteja.',
  400: 'Vahvistuslinkki ei ole kelvollinen. Tarkista, että kopioit koko linkin.',
};

/**
 * /hintavahti/vahvista/{token}: confirms a watch request once, when its button is pressed. Opening the page does
 * nothing: mail scanners that follow links and run scripts must not confirm a request nobody made.
 */
export function ConfirmAlertPage() {
  const { token = '' } = useParams();
  const [confirm, { data, error, isLoading }] = useConfirmAlertMutation();
  // A second press before the first answer (or before the page has re-rendered) sends nothing more.
  const pressed = useRef(false);
  const status = error ? errorStatus(error) : null;
  // An unknown, used, expired or malformed link stays so: pressing again would not help.
  const final = status !== null && status in ERRORS;
  const press = () => {
    if (pressed.current) return;
    pressed.current = true;
    void confirm(token).finally(() => {
      pressed.current = false;
    });
  };
  return (
    <PageLayout title="Hintavahdin vahvistus">
      {data ? (
        <InfoBox role="status">
          Hintavahti on vahvistettu: saat sähköpostia, kun tuotteen {data.itemName} hinta laskee.{' '}
          <Link to={`/hintavahti/${data.manageToken}`}>Hallitse hintavahteja</Link>
        </InfoBox>
      ) : (
        <Stack>
          <p>Vahvista, että haluat tähän sähköpostiosoitteeseen ilmoituksen, kun tuotteen hinta laskee.</p>
          {final ? null : (
            <div>
              <Button variant="primary" onClick={press} disabled={isLoading} aria-busy={isLoading}>
                {isLoading ? 'Hetki…' : 'Vahvista hintavahti'}
              </Button>
            </div>
          )}
        </Stack>
      )}
      {error ? <ErrorBox role="alert">{ERRORS[status ?? 0] ?? 'Vahvistus ei onnistunut. Yritä hetken kuluttua uudelleen.'}</ErrorBox> : null}
    </PageLayout>
  );
}
