import styled from 'styled-components';
import { DEFAULT_PRODUCT_IMAGE, productImageUrl } from '@hintakori/web-util';

const Img = styled.img<{ $w: number; $h: number }>`
  width: ${({ $w }) => $w}px;
  height: ${({ $h }) => $h}px;
  max-width: 100%;
  object-fit: contain;
  flex: none;
`;

/**
 * Product picture at one of the fixed sizes; a generic picture replaces a missing one. Loaded when near the
 * screen, except the `priority` one (a product page's picture, the first thing it shows), which loads at once.
 */
export function ProductImage({ src, alt, size, priority = false }: { src: string | null | undefined; alt: string; size: { w: number; h: number }; priority?: boolean }) {
  return (
    <Img
      src={productImageUrl(src, size)}
      alt={alt}
      width={size.w}
      height={size.h}
      $w={size.w}
      $h={size.h}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      onError={(e) => {
        const img = e.currentTarget;
        if (!img.src.endsWith(DEFAULT_PRODUCT_IMAGE)) img.src = DEFAULT_PRODUCT_IMAGE;
      }}
    />
  );
}
