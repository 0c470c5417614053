import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { buttonStyles, type ButtonStyleProps, Icon } from '@hintakori/web-ui';

const ButtonLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
  text-decoration: none;
`;

/** 'Kauppalista' in the cart panel: opens the shopping-list mode of the cart. */
export function ShoppingListLink({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ButtonLink to="/kauppalista" $variant="secondary" $size="sm" onClick={onNavigate} data-testid="shopping-list-link">
      <Icon name="list" size={16} />
      Kauppalista
    </ButtonLink>
  );
}
