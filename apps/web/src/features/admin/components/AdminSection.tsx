import { Navigate, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import { AdminLayout } from './AdminLayout';
import { CategoryMappingsPage } from './CategoryMappingsPage';
import { LoginPage } from './LoginPage';
import { RequireAdmin } from './RequireAdmin';

const Plain = styled.main`
  padding: ${({ theme }) => theme.space.xxl};
`;

/** The separate app section under /app/* (admin screens), loaded as its own chunk. */
export function AdminSection() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route
        path="category-mappings"
        element={
          <RequireAdmin>
            <AdminLayout>
              <CategoryMappingsPage />
            </AdminLayout>
          </RequireAdmin>
        }
      />
      <Route index element={<Navigate to="category-mappings" replace />} />
      <Route
        path="*"
        element={
          <Plain>
            <h1>404 Page Not Found</h1>
          </Plain>
        }
      />
    </Routes>
  );
}
