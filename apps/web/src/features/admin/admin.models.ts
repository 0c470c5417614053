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

/** A feed category mapped to one of our categories. */
export interface CategoryMapping {
  id: number;
  categoryId: number;
  externalType: string;
  externalId: string;
  externalName: string | null;
  itemCount: number;
  createdAt: string;
}

/** A feed category with no mapping; its items are in "Muut". */
export interface UnmappedCategory {
  externalType: string;
  externalId: string;
  name: string;
  path: string[];
  itemCount: number;
  /** Where its items sit now (a category matched by name, or "Muut"); null without items. */
  currentCategoryId?: number | null;
}

/** The catalog contract's request (type-only: nothing of the contract reaches the bundle). */
export type { CreateCategoryMappingRequest } from '@hintakori/catalog-contracts';
