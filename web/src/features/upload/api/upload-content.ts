// The Upload tab's upload (the request itself is lib/track/api/upload-content.ts). On success the
// vault and the user refresh; the websocket then keeps the new card current as its workflow moves on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadContent, type UploadInput } from '../../../lib/track/api/upload-content';
import { USER_KEY, VAULT_KEY } from '../../../lib/query-keys';

export function useUploadContent({ onProgress }: { onProgress?: (percent: number) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => uploadContent(input, onProgress),
    // Never resend a file by itself: a retry after a lost answer would register it twice.
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: VAULT_KEY }),
        queryClient.invalidateQueries({ queryKey: USER_KEY }),
      ]),
  });
}
