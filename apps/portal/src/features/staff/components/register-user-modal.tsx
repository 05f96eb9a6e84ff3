import { ROLE_IDS } from '@lynk/contract/roles';
import type { StaffMember } from '@lynk/contract/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, NativeSelect, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ANNOUNCED_ERROR } from '@/components/currency-input';
import { ErrorState } from '@/components/error-state';
import { GenericModal } from '@/components/generic-modal';
import { isApiRequestError } from '@/lib/api-client';
import { hideModal, setModalLocked } from '@/lib/modal-registry';
import { useOrganization } from '@/lib/organization';
import { useRequiredSession } from '@/lib/session';
import { useCreateStaff } from '../api/create-staff';
import { useRoles } from '../api/get-roles';
import { useUpdateStaff } from '../api/update-staff';
import { staffFormSchema, type StaffFormInput, type StaffFormOutput } from '../staff-form';
import { roleOptions } from '../staff-rules';
import { REGISTER_TEXTS } from '../texts';

export interface RegisterUserData {
  /** The member being edited ("Edit User"); absent to register a new one ("Register New User"). */
  member?: StaffMember;
  /** Opened from the corporate view's staff page: only the super administrator role is offered. */
  corporate: boolean;
}

function failureMessage(error: unknown, editing: boolean): string {
  if (editing) return REGISTER_TEXTS.updateFailed;
  return isApiRequestError(error) && error.status === 403
    ? REGISTER_TEXTS.superAdminLimit
    : REGISTER_TEXTS.createFailed;
}

/**
 * The register-user modal (spec sections 2, 4, 5 and 8): email (not editable when editing), role,
 * display name, "show name in QR" for cashiers only (it resets to off on other roles) and the
 * active flag. Nobody changes their own role or status. On success it closes, the staff list
 * refreshes and a toast says so.
 */
export function RegisterUserModal({ data }: { data: RegisterUserData }) {
  const { member, corporate } = data;
  const editing = member !== undefined;
  const { orgId } = useOrganization();
  const session = useRequiredSession();
  const self = editing && member.id === Number(session.id);
  const roles = useRoles();
  const create = useCreateStaff(orgId);
  const update = useUpdateStaff(orgId);
  const mutation = editing ? update : create;
  const sending = mutation.isPending;
  useEffect(() => setModalLocked(sending), [sending]);

  const options = roleOptions(roles.data ?? [], {
    corporate,
    editingSuperAdmin: member?.role_id === ROLE_IDS.SUPER_ADMIN,
  });
  const form = useForm<StaffFormInput, unknown, StaffFormOutput>({
    mode: 'onChange',
    defaultValues: {
      email: member?.email ?? '',
      roleId: member ? String(member.role_id) : '',
      displayName: member?.display_name ?? '',
      showQrDisplayName: member?.show_qr_display_name ?? false,
      active: member?.active ?? true,
    },
    resolver: zodResolver(staffFormSchema),
  });
  const { errors } = form.formState;
  const roleId = useWatch({ control: form.control, name: 'roleId' });
  const showOnQr = useWatch({ control: form.control, name: 'showQrDisplayName' });
  const isCashier = roleId === String(ROLE_IDS.CASHIER);

  const succeed = (message: string) => {
    hideModal();
    notifications.show({ message, color: 'teal' });
  };
  const send = (values: StaffFormOutput) => {
    const common = { show_qr_display_name: values.showQrDisplayName, active: values.active };
    if (editing) {
      update.mutate(
        {
          id: member.id,
          body: {
            ...common,
            display_name: values.displayName,
            merchant_id: session.merchant_id,
            auth_id: member.auth_id,
            email: member.email,
            role_id: values.roleId,
          },
        },
        { onSuccess: () => succeed(REGISTER_TEXTS.updated) },
      );
    } else {
      create.mutate(
        {
          email: values.email,
          display_name: values.displayName,
          merchants: [{ merchant_id: session.merchant_id, role_id: values.roleId, ...common }],
        },
        { onSuccess: () => succeed(REGISTER_TEXTS.created) },
      );
    }
  };

  return (
    <GenericModal
      subtitle={editing ? REGISTER_TEXTS.editSubtitle : REGISTER_TEXTS.registerSubtitle}
      onSubmit={(event) => {
        mutation.reset();
        void form.handleSubmit(send)(event);
      }}
      mainAction={{ label: editing ? REGISTER_TEXTS.save : REGISTER_TEXTS.register, loading: sending }}
      cancelAction={{ label: REGISTER_TEXTS.cancel, disabled: sending, onClick: hideModal }}
    >
      <Stack gap="md">
        <TextInput
          {...form.register('email')}
          type="email"
          label={REGISTER_TEXTS.email}
          required
          disabled={editing}
          autoComplete="off"
          error={errors.email?.message}
          errorProps={ANNOUNCED_ERROR}
          data-autofocus={editing ? undefined : true}
        />
        <Controller
          control={form.control}
          name="roleId"
          render={({ field }) => (
            <NativeSelect
              label={REGISTER_TEXTS.role}
              required
              disabled={self}
              description={self ? REGISTER_TEXTS.ownRoleHint : undefined}
              data={[
                { value: '', label: REGISTER_TEXTS.rolePlaceholder, disabled: true },
                ...options.map((role) => ({ value: String(role.id), label: role.name })),
              ]}
              value={field.value}
              error={errors.roleId?.message}
              errorProps={ANNOUNCED_ERROR}
              onBlur={field.onBlur}
              onChange={(event) => {
                field.onChange(event.currentTarget.value);
                // Spec section 5: the QR setting applies only to cashiers and resets on other roles.
                if (event.currentTarget.value !== String(ROLE_IDS.CASHIER)) {
                  form.setValue('showQrDisplayName', false, { shouldValidate: true });
                }
              }}
            />
          )}
        />
        <TextInput
          {...form.register('displayName', { deps: ['showQrDisplayName'] })}
          label={REGISTER_TEXTS.displayName}
          required={isCashier && showOnQr}
          error={errors.displayName?.message}
          errorProps={ANNOUNCED_ERROR}
          data-autofocus={editing ? true : undefined}
        />
        {isCashier ? (
          <Checkbox
            {...form.register('showQrDisplayName', { deps: ['displayName'] })}
            label={REGISTER_TEXTS.showOnQr}
            description={REGISTER_TEXTS.showOnQrHint}
          />
        ) : null}
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Switch
              label={REGISTER_TEXTS.activeLabel}
              // Their own record: the role field above already says why both are locked.
              description={self ? undefined : REGISTER_TEXTS.activeHint}
              checked={field.value}
              disabled={self}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        {mutation.isError ? <ErrorState message={failureMessage(mutation.error, editing)} /> : null}
      </Stack>
    </GenericModal>
  );
}
