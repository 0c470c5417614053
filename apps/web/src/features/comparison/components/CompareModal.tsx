import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, ErrorBox, Icon, Modal } from '@hintakori/web-ui';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { shareCart } from '../../../kit/cart/web-share';
import { modalClosed, modalOpened } from '../../../kit/layout/ui.slice';
import { comparisonHint, rankOpenNow } from '../comparison.lib';
import { useStoreOpening } from '../hooks/useOpenNow';
import { useNow } from '../../../kit/stores/useNow';
import { useCartTotals } from '../../../kit/cart/useCartTotals';
import { SplitSuggestion } from './SplitSuggestion';
import { StoreTotalsList } from '../../../kit/cart/StoreTotalsList';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.lg};
`;

export function CompareModal() {
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.ui.modals.compare);
  const { ranked, loading, storeIds, lineCount } = useCartTotals();
  const hint = comparisonHint(storeIds.length, lineCount);
  const [openOnly, setOpenOnly] = useState(false);
  const opening = useStoreOpening(storeIds);
  const now = useNow();
  const shown = openOnly ? rankOpenNow(ranked, opening, now) : ranked;
  const close = () => dispatch(modalClosed('compare'));

  return (
    <Modal
      open={open}
      onClose={close}
      title="Vertaa hintoja"
      width={640}
      testId="compare-modal"
      headerActions={
        lineCount > 0 ? (
          <Button size="sm" onClick={() => void dispatch(shareCart())}>
            <Icon name="share" size={16} />
            Jaa
          </Button>
        ) : null
      }
    >
      {hint ? (
        <ErrorBox>{hint}</ErrorBox>
      ) : (
        <>
          <label>
            <input type="checkbox" checked={openOnly} onChange={(e) => setOpenOnly(e.target.checked)} data-testid="open-only" /> Vain nyt avoinna olevat
          </label>
          <StoreTotalsList ranked={shown} loading={loading} opening={opening} />
          <SplitSuggestion />
          <Actions>
            <Link to="/ostoskorivertailu" onClick={close}>
              Katso tuotekohtainen vertailu
            </Link>
            <Button variant="primary" onClick={() => dispatch(modalOpened('buy'))}>
              Osta
            </Button>
          </Actions>
        </>
      )}
    </Modal>
  );
}
