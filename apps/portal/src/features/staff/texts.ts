import { MESSAGES } from '@lynk/contract/messages';

/** Copy of the Staff page and its modals (spec sections 2, 5 and 8). Texts the spec does not quote are marked. */
export const STAFF_TEXTS = {
  title: MESSAGES.staff.title,
  loading: MESSAGES.common.loading,
  back: MESSAGES.common.back,
  dashboard: MESSAGES.menu.dashboard,
  addUser: MESSAGES.staff.addUser,
  active: MESSAGES.staff.active,
  inactive: MESSAGES.staff.inactive,
  noStaff: MESSAGES.table.noStaff,
  /** Not in the spec: the table's name, headers and the row actions' names. */
  tableLabel: 'Staff',
  displayName: 'Display name',
  email: 'Email',
  role: 'Role',
  status: 'Status',
  actions: 'Actions',
  edit: 'Edit',
  delete: 'Delete',
  qr: 'QR code',
  editOf: (name: string) => `Edit ${name}`,
  deleteOf: (name: string) => `Delete ${name}`,
  qrOf: (name: string) => `Download the QR code of ${name}`,
  qrDownloaded: MESSAGES.qr.fileSaved,
  qrFailed: MESSAGES.qr.downloadFailed,
} as const;

export const REGISTER_TEXTS = {
  registerTitle: MESSAGES.staff.registerTitle,
  editTitle: MESSAGES.staff.editTitle,
  created: MESSAGES.staff.created,
  superAdminLimit: MESSAGES.staff.superAdminLimit,
  /** Spec section 8: "Other failures use the generic transfer message." */
  createFailed: MESSAGES.transfer.notInitiated,
  updated: MESSAGES.staff.updated,
  updateFailed: MESSAGES.staff.updateFailed,
  emailRequired: MESSAGES.staff.emailRequired,
  emailInvalid: MESSAGES.staff.emailInvalid,
  roleRequired: MESSAGES.staff.roleRequired,
  cancel: MESSAGES.common.cancel,
  /** Not in the spec: the subtitle, the fields' labels and the buttons. */
  registerSubtitle: 'They will receive an email to set their password and activate the account.',
  editSubtitle: 'Change what this user can do in this merchant.',
  email: 'Email',
  role: 'User Role',
  rolePlaceholder: 'Select a role',
  displayName: 'Display name',
  showOnQr: 'Show display name on the QR code',
  showOnQrHint: 'Only cashiers have a QR code of their own.',
  activeLabel: 'Active',
  activeHint: 'An inactive user cannot sign in.',
  ownRoleHint: 'You cannot change your own role or status.',
  register: 'Register',
  save: 'Save',
} as const;

export const DELETE_TEXTS = {
  title: MESSAGES.staff.deleteTitle,
  confirm: MESSAGES.staff.deleteConfirm,
  deleted: MESSAGES.staff.deleted,
  deleteFailed: MESSAGES.staff.deleteFailed,
  cancel: MESSAGES.common.cancel,
  /** Not in the spec: the confirming button. */
  delete: 'Delete',
} as const;
