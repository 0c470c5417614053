import styled from 'styled-components';
import { Button, Icon, mq, Muted } from '@hintakori/web-ui';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGeolocationStores } from './useGeolocationStores';
import { storeAdded, storeRemoved, toSelectedStore } from './stores.slice';
import { ChainLogo } from './ChainLogo';
import { StoreCombobox } from './StoreCombobox';
import { MemberCardPicker } from './MemberCardPicker';

const Wrap = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  > div:first-child { flex: 1 1 180px; }
  @media (max-width: 480px) {
    flex-wrap: nowrap;
    .geo-label { display: none; }
    > button { min-width: 40px; padding: 0 ${({ theme }) => theme.space.sm}; }
  }
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  list-style: none;
  margin: 0;
  padding: 0;
  ${mq.below('sm')} {
    flex-wrap: nowrap;
    overflow-x: auto;
    padding-bottom: ${({ theme }) => theme.space.xs};
    scrollbar-width: thin;
  }
`;

const Chip = styled.li`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.xxs} ${theme.space.xxs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  white-space: nowrap;
  flex: none;
  button { min-height: 26px; min-width: 26px; border-radius: 50%; }
`;

/** Picks the stores whose prices are compared and (not compact) the membership cards; the choice is saved in the browser. */
export function StoreSelector({ compact = false }: { compact?: boolean }) {
  const dispatch = useAppDispatch();
  const selected = useAppSelector((s) => s.stores.selected);
  const geo = useGeolocationStores();
  const busy = geo.state === 'locating' || geo.state === 'loading';

  return (
    <Wrap aria-label="Valitut kaupat" data-testid="store-selector">
      <Controls>
        <StoreCombobox
          label="Valitse kaupat"
          hideLabel={compact}
          placeholder="Hae ja lisää kauppa"
          excludeIds={selected.map((s) => s.id)}
          onSelect={(store) => dispatch(storeAdded(toSelectedStore(store)))}
        />
        <Button onClick={geo.locate} disabled={busy} aria-label="Valitse lähimmät kaupat sijaintisi perusteella">
          <Icon name="location" size={18} />
          <span className="geo-label">{busy ? 'Haetaan…' : 'Lähimmät kaupat'}</span>
        </Button>
      </Controls>
      {geo.message ? <Muted role="status">{geo.message}</Muted> : null}
      {selected.length > 0 ? (
        <Chips aria-label="Valitut kaupat">
          {selected.map((store) => (
            <Chip key={store.id}>
              <ChainLogo chain={store.chain} size={16} decorative />
              {store.name}
              <Button
                variant="ghost"
                size="sm"
                iconOnly
                aria-label={`Poista ${store.name}`}
                onClick={() => dispatch(storeRemoved(store.id))}
              >
                <Icon name="close" size={14} />
              </Button>
            </Chip>
          ))}
        </Chips>
      ) : (
        <Muted>Valitse kaupat, joiden hintoja haluat vertailla.</Muted>
      )}
      {compact ? null : <MemberCardPicker />}
    </Wrap>
  );
}
