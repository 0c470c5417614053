import styled from 'styled-components';
import { Icon } from '@hintakori/web-ui';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { Prose } from '../../../kit/layout/Prose';

const LINKS = [
  {
    title: 'Kotikokki.net',
    href: 'https://www.kotikokki.net/reseptit/',
    text: 'Suomalaisten kotikokkien reseptejä arkeen ja juhlaan.',
  },
  {
    title: 'Valio reseptit',
    href: 'https://www.valio.fi/reseptit/',
    text: 'Tuhansia reseptejä aamupaloista jälkiruokiin.',
  },
  {
    title: 'Vanhat Hintakorin reseptit',
    href: 'https://web.archive.org/web/2021/https://hintakori.fi/reseptit',
    text: 'Arkisto Hintakorin aiemmin julkaisemista resepteistä.',
  },
];

const List = styled.ul`
  list-style: none;
  padding: 0 !important;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  li {
    padding: ${({ theme }) => theme.space.lg};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.lg};
  }
  a { display: inline-flex; align-items: center; gap: ${({ theme }) => theme.space.xs}; font-weight: 700; font-size: ${({ theme }) => theme.fontSizes.lg}; }
  p { margin: ${({ theme }) => theme.space.xs} 0 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export function RecipesPage() {
  return (
    <PageLayout title="Reseptit">
      <Prose>
        <p>Etsitkö ideoita ruokalistaan? Näistä lähteistä löydät reseptejä, joiden ainekset voit lisätä Hintakorin ostoskoriin.</p>
        <List>
          {LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.title}
                <Icon name="external" size={16} title="Avautuu uuteen välilehteen" />
              </a>
              <p>{link.text}</p>
            </li>
          ))}
        </List>
      </Prose>
    </PageLayout>
  );
}
