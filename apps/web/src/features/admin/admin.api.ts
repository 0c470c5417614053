import { api } from '../../app/api';
import type { AdminSession, CategoryMapping, CreateCategoryMappingRequest, LoginRequest, UnmappedCategory } from './admin.models';

/** Admin endpoints; their tag types are added here so the public app's slice stays as it is. */
export const adminApi = api.enhanceEndpoints({ addTagTypes: ['AdminSession', 'CategoryMapping'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminSession: build.query<AdminSession, void>({
      query: () => ({ url: '/admin/session' }),
      providesTags: ['AdminSession'],
    }),
    login: build.mutation<AdminSession, LoginRequest>({
      query: (body) => ({ url: '/admin/session', method: 'POST', body }),
      invalidatesTags: ['AdminSession', 'CategoryMapping'],
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: '/admin/session', method: 'DELETE' }),
      invalidatesTags: ['AdminSession'],
    }),
    getCategoryMappings: build.query<CategoryMapping[], void>({
      query: () => ({ url: '/admin/category-mappings' }),
      providesTags: ['CategoryMapping'],
    }),
    getUnmappedCategories: build.query<UnmappedCategory[], void>({
      query: () => ({ url: '/admin/category-mappings/unmapped' }),
      providesTags: ['CategoryMapping'],
    }),
    createCategoryMapping: build.mutation<CategoryMapping, CreateCategoryMappingRequest>({
      query: (body) => ({ url: '/admin/category-mappings', method: 'POST', body }),
      // Items move between categories: public item lists are stale too.
      invalidatesTags: ['CategoryMapping', 'Item'],
    }),
    deleteCategoryMapping: build.mutation<null, number>({
      query: (id) => ({ url: `/admin/category-mappings/${id}`, method: 'DELETE' }),
      invalidatesTags: ['CategoryMapping', 'Item'],
    }),
  }),
});

export const {
  useGetAdminSessionQuery,
  useLoginMutation,
  useLogoutMutation,
  useGetCategoryMappingsQuery,
  useGetUnmappedCategoriesQuery,
  useCreateCategoryMappingMutation,
  useDeleteCategoryMappingMutation,
} = adminApi;
