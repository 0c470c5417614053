import { Type } from 'typebox';
import { Id } from '../dto/schemas';
import { PASSWORD_MAX_LENGTH } from './password';

export const MAX_EXTERNAL_TYPE_LENGTH = 100;
export const MAX_EXTERNAL_ID_LENGTH = 500;

/** Text with at least one non-space character and no control characters. */
const Text = (maxLength: number) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: '^[^\\u0000-\\u001f\\u007f]*[^\\s\\u0000-\\u001f\\u007f][^\\u0000-\\u001f\\u007f]*$',
    'x-expected': `text of at most ${maxLength} characters, not blank, without control characters`,
  });

/** `POST /api/admin/session` body. */
export const LoginBody = Type.Object(
  { username: Text(64), password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, format: 'password' }) },
  { additionalProperties: false },
);

/** `POST /api/admin/category-mappings` body (spec §7): categoryId, externalType, externalId. */
export const CreateMappingBody = Type.Object(
  {
    categoryId: Id('categoryId'),
    externalType: { ...Text(MAX_EXTERNAL_TYPE_LENGTH), examples: ['s-group'] },
    externalId: { ...Text(MAX_EXTERNAL_ID_LENGTH), examples: ['Maito, juusto, munat ja rasvat > Maidot'] },
  },
  { additionalProperties: false },
);
