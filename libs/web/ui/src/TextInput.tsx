import { useState, type InputHTMLAttributes, type Ref } from 'react';
import styled from 'styled-components';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random 8-character alphanumeric id. */
export function randomId(length = 8): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[Math.floor(Math.random() * ALPHANUMERIC.length)];
  return out;
}

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label?: string;
  name?: string;
  type?: string;
  error?: string;
  id?: string;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  ref?: Ref<HTMLInputElement>;
}

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`;

const Label = styled.label<{ $hidden?: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
  ${({ $hidden }) =>
    $hidden
      ? `position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;`
      : ''}
`;

export const Input = styled.input<{ $invalid?: boolean }>`
  width: 100%;
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.borderStrong)};
  background: ${({ theme }) => theme.colors.surface};
  &::placeholder { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Text input with a label; only displays an error text passed in (no validation of its own). */
export function TextInput({ label, name, type = 'text', error, id, hideLabel, className, ...rest }: TextInputProps) {
  const [generated] = useState(() => randomId());
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <Field className={className}>
      {label ? (
        <Label htmlFor={inputId} $hidden={hideLabel}>
          {label}
        </Label>
      ) : null}
      <Input
        id={inputId}
        name={name}
        type={type}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...rest}
      />
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </Field>
  );
}
