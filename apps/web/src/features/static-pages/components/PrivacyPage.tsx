import { CONTACT_EMAIL } from '@hintakori/web-util';
import { Muted } from '@hintakori/web-ui';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { Prose } from '../../../kit/layout/Prose';

export function PrivacyPage() {
  return (
    <PageLayout title="Tietosuojalauseke">
      <Prose>
        <p>
          <Muted>Päivitetty 26.11.2026</Muted>
        </p>
        <h2>Rekisterinpitäjä</h2>
        <p>
          Hintakori, sähköposti <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
        </p>
        <h2>Mitä tietoja käsittelemme</h2>
        <ul>
          <li>Palvelun käyttö ei vaadi rekisteröitymistä, emmekä kysy nimeäsi tai muita yhteystietojasi.</li>
          <li>
            Valitsemasi kaupat ja ostoskorisi tunniste tallennetaan vain selaimesi paikalliseen tallennustilaan. Ostoskorin
            sisältö tallennetaan palvelimelle ilman tietoa siitä, kuka sen on koonnut.
          </li>
          <li>
            Kun olet valinnut kauppoja tai koonnut ostoskorin, selaimesi tallentaa evästeen <code>hk_personal</code>. Se
            kertoo palvelimelle vain sen, että sivu kannattaa näyttää sinun valinnoillasi eikä uuden kävijän
            etusivuna; siinä ei ole tunnistetta eikä muuta tietoa.
          </li>
          <li>
            Jos pyydät sähköposti-ilmoituksia, tarvitsemme sähköpostiosoitteesi ilmoitusten lähettämiseen. Osoitetta ei
            käytetä muuhun tarkoitukseen.
          </li>
          <li>Palvelimen lokeihin tallentuu teknisiä tietoja, kuten selaimen tyyppi ja pyyntöjen ajankohdat.</li>
          <li>Virhetilanteista kerätään teknisiä virheraportteja palvelun korjaamiseksi.</li>
        </ul>
        <h2>Hintavahdit (sähköposti-ilmoitukset)</h2>
        <ul>
          <li>
            Hintavahtia varten tallennamme sähköpostiosoitteesi, seuraamasi tuotteet ja kaupat, mahdollisen tavoitehinnan,
            viimeksi ilmoitetun hinnan sekä ajan, jolloin lähetimme viimeksi viestin. Lisäksi tallennamme pyynnön tehneen
            laitteen IP-osoitteen väärinkäytösten estämiseksi (enintään 20 pyyntöä tunnissa).
          </li>
          <li>
            Vahvistamaton pyyntö ja sen vahvistuslinkki poistetaan 48 tunnin kuluttua; osoite, jolla ei ole vahvistettuja
            hintavahteja, poistetaan samalla. Ennen vahvistusta osoitteeseen ei lähetetä muuta kuin vahvistusviesti.
          </li>
          <li>
            Vahvistetut hintavahdit säilyvät, kunnes poistat ne. Jokaisessa viestissä on linkki, jolla lopetat kaikki
            ilmoitukset yhdellä napsautuksella, ja linkki hintavahtien hallintaan, jossa voit poistaa yksittäisiä vahteja tai
            kaikki tietosi ("Poista kaikki tietoni"). Poisto on välitön ja lopullinen.
          </li>
          <li>Sähköpostit lähetetään oman sähköpostipalvelimemme kautta; osoitettasi ei luovuteta kolmansille osapuolille.</li>
        </ul>
        <h2>Sijainti</h2>
        <p>
          Jos käytät lähimpien kauppojen hakua, selaimesi kysyy lupaa sijainnin käyttöön. Sijaintia käytetään vain
          lähimpien kauppojen hakemiseen, eikä sitä tallenneta.
        </p>
        <h2>Kolmannet osapuolet</h2>
        <p>Karttapohjat ladataan ulkopuoliselta karttapalvelulta, joka näkee selaimesi tekemät karttapyynnöt.</p>
        <h2>Oikeutesi</h2>
        <p>
          Voit tyhjentää selaimeesi tallennetut tiedot milloin tahansa. Tietosuojaa koskevissa kysymyksissä voit ottaa
          yhteyttä osoitteeseen <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
        </p>
      </Prose>
    </PageLayout>
  );
}
