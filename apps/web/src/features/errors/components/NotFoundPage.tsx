import { Link } from 'react-router-dom';
import { PageLayout } from '../../../kit/layout/PageLayout';

export function NotFoundPage() {
  return (
    <PageLayout title="404 Page Not Found" documentTitle="404">
      <p>
        <Link to="/">Takaisin etusivulle</Link>
      </p>
    </PageLayout>
  );
}
