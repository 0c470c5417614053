/** Admin API shapes (their schemas: /api/docs; the rules: docs/api.md, "Admin"). */

/** The gateway contract's admin session and sign-in (type-only). */
export type { AdminSession, LoginRequest } from '@hintakori/gateway-contracts';

/** The catalog contract's request and replies (type-only: nothing of the contract reaches the bundle). */
export type { CategoryMappingDto as CategoryMapping, CreateCategoryMappingRequest, UnmappedCategoryDto as UnmappedCategory } from '@hintakori/catalog-contracts';
