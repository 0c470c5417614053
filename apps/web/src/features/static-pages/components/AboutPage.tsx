import { Link } from 'react-router-dom';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { Prose } from '../../../kit/layout/Prose';

export function AboutPage() {
  return (
    <PageLayout title="Tietoa">
      <Prose>
        <p>
          Hintakori on vuoden 2019 alussa perustettu maksuton palvelu, jonka avulla voit vertailla ruokaostosten hintoja
          S-ryhmän, K-ryhmän ja Lidlin kaupoissa. Hintakori on puolueeton: emme ole minkään kauppaketjun omistama emmekä
          suosi yhtäkään kauppaa vertailuissa.
        </p>
        <h2>Hinnat</h2>
        <p>
          Hinnat päivitetään säännöllisesti, parhaimmillaan useita kertoja päivässä. Kaupat muuttavat hintojaan usein,
          joten emme voi taata hintojen oikeellisuutta. Jokaisen hinnan kohdalla näet, milloin se on viimeksi tarkistettu.
        </p>
        <h2>Tietolähteet</h2>
        <p>
          Hinnat tulevat kauppaketjujen omista hintatiedoista ja kuluttajien Open Prices -palveluun ilmoittamista hinnoista,
          tuotetiedot ketjuilta ja Open Food Factsista ja kauppojen tiedot myös OpenStreetMapista. Lähteet, niiden lisenssit
          ja lähdemerkinnät: <Link to="/tietoa/lahteet">Tietolähteet</Link>.
        </p>
        <h2>Hintatason historia</h2>
        <p>
          Keräämme historiatietoa kauppojen ja tuotteiden hintatasosta. Sen avulla voidaan seurata, miten ruoan hinnat
          kehittyvät eri kaupoissa ajan mittaan.
        </p>
        <p>
          Kysyttävää? <Link to="/ota-yhteytta">Ota yhteyttä</Link>.
        </p>
      </Prose>
    </PageLayout>
  );
}
