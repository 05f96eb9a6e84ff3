export const menu = {
  myProfile: 'My Profile',
  staff: 'Staff',
  customerSupport: 'Customer Support',
  logout: 'Logout',
  viewAll: 'View All',
  settings: 'Settings',
  dashboard: 'Dashboard',
} as const;
