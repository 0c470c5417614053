import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Input } from '@hintakori/web-ui';
import { filterCategoryOptions, pathLabel, type CategoryOption } from '../category-tree';

const Wrap = styled.div`
  position: relative;
  min-width: 240px;
  flex: 1 1 280px;
`;

const Listbox = styled.ul`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  max-height: 300px;
  overflow-y: auto;
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space.xs} 0;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const Option = styled.li<{ $active: boolean }>`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.colors.primarySoft : 'transparent')};
  small { display: block; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export interface CategoryPickerProps {
  label: string;
  options: readonly CategoryOption[];
  value: CategoryOption | null;
  onChange: (option: CategoryOption | null) => void;
}

/** Searchable select over our category tree: type any words of the category's path, pick with mouse or keys. */
export function CategoryPicker({ label, options, value, onChange }: CategoryPickerProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const baseId = useId();
  const matches = useMemo(() => filterCategoryOptions(options, text), [options, text]);
  const listId = `${baseId}-list`;
  const optionId = (i: number) => `${baseId}-opt-${i}`;
  const showList = open && matches.length > 0;

  const choose = (option: CategoryOption | undefined) => {
    if (!option) return;
    onChange(option);
    setText(pathLabel(option.path));
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, Math.max(matches.length - 1, 0)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter' && showList) {
      e.preventDefault();
      choose(matches[active]);
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <Wrap>
      <Input
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList ? optionId(active) : undefined}
        autoComplete="off"
        placeholder="Hae kategoriaa"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
          if (value) onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {showList ? (
        <Listbox id={listId} role="listbox" aria-label={label}>
          {matches.map((option, i) => (
            <Option
              key={option.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              $active={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
            >
              {option.name}
              {option.path.length > 1 ? <small>{pathLabel(option.path.slice(0, -1))}</small> : null}
            </Option>
          ))}
        </Listbox>
      ) : null}
    </Wrap>
  );
}
