import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { dataSource } from '@hintakori/shared-util';
import { DATA_SOURCES_PATH } from './data-sources';

const Line = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/**
 * 'Lähde: OpenStreetMap' (with the credit it asks for) for a store from open data, 'Lähde: S-kaupat (…)' for one from
 * a chain's own web shop (its data and hours are the shop's); nothing for a chain's or partner's feed file.
 */
export function StoreSource({ source }: { source: string | null | undefined }) {
  if (!source) return null;
  const info = dataSource(source);
  if (!info.open && info.url === null) return null;
  return (
    <Line data-testid="store-source">
      Lähde: {info.name}
      {info.attribution ? ` (${info.attribution})` : null} · <Link to={DATA_SOURCES_PATH}>Tietolähteet</Link>
    </Line>
  );
}

/** Why a store is shown as closed for good: it is gone from the source it came from. */
export function storeClosedText(source: string | null | undefined): string {
  const from = source ? `lähteestä ${dataSource(source).name}` : 'lähteestään';
  return `Kauppaa ei enää löydy ${from}, joten se on merkitty pysyvästi suljetuksi.`;
}
