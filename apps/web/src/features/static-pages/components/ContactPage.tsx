import { CONTACT_EMAIL } from '@hintakori/web-util';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { Prose } from '../../../kit/layout/Prose';

export function ContactPage() {
  return (
    <PageLayout title="Ota yhteyttä">
      <Prose>
        <p>
          Palautetta, kysymyksiä tai huomasitko virheen hinnoissa? Otamme yhteydenotot vastaan vain sähköpostitse
          osoitteeseen <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
        </p>
        <p>Pyrimme vastaamaan kaikkiin viesteihin mahdollisimman pian.</p>
      </Prose>
    </PageLayout>
  );
}
