import { CONTACT_EMAIL } from '@hintakori/web-util';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { Prose } from '../../../kit/layout/Prose';

export function TermsPage() {
  return (
    <PageLayout title="Käyttöehdot">
      <Prose>
        <h2>Palvelu</h2>
        <p>
          Hintakori on maksuton palvelu ruokaostosten hintojen vertailuun. Palvelun käyttö ei vaadi rekisteröitymistä.
          Käyttämällä palvelua hyväksyt nämä käyttöehdot.
        </p>
        <h2>Hintatiedot</h2>
        <p>
          Hinnat perustuvat kauppojen julkisesti saatavilla oleviin tietoihin. Emme takaa hintojen tai muiden tietojen
          oikeellisuutta, ja kaupan ilmoittama hinta on aina ratkaiseva.
        </p>
        <h2>Sähköposti-ilmoitukset</h2>
        <p>Sähköposti-ilmoitusten vastaanottaminen edellyttää, että annat palvelulle sähköpostiosoitteesi.</p>
        <h2>Käyttöoikeus</h2>
        <p>Palveluntarjoaja voi muuttaa palvelua tai poistaa käyttöoikeuden milloin tahansa ilman erillistä ilmoitusta.</p>
        <h2>Sovellettava laki</h2>
        <p>Palveluun ja näihin käyttöehtoihin sovelletaan Suomen lakia.</p>
        <p>
          Yhteydenotot: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
        </p>
      </Prose>
    </PageLayout>
  );
}
