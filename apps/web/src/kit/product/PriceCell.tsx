import styled from 'styled-components';
import { formatPrice, formatUnitPrice } from '@hintakori/web-util';
import { Tooltip } from '@hintakori/web-ui';

const Star = styled.span`
  color: ${({ theme }) => theme.colors.warning};
  font-weight: 700;
  margin-left: 1px;
`;

/** A price in euros: '--' with an explanation when missing, '*' when it is an estimate. */
export function PriceCell({ cents, estimated = false, multiplier = 1 }: { cents: number | null | undefined; estimated?: boolean; multiplier?: number }) {
  if (cents === null || cents === undefined) {
    return (
      <Tooltip content="Tuote tai hinta ei ole saatavilla" label="Hinta ei saatavilla">
        <span aria-hidden="true">--</span>
      </Tooltip>
    );
  }
  const text = formatPrice(cents * multiplier);
  if (!estimated) return <span>{text}</span>;
  return (
    <Tooltip content="Arvioitu hinta" label={`${text}, arvioitu hinta`}>
      <span aria-hidden="true">
        {text}
        <Star>*</Star>
      </span>
    </Tooltip>
  );
}

export function UnitPrice({ cents, unit }: { cents: number | null | undefined; unit: string | null | undefined }) {
  return <span>{formatUnitPrice(cents, unit)}</span>;
}
