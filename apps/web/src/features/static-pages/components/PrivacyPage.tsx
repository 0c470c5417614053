import { CONTACT_EMAIL } from '@hintakori/web-util';
import { Muted } from '@hintakori/web-ui';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { Prose } from '../../../kit/layout/Prose';

export function PrivacyPage() {
  return (
    <PageLayout title="Tietosuojalauseke">
      <Prose>
        <p>
          <Muted>Päivitetty 3.12.2026</Muted>
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
        <h2>Hintojen jakaminen Hintakori-lisäosalla</h2>
        <ul>
          <li>
            Hintakori-lisäosa voi jakaa Hintakorille hinnat, jotka näet S-kauppojen ja K-Ruoan verkkokaupoissa. Jakaminen
            on pois päältä, kunnes otat sen itse käyttöön lisäosan valikosta, ja saat sen pois päältä yhdellä
            napsautuksella.
          </li>
          <li>
            Kun jakaminen on päällä, lisäosa lähettää avaamaltasi tuotesivulta vain sen, mitä sivu näyttää: tuotteen
            EAN-koodin, Hintakorin kaupan tunnisteen (lisäosa päättelee sen verkkokaupan kaupan tunnisteesta), hinnan,
            normaalihinnan ja tarjoushinnan, yksikköhinnan sellaisena kuin verkkokauppa sen näyttää sekä ajan, jolloin
            hinta nähtiin.
          </li>
          <li>
            Sinusta ei lähetetä mitään: ei evästeitä, verkkokaupan tiliäsi, ostoskoriasi, osoitettasi eikä muuta sinuun
            liittyvää tietoa.
          </li>
          <li>
            Lähettävän laitteen IP-osoitetta käytetään vain siihen, että yhdestä laitteesta otetaan vastaan enintään 120
            hintahavaintoa tunnissa, ja sen tunnistamiseen, tulevatko kaksi havaintoa samalta vai eri laitteelta (tunnetusta
            hinnasta paljon poikkeava hinta julkaistaan vasta, kun toinen laite vahvistaa sen). Osoitteesta tallennetaan
            vain avaimella laskettu yksisuuntainen tiiviste, josta osoitetta ei voi palauttaa; itse osoitetta ei
            tallenneta.
          </li>
          <li>
            Havainnot julkaistaan Hintakorissa hintoina, joiden kohdalla lukee esimerkiksi ”Lähde: käyttäjän havainto
            S-kaupat-verkkokaupasta 1.12.2026”. Havainnosta ei näy, kuka sen jakoi.
          </li>
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
