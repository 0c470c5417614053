import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { mq } from '@hintakori/web-ui';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { ShoppingHeader } from '../../../kit/header/ShoppingHeader';
import { Lead } from '../../../kit/layout/Prose';

const Steps = styled.ol`
  list-style: none;
  margin: ${({ theme }) => theme.space.xl} 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.lg};
  counter-reset: step;
  ${mq.below('lg')} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${mq.below('sm')} { grid-template-columns: 1fr; }
`;

const Step = styled.li`
  counter-increment: step;
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  &::before {
    content: counter(step);
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 36px;
    height: 36px;
    margin-bottom: ${({ theme }) => theme.space.md};
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    font-weight: 800;
  }
  h3 { font-size: ${({ theme }) => theme.fontSizes.lg}; margin-bottom: ${({ theme }) => theme.space.sm}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Hero = styled.section`
  margin-bottom: ${({ theme }) => theme.space.lg};
  h1 { font-size: ${({ theme }) => theme.fontSizes.hero}; ${mq.below('sm')} { font-size: ${({ theme }) => theme.fontSizes.xxl}; } }
`;

export function HomePage() {
  return (
    <PageLayout documentTitle={null} before={<ShoppingHeader />}>
      <Hero>
        <h1>Vertaile ruoan hintoja ja löydä edullisin kauppa</h1>
        <Lead>
          Tervetuloa Hintakoriin! Hintakori vertailee ruokaostosten hintoja S-ryhmän, K-ryhmän ja Lidlin kaupoissa. Palvelu
          on maksuton eikä vaadi rekisteröitymistä.
        </Lead>
      </Hero>
      <section aria-labelledby="how-to">
        <h2 id="how-to">Näin käytät Hintakoria</h2>
        <Steps>
          <Step>
            <h3>Valitse kaupat</h3>
            <p>Valitse yläreunasta kaupat, joiden hintoja haluat vertailla, tai hae lähimmät kaupat sijaintisi perusteella.</p>
          </Step>
          <Step>
            <h3>Aloita ostokset</h3>
            <p>Hae tuotteita hakukentästä tai selaa tuotteita kategorioittain.</p>
          </Step>
          <Step>
            <h3>Lisää tuotteet ostoskoriin</h3>
            <p>Lisää tarvitsemasi tuotteet ostoskoriin. Ostoskori säilyy selaimessasi myöhempää käyttöä varten.</p>
          </Step>
          <Step>
            <h3>Vertaa</h3>
            <p>Vertaa ostoskorin hintaa valitsemissasi kaupoissa. Edullisin kauppa korostetaan.</p>
          </Step>
        </Steps>
        <p>
          Katso koko ostoskorin hinnat rinnakkain <Link to="/ostoskorivertailu">ostoskorivertailussa</Link> tai tutki
          kauppojen hintatasoa kartalla <Link to="/hintakartta">hintakartassa</Link>.
        </p>
      </section>
    </PageLayout>
  );
}
