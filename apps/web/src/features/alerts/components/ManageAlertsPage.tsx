import { useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Button, CenteredSpinner, ErrorBox, InfoBox, Muted, Stack } from '@hintakori/web-ui';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { PriceCell } from '../../../kit/product/PriceCell';
import { cardNames } from '../../../kit/stores/cards.slice';
import { errorStatus, useDeleteAlertWatchMutation, useEraseAlertsMutation, useGetAlertsQuery, useUnsubscribeAlertsMutation } from '../../../kit/api/alerts.api';

/**
 * /hintavahti/{manageToken}: the address's watches, each removable, and "Poista kaikki tietoni".
 * `?lopeta=1` (the unsubscribe link of every mail) stops every mail at once when its button is pressed, never on
 * opening the page (mail scanners open links). The mail client's one-click unsubscribe (RFC 8058) is its own POST.
 */
export function ManageAlertsPage() {
  const { manageToken = '' } = useParams();
  const [params] = useSearchParams();
  const unsubscribing = params.get('lopeta') === '1';
  const [unsubscribe, unsubscribed] = useUnsubscribeAlertsMutation();
  const [erase, erased] = useEraseAlertsMutation();
  const [deleteWatch] = useDeleteAlertWatchMutation();
  const gone = unsubscribing || erased.isSuccess;
  const query = useGetAlertsQuery(manageToken, { skip: gone });
  // A second press before the first answer sends nothing more.
  const pressed = useRef(false);
  const stop = () => {
    if (pressed.current) return;
    pressed.current = true;
    void unsubscribe(manageToken).finally(() => {
      pressed.current = false;
    });
  };

  if (unsubscribing) {
    return (
      <PageLayout title="Hintavahdit">
        {unsubscribed.isSuccess ? (
          <InfoBox role="status">Ilmoitukset on lopetettu ja sähköpostiosoitteesi poistettu. Emme lähetä sinulle enää viestejä.</InfoBox>
        ) : (
          <Stack>
            <p>Lopetetaanko kaikki hintavahdit? Sähköpostiosoitteesi ja hintavahtisi poistetaan, emmekä lähetä sinulle enää viestejä.</p>
            <div>
              <Button variant="danger" onClick={stop} disabled={unsubscribed.isLoading} aria-busy={unsubscribed.isLoading}>
                {unsubscribed.isLoading ? 'Hetki…' : 'Lopeta kaikki hintavahdit'}
              </Button>
            </div>
            <p>
              <Link to={`/hintavahti/${manageToken}`}>Hallitse hintavahteja</Link> yksitellen.
            </p>
            {unsubscribed.isError ? <ErrorBox role="alert">Lopettaminen ei onnistunut. Yritä hetken kuluttua uudelleen.</ErrorBox> : null}
          </Stack>
        )}
      </PageLayout>
    );
  }
  if (erased.isSuccess) {
    return (
      <PageLayout title="Hintavahdit">
        <InfoBox role="status">Kaikki tietosi on poistettu: sähköpostiosoite, hintavahdit ja vahvistamattomat pyynnöt.</InfoBox>
      </PageLayout>
    );
  }
  const status = errorStatus(query.error);
  return (
    <PageLayout title="Hintavahdit">
      {query.isLoading ? <CenteredSpinner /> : null}
      {query.error ? (
        <ErrorBox role="alert">{status === 404 || status === 400 ? 'Linkillä ei löydy hintavahteja. Ne on ehkä jo poistettu.' : 'Hintavahtien haku ei onnistunut.'}</ErrorBox>
      ) : null}
      {query.data ? (
        <Stack>
          <p>
            Osoitteen <strong>{query.data.email}</strong> hintavahdit. Saat enintään yhden viestin 12 tunnin aikana.
          </p>
          {query.data.watches.length === 0 ? <p>Ei seurattavia tuotteita.</p> : null}
          <ul data-testid="alert-watches">
            {query.data.watches.map((watch) => (
              <li key={watch.id}>
                <Link to={`/tuotteet/${watch.itemSlug}`}>{watch.itemName}</Link> – {watch.storeName}{' '}
                <Muted>
                  {watch.targetPrice !== null ? (
                    <>
                      tavoite <PriceCell cents={watch.targetPrice} />
                    </>
                  ) : (
                    'mikä tahansa lasku'
                  )}
                  {watch.cards?.length ? `, hinnat kanta-asiakkuuksilla: ${cardNames(watch.cards)}` : ''}
                </Muted>{' '}
                <Button size="sm" variant="ghost" onClick={() => void deleteWatch({ token: manageToken, watchId: watch.id }).then(() => query.refetch())}>
                  Poista
                </Button>
              </li>
            ))}
          </ul>
          <div>
            <Button variant="danger" onClick={() => void erase(manageToken)} disabled={erased.isLoading}>
              Poista kaikki tietoni
            </Button>
          </div>
          {erased.isError ? <ErrorBox role="alert">Poistaminen ei onnistunut. Yritä hetken kuluttua uudelleen.</ErrorBox> : null}
        </Stack>
      ) : null}
    </PageLayout>
  );
}
