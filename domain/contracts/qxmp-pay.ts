// HTTP payloads of sign-in through QXMP Pay and of the sign-in
// providers this server offers. The API validates with these schemas and the web infers its types.
import { z } from 'zod';

export const qxmpPaySignInSchema = z.object({
  /** The provider's signed assertion from the widget's auth_success message (a compact JWS). */
  assertion: z.string().trim().min(1, 'assertion is required').max(8192, 'assertion is too long'),
});
export type QxmpPaySignIn = z.infer<typeof qxmpPaySignInSchema>;

export const qxmpPayNonceSchema = z.object({
  /** Single-use; the widget puts it into the assertion it signs. */
  nonce: z.string(),
  widgetUrl: z.string(),
});
export type QxmpPayNonce = z.infer<typeof qxmpPayNonceSchema>;

export const authProvidersSchema = z.object({
  qxmpPay: z.object({
    configured: z.boolean(),
    /** Widget messages are accepted only from this origin. */
    origin: z.string().nullable(),
    widgetUrl: z.string().nullable(),
  }),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;
