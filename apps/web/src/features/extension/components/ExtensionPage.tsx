import { Link } from 'react-router-dom';
import { InfoBox } from '@hintakori/web-ui';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { Lead, Prose } from '../../../kit/layout/Prose';

export const EXTENSION_DOWNLOADS = {
  chromium: '/lisaosa/hintakori-chromium.zip',
  firefox: '/lisaosa/hintakori-firefox.zip',
} as const;

/** /lisaosa: what the Hintakori browser extension does and does not do, and where to get it. */
export function ExtensionPage() {
  return (
    <PageLayout title="Hintakori-selainlaajennus">
      <Prose>
        <Lead>
          Laajennus vie Hintakorin ostoskorisi mukanasi S-kauppojen ja K-Ruoan verkkokauppaan ostoslistaksi, josta näet
          jokaisen tuotteen hinnan valitsemassasi kaupassa.
        </Lead>
        <h2>Mitä laajennus tekee</h2>
        <ul>
          <li>Kertoo Hintakorille, että laajennus on asennettu, jolloin Osta-ikkunassa voit valita kaupan.</li>
          <li>
            Kun siirryt Hintakorista S-kauppoihin (s-kaupat.fi) tai K-Ruokaan (k-ruoka.fi), se hakee ostoskorisi Hintakorin
            rajapinnasta ja näyttää sivun reunassa Hintakori-ostoslistan: tuotteen kuvan, nimen, määrän, hinnan valitsemassasi
            kaupassa ja linkin, joka hakee tuotetta kaupan verkkokaupasta.
          </li>
          <li>Voit rastia tuotteen, kun olet lisännyt sen kaupan ostoskoriin. Rastit säilyvät laajennuksen omassa muistissa.</li>
          <li>Painike vie takaisin Hintakorin ostoskorivertailuun.</li>
        </ul>
        <h2>Mitä laajennus ei tee</h2>
        <ul>
          <li>Se ei lisää tuotteita kaupan ostoskoriin puolestasi eikä tee tilausta: lisäät tuotteet itse ostoslistan avulla.</li>
          <li>Se ei lue verkkokaupan sivuja, ostoskoria, kirjautumistietoja eikä maksutietoja.</li>
          <li>
            Se ei lähetä tietoja mihinkään muualle kuin Hintakorin rajapintaan, eikä se seuraa selaamistasi. Se toimii vain
            Hintakorin, S-kauppojen ja K-Ruoan sivuilla ja pyytää vain näiden osoitteiden ja tallennustilan oikeudet.
          </li>
          <li>Lidlillä ei ole verkkokauppaa. Lidlin kaupoille saat Osta-ikkunasta tulostettavan ostoslistan.</li>
        </ul>
        <h2>Lataa laajennus</h2>
        <InfoBox>
          <ul style={{ margin: 0 }}>
            <li>
              <a href={EXTENSION_DOWNLOADS.chromium} download>
                Lataa Chromium-selaimille (Chrome, Edge, Brave, Opera)
              </a>
            </li>
            <li>
              <a href={EXTENSION_DOWNLOADS.firefox} download>
                Lataa Firefoxille
              </a>
            </li>
          </ul>
        </InfoBox>
        <h2>Asennus</h2>
        <ol>
          <li>Lataa tiedosto ja pura zip-paketti omaan kansioonsa.</li>
          <li>
            Chromium-selaimet: avaa osoite <code>chrome://extensions</code>, ota kehittäjätila käyttöön, valitse ”Lataa
            pakkaamaton” ja valitse purettu kansio.
          </li>
          <li>
            Firefox: avaa osoite <code>about:debugging#/runtime/this-firefox</code>, valitse ”Lataa väliaikainen lisäosa” ja
            valitse purettu kansio tai zip-paketti.
          </li>
          <li>
            Lataa Hintakori uudelleen ja avaa ostoskorin <Link to="/ostoskorivertailu">vertailu</Link> tai Osta-ikkuna.
          </li>
        </ol>
      </Prose>
    </PageLayout>
  );
}
