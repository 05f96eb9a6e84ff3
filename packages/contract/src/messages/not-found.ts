export const notFound = {
  title: "Looks like you're lost.",
  backToDashboard: 'Go back to the Dashboard',
  backToLogin: 'Go back to the Login',
} as const;
