import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CenteredSpinner, ErrorBox, InfoBox } from '@hintakori/web-ui';
import { PageLayout } from '../../layout/components/PageLayout';
import { errorStatus, useConfirmAlertMutation } from '../alerts.api';

const ERRORS: Record<number, string> = {
  404: 'Vahvistuslinkki on tuntematon tai jo käytetty.',
  410: 'Vahvistuslinkki on vanhentunut (linkit ovat voimassa 48 tuntia). Tilaa ilmoitus uudelleen tuotteen sivulta.',
  409: 'Seurantalistasi on täynnä: voit seurata enintään 100 tuotetta. Poista ensin vanhoja hintavahteja.',
  400: 'Vahvistuslinkki ei ole kelvollinen. Tarkista, että kopioit koko linkin.',
};

/** /hintavahti/vahvista/{token}: confirms a watch request once. */
export function ConfirmAlertPage() {
  const { token = '' } = useParams();
  const [confirm, { data, error, isUninitialized, isLoading }] = useConfirmAlertMutation();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void confirm(token);
  }, [confirm, token]);
  return (
    <PageLayout title="Hintavahdin vahvistus">
      {isUninitialized || isLoading ? <CenteredSpinner /> : null}
      {data ? (
        <InfoBox role="status">
          Hintavahti on vahvistettu: saat sähköpostia, kun tuotteen {data.itemName} hinta laskee.{' '}
          <Link to={`/hintavahti/${data.manageToken}`}>Hallitse hintavahteja</Link>
        </InfoBox>
      ) : null}
      {error ? <ErrorBox role="alert">{ERRORS[errorStatus(error) ?? 0] ?? 'Vahvistus ei onnistunut. Yritä hetken kuluttua uudelleen.'}</ErrorBox> : null}
    </PageLayout>
  );
}
