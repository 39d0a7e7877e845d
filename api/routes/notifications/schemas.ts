// The request and response shapes of /api/notifications, from the shared contract
// (domain/contracts/notifications.ts), and the one-click unsubscribe's token and pages.
import { z } from 'zod';
import { fileResponse } from '../../openapi';

export {
  notificationCountResponseSchema,
  notificationDeletedResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
  notificationReadResponseSchema,
  notificationsReadAllResponseSchema,
} from '../../../domain/contracts/notifications';
export { idParams } from '../shared-schemas';

/** ?token=: the signed user and kind of an unsubscribe link. */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(200) });

/**
 * The one-click POST's form (RFC 8058: `List-Unsubscribe=One-Click`), or the confirm page's button;
 * either way nothing in it is needed beyond the token.
 */
export const unsubscribeBodySchema = z.object({ 'List-Unsubscribe': z.string().max(50).optional() }).optional();

export const unsubscribePage = fileResponse('text/html', 'A page saying what the link does or did');
