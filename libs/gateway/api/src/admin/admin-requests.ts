import { CreateCategoryMappingRequest } from '@hintakori/catalog-contracts';
import { NonBlankText } from '@hintakori/shared-contracts';
import { Type } from 'typebox';
import { PASSWORD_MAX_LENGTH } from './password';

/** `POST /api/admin/session` body. */
export const LoginBody = Type.Object(
  { username: NonBlankText(64), password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, format: 'password' }) },
  { additionalProperties: false },
);

/** `POST /api/admin/category-mappings` body (spec §7): the catalog's CreateCategoryMappingRequest, and no other field. */
export const CreateMappingBody = Type.Object(
  {
    categoryId: CreateCategoryMappingRequest.properties.categoryId,
    externalType: { ...CreateCategoryMappingRequest.properties.externalType, examples: ['s-group'] },
    externalId: { ...CreateCategoryMappingRequest.properties.externalId, examples: ['Maito, juusto, munat ja rasvat > Maidot'] },
  },
  { additionalProperties: false },
);
