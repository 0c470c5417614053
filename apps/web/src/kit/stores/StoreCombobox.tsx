import { useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Input, SkeletonDropdownRows } from '@hintakori/web-ui';
import type { Store } from '../../app/models';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { chainName } from './chains';
import { useSearchStoresQuery } from '../api/stores.api';
import { ChainLogo } from './ChainLogo';

const Wrap = styled.div`
  position: relative;
  min-width: 0;
  flex: 1 1 260px;
`;

const Label = styled.label<{ $hidden?: boolean }>`
  display: block;
  margin-bottom: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  ${({ $hidden }) => ($hidden ? 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);' : '')}
`;

const Popup = styled.div`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  z-index: ${({ theme }) => theme.zIndex.topBar - 1};
  max-height: 340px;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const Listbox = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space.xs} 0;
`;

const Option = styled.li<{ $active: boolean; $disabled?: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  cursor: ${({ $disabled }) => ($disabled ? 'default' : 'pointer')};
  color: ${({ theme, $disabled }) => ($disabled ? theme.colors.textMuted : theme.colors.text)};
  background: ${({ theme, $active }) => ($active ? theme.colors.primarySoft : 'transparent')};
  small { display: block; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export const NO_RESULTS_OPTION = 'Ei tuloksia';

export interface StoreComboboxProps {
  label: string;
  placeholder?: string;
  hideLabel?: boolean;
  onSelect: (store: Store) => void;
  /** Stores to leave out of the options (e.g. already selected). */
  excludeIds?: readonly number[];
  /** Clear the text after a choice. */
  clearOnSelect?: boolean;
}

/** Store search box: queries the API 500 ms after the last keystroke; the 'no results' row cannot be chosen. */
export function StoreCombobox({ label, placeholder, hideLabel, onSelect, excludeIds = [], clearOnSelect = true }: StoreComboboxProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const baseId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const search = useDebouncedValue(text.trim());
  const { data, isFetching } = useSearchStoresQuery(search, { skip: search.length === 0 });
  const pending = text.trim() !== search || isFetching;
  const options = (search ? (data ?? []) : []).filter((s) => !excludeIds.includes(s.id));
  const showPopup = open && text.trim().length > 0;
  const listId = `${baseId}-list`;
  const optionId = (i: number) => `${baseId}-opt-${i}`;

  const choose = (store: Store | undefined) => {
    if (!store) return; // the 'no results' pseudo-option is ignored
    onSelect(store);
    if (clearOnSelect) setText('');
    setOpen(false);
    setActive(0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, Math.max(options.length - 1, 0)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter') {
      if (showPopup && !pending) {
        e.preventDefault();
        choose(options[active]);
      }
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <Wrap>
      <Label htmlFor={`${baseId}-input`} $hidden={hideLabel}>
        {label}
      </Label>
      <Input
        ref={inputRef}
        id={`${baseId}-input`}
        role="combobox"
        type="search"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showPopup}
        aria-controls={listId}
        aria-activedescendant={showPopup && !pending && options.length > 0 ? optionId(active) : undefined}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {showPopup ? (
        <Popup>
          {pending ? (
            <SkeletonDropdownRows />
          ) : (
            <Listbox id={listId} role="listbox" aria-label={label}>
              {options.length === 0 ? (
                <Option role="option" aria-disabled="true" aria-selected={false} $active={false} $disabled>
                  {NO_RESULTS_OPTION}
                </Option>
              ) : (
                options.map((store, i) => (
                  <Option
                    key={store.id}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    $active={i === active}
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseEnter={() => setActive(i)}
                    onClick={() => choose(store)}
                  >
                    <ChainLogo chain={store.chain} size={22} decorative />
                    <span>
                      {store.name}
                      <small>
                        {[store.address, store.city].filter(Boolean).join(', ') || chainName(store.chain)}
                      </small>
                    </span>
                  </Option>
                ))
              )}
            </Listbox>
          )}
        </Popup>
      ) : (
        <div id={listId} role="listbox" aria-label={label} hidden />
      )}
    </Wrap>
  );
}
