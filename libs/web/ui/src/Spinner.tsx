import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.colors.primarySoft};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;

const Wrap = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xl};
`;

export function Spinner({ size = 32, label = 'Ladataan' }: { size?: number; label?: string }) {
  return <Ring $size={size} role="status" aria-label={label} />;
}

export function CenteredSpinner(props: { size?: number; label?: string }) {
  return (
    <Wrap>
      <Spinner {...props} />
    </Wrap>
  );
}
