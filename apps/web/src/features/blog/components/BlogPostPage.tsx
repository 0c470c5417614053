import { Link, useParams } from 'react-router-dom';
import { formatFinnishDate } from '@hintakori/web-util';
import { Muted } from '@hintakori/web-ui';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { Prose } from '../../../kit/layout/Prose';
import { findPost } from '../posts';

export function BlogPostPage() {
  const { slug } = useParams();
  const post = findPost(slug);
  if (!post) {
    return (
      <PageLayout title="404 - Artikkelia ei löytynyt">
        <Link to="/blogi">Takaisin blogiin</Link>
      </PageLayout>
    );
  }
  return (
    <PageLayout title={post.title}>
      <Prose>
        <p>
          <Muted>
            <time dateTime={post.date}>{formatFinnishDate(post.date)}</time>
          </Muted>
        </p>
        {post.body}
        <p>
          <Link to="/blogi">← Kaikki kirjoitukset</Link>
        </p>
      </Prose>
    </PageLayout>
  );
}
