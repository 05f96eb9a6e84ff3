import { useMutation } from '@tanstack/react-query';
import { logoutResponseSchema, type LogoutResponse } from '@lynk/contract/session';
import { apiClient } from '@/lib/api-client';

/**
 * POST /auth/logout (CSRF header added by the client) → `{ location }`: where to go next to end
 * the identity provider's session; it comes back to the site origin.
 */
const LOGOUT_PATH = '/auth/logout';

function logout(): Promise<LogoutResponse> {
  return apiClient.post(LOGOUT_PATH, logoutResponseSchema);
}

/** Only http(s) destinations are followed; anything else falls back to the site root. */
export function safeLogoutLocation(location: string): string {
  try {
    const url = new URL(location, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '/';
  } catch {
    return '/';
  }
}

export function useLogout({ onSuccess }: { onSuccess?: (location: string) => void } = {}) {
  return useMutation({
    mutationFn: logout,
    onSuccess: (data) => onSuccess?.(safeLogoutLocation(data.location)),
  });
}
