import styled from 'styled-components';
import { chainLogoUrl, chainName } from './chains';

const Img = styled.img<{ $size: number }>`
  width: ${({ $size }) => $size * 1.6}px;
  height: ${({ $size }) => $size}px;
  object-fit: contain;
  flex: none;
`;

/** Small chain badge; decorative when the name is shown next to it. */
export function ChainLogo({ chain, size = 24, decorative = false }: { chain: string; size?: number; decorative?: boolean }) {
  return (
    <Img
      src={chainLogoUrl(chain)}
      alt={decorative ? '' : chainName(chain)}
      $size={size}
      loading="lazy"
      onError={(e) => {
        const img = e.currentTarget;
        if (!img.src.endsWith('/default.svg')) img.src = '/images/chains/default.svg';
      }}
    />
  );
}
