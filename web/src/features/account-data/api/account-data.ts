// The settings page's data export and account deletion calls. Every answer is parsed with its
// schema from domain/contracts/account-data.ts; the websocket invalidates ACCOUNT_KEY when an
// export's step is recorded (read model `account`), so the progress moves without polling.
import { useQuery } from '@tanstack/react-query';
import {
  accountExportListSchema,
  accountExportStartedSchema,
  deleteAccountResponseSchema,
  deletionStatusSchema,
  type DeleteAccountRequest,
} from '../../../../../domain/contracts/account-data';
import { getParsed, requestParsed, retryUnlessRefused } from '../../../lib/api-client';
import { useOneShotMutation } from '../../../lib/one-shot-mutation';
import { ACCOUNT_KEY, CURRENT_USER_KEY } from '../../../lib/query-keys';

export const ACCOUNT_EXPORTS_KEY = [...ACCOUNT_KEY, 'exports'] as const;
export const ACCOUNT_DELETION_KEY = [...ACCOUNT_KEY, 'deletion'] as const;
const EXPORTS_URL = '/api/account/exports';
const DELETION_URL = '/api/account/deletion';

export function useAccountExports() {
  return useQuery({
    queryKey: ACCOUNT_EXPORTS_KEY,
    queryFn: async ({ signal }) => (await getParsed(accountExportListSchema, EXPORTS_URL, { signal })).exports,
    retry: retryUnlessRefused,
  });
}

/** POST /api/account/exports: the export recorded and its workflow started. */
export function useStartExport() {
  return useOneShotMutation(async () => (await requestParsed(accountExportStartedSchema, 'POST', EXPORTS_URL, {})).export, [ACCOUNT_EXPORTS_KEY]);
}

export function useDeletionStatus() {
  return useQuery({
    queryKey: ACCOUNT_DELETION_KEY,
    queryFn: ({ signal }) => getParsed(deletionStatusSchema, DELETION_URL, { signal }),
    retry: retryUnlessRefused,
  });
}

/** POST /api/account/deletion; afterwards the current user reads as signed out. */
export function useDeleteAccount() {
  return useOneShotMutation((request: DeleteAccountRequest) => requestParsed(deleteAccountResponseSchema, 'POST', DELETION_URL, request), [ACCOUNT_DELETION_KEY, CURRENT_USER_KEY]);
}
