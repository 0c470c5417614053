import { Link } from 'react-router-dom';
import { PageLayout } from '../../layout/components/PageLayout';

export function NotFoundPage() {
  return (
    <PageLayout title="404 Page Not Found" documentTitle="404">
      <p>
        <Link to="/">Takaisin etusivulle</Link>
      </p>
    </PageLayout>
  );
}
