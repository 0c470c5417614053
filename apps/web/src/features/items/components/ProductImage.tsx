import styled from 'styled-components';
import { DEFAULT_PRODUCT_IMAGE, productImageUrl } from '@hintakori/web-util';

const Img = styled.img<{ $w: number; $h: number }>`
  width: ${({ $w }) => $w}px;
  height: ${({ $h }) => $h}px;
  max-width: 100%;
  object-fit: contain;
  flex: none;
`;

/** Product picture at one of the fixed sizes; a generic picture replaces a missing one. */
export function ProductImage({ src, alt, size }: { src: string | null | undefined; alt: string; size: { w: number; h: number } }) {
  return (
    <Img
      src={productImageUrl(src, size)}
      alt={alt}
      width={size.w}
      height={size.h}
      $w={size.w}
      $h={size.h}
      loading="lazy"
      onError={(e) => {
        const img = e.currentTarget;
        if (!img.src.endsWith(DEFAULT_PRODUCT_IMAGE)) img.src = DEFAULT_PRODUCT_IMAGE;
      }}
    />
  );
}
