import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatFinnishDate } from '@hintakori/web-util';
import { Muted } from '@hintakori/web-ui';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { POSTS } from '../posts';

const PostCard = styled.article`
  max-width: 760px;
  padding: ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h2 { margin-bottom: ${({ theme }) => theme.space.xs}; }
  h2 a { text-decoration: none; }
`;

export function BlogListPage() {
  return (
    <PageLayout title="Blogi">
      {POSTS.map((post) => (
        <PostCard key={post.slug}>
          <h2>
            <Link to={`/blogi/${post.slug}`}>{post.title}</Link>
          </h2>
          <Muted>
            <time dateTime={post.date}>{formatFinnishDate(post.date)}</time>
          </Muted>
          <p>{post.excerpt}</p>
          <Link to={`/blogi/${post.slug}`} aria-label={`Lue lisää: ${post.title}`}>
            Lue lisää
          </Link>
        </PostCard>
      ))}
    </PageLayout>
  );
}
