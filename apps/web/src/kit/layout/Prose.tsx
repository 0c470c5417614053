import styled from 'styled-components';

/** Readable column for text pages. */
export const Prose = styled.article`
  max-width: 760px;
  font-size: ${({ theme }) => theme.fontSizes.md};
  h2 { margin-top: ${({ theme }) => theme.space.xl}; }
  ul, ol { padding-left: ${({ theme }) => theme.space.xl}; }
  li { margin-bottom: ${({ theme }) => theme.space.xs}; }
`;

export const Lead = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;
