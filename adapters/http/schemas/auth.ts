import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../../../domain/identity/password.ts';
import { timestamp } from './common.ts';

export const passwordChange = z
  .strictObject({
    password: z.string().max(PASSWORD_MAX_LENGTH).describe('At least 12 characters'),
    currentPassword: z
      .string()
      .max(PASSWORD_MAX_LENGTH)
      .optional()
      .describe('Required when users change their own password once one is set'),
  })
  .meta({ id: 'PasswordChange' });

export const signInRequest = z
  .strictObject({ email: z.string().min(1).max(255), password: z.string().max(PASSWORD_MAX_LENGTH) })
  .meta({ id: 'SignIn' });

export const sessionKey = z
  .object({
    key: z.string().describe('A bearer API key for this session'),
    expiresAt: timestamp.describe('When the session key stops working'),
  })
  .meta({ id: 'SessionKey' });

export const mfaChallenge = z
  .object({
    mfaRequired: z.literal(true),
    challengeId: z.string().describe('Send it with the e-mailed code to POST /auth/mfa/verify'),
  })
  .meta({ id: 'MfaChallenge' });

export const mfaVerify = z
  .strictObject({
    challengeId: z.string().min(1).max(80),
    code: z
      .string()
      .regex(/^\d{6}$/, 'must be the 6-digit code')
      .describe('The 6-digit code from the e-mail'),
  })
  .meta({ id: 'MfaVerify' });
