import { CreateCategoryMappingRequest } from '@hintakori/catalog-contracts';
import { LoginRequest } from '@hintakori/gateway-contracts';
import { Type } from 'typebox';

/** `POST /api/admin/session` body (the gateway contract's). */
export const LoginBody = LoginRequest;

/** `POST /api/admin/category-mappings` body (spec §7): the catalog's CreateCategoryMappingRequest, and no other field. */
export const CreateMappingBody = Type.Object(
  {
    categoryId: CreateCategoryMappingRequest.properties.categoryId,
    externalType: { ...CreateCategoryMappingRequest.properties.externalType, examples: ['s-group'] },
    externalId: { ...CreateCategoryMappingRequest.properties.externalId, examples: ['Maito, juusto, munat ja rasvat > Maidot'] },
  },
  { additionalProperties: false },
);
