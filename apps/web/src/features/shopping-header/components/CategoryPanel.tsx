import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Icon, SkeletonRows, SlideOver } from '@hintakori/web-ui';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ensureCartLoaded } from '../../../kit/cart/cart.thunks';
import { buildCategoryTree, type CategoryNode } from '../../../kit/product/categories.slice';
import { modalClosed } from '../../../kit/layout/ui.slice';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const MainItem = styled.li`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Toggle = styled.button`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.xs}`};
  border: 0;
  background: none;
  font-weight: 600;
  text-align: left;
  cursor: pointer;
  svg { transition: transform ${({ theme }) => theme.transitions.fast}; flex: none; }
  &[aria-expanded='true'] svg { transform: rotate(180deg); }
`;

const SubList = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: 0 0 0 ${({ theme }) => theme.space.md};
  a { display: block; padding: ${({ theme }) => theme.space.xs} 0; text-decoration: none; }
  ul a { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** Left slide-over with the main categories; sub- and sub-subcategories link to /kategoria/… */
export function CategoryPanel() {
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.ui.modals.categories);
  const { list, loaded } = useAppSelector((s) => s.categories);
  const [expanded, setExpanded] = useState<number | null>(null);
  const tree = buildCategoryTree(list);
  const close = () => dispatch(modalClosed('categories'));

  // The saved cart is fetched once per session when the category panel opens.
  useEffect(() => {
    if (open) void dispatch(ensureCartLoaded());
  }, [open, dispatch]);

  const link = (path: CategoryNode[]) => `/kategoria/${path.map((c) => c.slug).join('/')}`;

  return (
    <SlideOver open={open} onClose={close} side="left" title="Kategoriat" width={360} testId="category-panel">
      {!loaded ? (
        <SkeletonRows />
      ) : (
        <List>
          {tree.map((main) => (
            <MainItem key={main.id}>
              <Toggle
                type="button"
                aria-expanded={expanded === main.id}
                aria-controls={`category-${main.id}`}
                onClick={() => setExpanded(expanded === main.id ? null : main.id)}
              >
                {main.name}
                <Icon name="chevronDown" size={18} />
              </Toggle>
              {expanded === main.id ? (
                <SubList id={`category-${main.id}`}>
                  <li>
                    <Link to={link([main])} onClick={close}>
                      Kaikki: {main.name}
                    </Link>
                  </li>
                  {main.children.map((sub) => (
                    <li key={sub.id}>
                      <Link to={link([main, sub])} onClick={close}>
                        {sub.name}
                      </Link>
                      {sub.children.length > 0 ? (
                        <SubList>
                          {sub.children.map((leaf) => (
                            <li key={leaf.id}>
                              <Link to={link([main, sub, leaf])} onClick={close}>
                                {leaf.name}
                              </Link>
                            </li>
                          ))}
                        </SubList>
                      ) : null}
                    </li>
                  ))}
                </SubList>
              ) : null}
            </MainItem>
          ))}
        </List>
      )}
    </SlideOver>
  );
}
