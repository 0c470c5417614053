import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface BlogPost {
  slug: string;
  title: string;
  /** 'YYYY-MM-DD' */
  date: string;
  excerpt: string;
  body: ReactNode;
}

export const POSTS: BlogPost[] = [
  {
    slug: 'hintakori-uudistui',
    title: 'Hintakori uudistui',
    date: '2024-04-04',
    excerpt:
      'Hintakori sai uuden ilmeen. Tuotteita voi nyt selata kuten verkkokaupassa, ja jokaisen hinnan kohdalla näkyy, milloin se on viimeksi tarkistettu.',
    body: (
      <>
        <p>
          Hintakori on uudistunut! Sivusto sai kokonaan uuden ulkoasun, joka toimii entistä paremmin niin puhelimella kuin
          tietokoneella.
        </p>
        <h2>Tuotteiden selaaminen kuin verkkokaupassa</h2>
        <p>
          Tuotteita voi nyt hakea ja selata kategorioittain samaan tapaan kuin verkkokaupassa. Valitse ensin kaupat, joiden
          hintoja haluat verrata, ja lisää tuotteet ostoskoriin. Ostoskorista näet heti, mikä valitsemistasi kaupoista on
          edullisin.
        </p>
        <h2>Milloin hinta on tarkistettu?</h2>
        <p>
          Jokaisen hinnan kohdalla näkyy nyt päivämäärä, jolloin hinta on viimeksi tarkistettu. Jos hinta on yli kaksi
          viikkoa vanha, merkitsemme sen punaisella kellolla.
        </p>
        <h2>Tulossa</h2>
        <ul>
          <li>ostoskorin vienti suoraan kauppaketjujen verkkokauppoihin</li>
          <li>ostoskorien tallentaminen ja jakaminen</li>
          <li>uusia näkymiä kauppojen tarjouksiin.</li>
        </ul>
        <p>
          Kiitos, että käytät Hintakoria! Palautetta voit lähettää <Link to="/ota-yhteytta">yhteydenottosivun</Link>{' '}
          kautta.
        </p>
      </>
    ),
  },
];

export function findPost(slug: string | undefined): BlogPost | undefined {
  return POSTS.find((p) => p.slug === slug);
}
