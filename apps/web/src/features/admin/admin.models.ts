/** Admin API shapes (their schemas: /api/docs; the rules: docs/api.md, "Admin"). */

export interface AdminSession {
  username: string;
  /** ISO time the session ends. */
  expiresAt: string;
}

export interface LoginRequest {
  username: string;
  password: string;
}

/** The catalog contract's request and replies (type-only: nothing of the contract reaches the bundle). */
export type { CategoryMappingDto as CategoryMapping, CreateCategoryMappingRequest, UnmappedCategoryDto as UnmappedCategory } from '@hintakori/catalog-contracts';
