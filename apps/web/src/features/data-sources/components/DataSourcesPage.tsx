import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { DATA_SOURCES, type DataSourceInfo } from '@hintakori/shared-util';
import { STALE_PRICE_DAYS } from '@hintakori/web-util';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { Lead, Prose } from '../../../kit/layout/Prose';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; }
`;

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function SourceSection({ source }: { source: DataSourceInfo }) {
  const headingId = `source-${source.id}`;
  return (
    <section aria-labelledby={headingId} data-testid="data-source">
      <h2 id={headingId}>{source.name}</h2>
      <Facts>
        <dt>Tiedot</dt>
        <dd>{source.provides}</dd>
        <dt>Lisenssi</dt>
        <dd>
          {source.licence && source.licenceUrl ? (
            <ExternalLink href={source.licenceUrl}>{source.licence}</ExternalLink>
          ) : (
            (source.licence ?? source.licenceNote)
          )}
        </dd>
        {source.attribution ? (
          <>
            <dt>Lähdemerkintä</dt>
            <dd>{source.attribution}</dd>
          </>
        ) : null}
        {source.terms ? (
          <>
            <dt>Käyttöehdot</dt>
            <dd data-testid="source-terms">
              {source.terms}
              {source.termsUrl ? (
                <>
                  {' '}
                  (<ExternalLink href={source.termsUrl}>{source.termsUrl.replace(/^https:\/\//, '')}</ExternalLink>)
                </>
              ) : null}
            </dd>
          </>
        ) : null}
        {source.url ? (
          <>
            <dt>Verkkosivu</dt>
            <dd>
              <ExternalLink href={source.url}>{source.url.replace(/^https:\/\//, '')}</ExternalLink>
            </dd>
          </>
        ) : null}
      </Facts>
    </section>
  );
}

/** 'A, B ja C'. */
const finnishList = (names: readonly string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} ja ${names[names.length - 1]}`);

/** /tietoa/lahteet: every source of Hintakori's data, what it gives, its licence and the attribution it asks for. */
export function DataSourcesPage() {
  const open = DATA_SOURCES.filter((s) => s.open);
  return (
    <PageLayout title="Tietolähteet">
      <Prose>
        <Lead>
          Hintakorin hinnat, tuotetiedot ja kauppojen tiedot tulevat alla luetelluista lähteistä. Jokaisen hinnan kohdalla
          kerrotaan, mistä lähteestä se on ja minä päivänä lähde on sen nähnyt.
        </Lead>
        {DATA_SOURCES.map((source) => (
          <SourceSection key={source.id} source={source} />
        ))}
        <p>
          Lisäksi hintoja voi tulla kauppojen ja yhteistyökumppanien omista tiedostosyötteistä; niiden hinnan kohdalla lukee
          syötteen nimi.
        </p>
        <h2>Ketjujen verkkokaupat</h2>
        <p>
          Ketjujen verkkokauppojen ja sivustojen hinnat ovat kaupan itse ilmoittamia. Kun kauppa kertoo, mihin asti
          tarjous on voimassa, tai ilmoittaa oman 30 päivän alimman hintansa, ne näkyvät hinnan kohdalla sellaisinaan.
          Hintakorin oma 30 päivän alin hinta lasketaan aina Hintakorin omasta hintahistoriasta, eikä kaupan ilmoitus
          korvaa sitä. Sivustojen tietoja käytetään niiden käyttöehtojen mukaisesti ja vain ketjun kanssa sovitusti.
        </p>
        <h2>Avoin data</h2>
        <p>
          {finnishList(open.map((s) => s.name))} ovat avoimia tietokantoja, joiden tiedot on lisensoitu Open Database License
          (ODbL) -lisenssillä. Niistä peräisin olevia tietoja käytetään lisenssin ehtojen mukaisesti ja lähde mainiten.
        </p>
        <p>
          Avoin data vain täydentää ketjujen omia tietoja: se ei koskaan korvaa sitä, mitä ketjun oma hintatieto tai
          tuotetieto kertoo. Tuotesivulla näkyy, jos tuotteen tietoja on täydennetty avoimesta datasta.
        </p>
        <h2>Kuluttajien ilmoittamat hinnat</h2>
        <p>
          Open Prices -hinnat ovat kuluttajien kaupassa havaitsemia ja ilmoittamia hintoja. Ne voivat olla vanhempia kuin
          ketjujen omat hintatiedot tai poiketa hyllyssä olevasta hinnasta. Hinnan kohdalla näkyy päivä, jolloin hinta
          ilmoitettiin.
        </p>
        <h2>Käyttäjien havainnot verkkokaupoista</h2>
        <p>
          Hintakori-lisäosan käyttäjä voi halutessaan jakaa hinnat, jotka hän näkee S-kauppojen ja K-Ruoan
          verkkokaupoissa valitsemansa kaupan tuotesivuilla. Jakaminen on pois päältä, kunnes käyttäjä itse ottaa sen
          käyttöön lisäosan valikosta. Näin saamme kauppakohtaisia hintoja, joita kauppa näyttää asiakkailleen.
        </p>
        <p>
          Jokaisesta havainnosta tallennetaan vain tuotteen EAN-koodi, verkkokaupan kauppaa vastaava Hintakorin kauppa,
          hinta, mahdollinen tarjoushinta ja normaalihinta, yksikköhinta sellaisena kuin verkkokauppa sen näyttää sekä
          havainnon aika. Käyttäjästä ei lähetetä mitään: ei evästeitä, tiliä, ostoskoria eikä osoitetta. Tarkemmin
          asiasta kerrotaan <Link to="/tietosuojalauseke">tietosuojalausekkeessa</Link>.
        </p>
        <p>
          Havainnot käsitellään kuten muutkin hintatiedot. Jos havaittu hinta poikkeaa paljon (yli 50 %) kaupan
          tunnetusta hinnasta, se odottaa, kunnes toinen käyttäjä havaitsee saman hinnan. Ketjun oma, uudempi hintatieto
          menee aina käyttäjän havainnon edelle. Hinnan kohdalla lukee, minkä verkkokaupan hinta on ja minä päivänä se
          nähtiin, esimerkiksi ”Lähde: käyttäjän havainto S-kaupat-verkkokaupasta 1.12.2026”.
        </p>
        <h2>Vanhentuneet hinnat</h2>
        <p>
          Jos hintaa ei ole nähty yli {STALE_PRICE_DAYS} päivään, sen kohdalla oleva kellokuvake näkyy punaisena. Tarkista
          silloin hinta kaupasta.
        </p>
        <p>
          Takaisin <Link to="/tietoa">Tietoa-sivulle</Link>.
        </p>
      </Prose>
    </PageLayout>
  );
}
