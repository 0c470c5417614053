import styled from 'styled-components';
import type { MemberCard } from '@hintakori/shared-contracts';
import { useAppDispatch, useMemberCards } from '../../app/hooks';
import { CARD_LABELS, CARD_ORDER, cardToggled } from './cards.slice';

const Fieldset = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;
  padding: 0;
  border: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  legend { float: left; margin-right: ${({ theme }) => theme.space.sm}; font-weight: 600; padding: 0; }
  label { display: inline-flex; align-items: center; gap: ${({ theme }) => theme.space.xs}; min-height: 32px; }
`;

/**
 * "Kanta-asiakkuudet": the membership cards the shopper holds, kept in the browser like the chosen stores. A tick
 * only changes the cards in the store: nothing above it remounts, so nothing typed or ticked elsewhere is lost.
 */
export function MemberCardPicker() {
  const dispatch = useAppDispatch();
  const held = useMemberCards();
  const toggle = (card: MemberCard, checked: boolean) => dispatch(cardToggled({ card, held: checked }));
  return (
    <Fieldset data-testid="member-cards">
      <legend>Kanta-asiakkuudet</legend>
      {CARD_ORDER.map((card) => (
        <label key={card}>
          <input type="checkbox" checked={held.includes(card)} onChange={(e) => toggle(card, e.target.checked)} data-testid={`member-card-${card}`} />
          {CARD_LABELS[card]}
        </label>
      ))}
    </Fieldset>
  );
}
