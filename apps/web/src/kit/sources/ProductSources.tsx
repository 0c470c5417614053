import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { FieldSource } from '../../app/models';
import { DATA_SOURCES_PATH, openProductSourceNames } from './data-sources';

const Line = styled.p`
  margin-top: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** 'Tuotetiedot: Open Food Facts' under a product's details when open data filled some of its fields. */
export function ProductSources({ fieldSources }: { fieldSources: readonly FieldSource[] | undefined }) {
  const names = openProductSourceNames(fieldSources);
  if (names.length === 0) return null;
  return (
    <Line data-testid="product-sources">
      Tuotetiedot: {names.join(', ')} · <Link to={DATA_SOURCES_PATH}>Tietolähteet ja lisenssit</Link>
    </Line>
  );
}
