export const logout = {
  title: 'Are you sure you want to log out?',
  // Not quoted by the spec, which only says the text notes this consequence.
  subtitle: 'You will not be able to access the dashboard after logging out.',
  confirm: 'Logout',
} as const;
