import { IsoTime, NonBlankText } from '@hintakori/shared-contracts';
import { type Static, Type } from 'typebox';

/**
 * The gateway's own HTTP shapes, the ones no service answers: the admin sign-in and its session. Like every contracts
 * library, one TypeBox schema per shape and its type derived from it; the gateway's routes validate and document with
 * the schemas, the web app imports the types (type-only: nothing of this reaches the bundle).
 */

/** The longest admin password (scrypt hashes any length; the cap bounds the work of one sign-in). */
export const PASSWORD_MAX_LENGTH = 256;

/** `POST /api/admin/session` body. */
export const LoginRequest = Type.Object(
  { username: NonBlankText(64), password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, format: 'password' }) },
  { additionalProperties: false },
);
export type LoginRequest = Static<typeof LoginRequest>;

/** The admin session (`/api/admin/session`): who is signed in, and until when (ISO time). */
export const AdminSession = Type.Object({ username: Type.String(), expiresAt: IsoTime });
export type AdminSession = Static<typeof AdminSession>;
