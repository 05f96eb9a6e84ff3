export const auth = {
  notAuthenticated: 'User not authenticated',
  accessDeniedTitle: 'Access Denied',
  accessDenied: "You don't have permissions to view this page.",
} as const;
