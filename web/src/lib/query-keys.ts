// Query keys shared across features. A key's first element is the URL the default query
// function GETs, so these are also the addresses of the reads.
export const CURRENT_USER_KEY = ['/api/auth/me'] as const;
export const USER_KEY = ['/api/user'] as const;
export const VAULT_KEY = ['/api/vault'] as const;
