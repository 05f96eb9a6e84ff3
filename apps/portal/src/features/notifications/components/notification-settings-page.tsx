import type { NotificationPreference } from '@lynk/contract/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CenteredLoader } from '@/components/centered-loader';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { organizationPaths, useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { usePreferences } from '../api/get-preferences';
import { useThreshold } from '../api/get-threshold';
import { useSaveSettings } from '../api/save-settings';
import { useUnsavedChangesBlocker } from '../hooks/use-unsaved-changes-blocker';
import {
  settingsChanges,
  settingsFormSchema,
  settingsFormValues,
  type SettingsFormInput,
  type SettingsFormOutput,
} from '../settings-form';
import { NOTIFICATION_TEXTS } from '../texts';

/** The settings error toast stays 3 seconds (spec section 9). */
const ERROR_TOAST_MS = 3_000;

function SettingsForm({
  preferences,
  threshold,
}: {
  preferences: readonly NotificationPreference[];
  threshold: number;
}) {
  const { orgId } = useOrganization();
  // Only the threshold is gated (spec section 6, "Threshold edit"); anyone who reads notifications switches them.
  const canEditThreshold = useCan('thresholdEdit');
  const save = useSaveSettings(orgId);
  const preferencesTitleId = useId();
  const form = useForm<SettingsFormInput, unknown, SettingsFormOutput>({
    resolver: zodResolver(settingsFormSchema),
    mode: 'onChange',
    defaultValues: settingsFormValues(preferences, threshold),
  });
  const { isDirty, isValid, errors } = form.formState;
  useUnsavedChangesBlocker(isDirty);

  // The data reloaded (after a save, or elsewhere): the form starts again from it unless edited.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(settingsFormValues(preferences, threshold));
  }, [preferences, threshold, form]);

  const submit = form.handleSubmit((values) => {
    const sent = form.getValues();
    save.mutate(settingsChanges(preferences, threshold, values), {
      // The changes clear (spec section 4): what was sent becomes the form's saved state. An edit
      // typed while it was saving is not saved: it stays a change, with its error if it has one.
      onSuccess: () => form.reset(sent, { keepValues: true, keepErrors: true }),
      onError: () =>
        notifications.show({
          color: 'red',
          message: NOTIFICATION_TEXTS.settingsFailed,
          autoClose: ERROR_TOAST_MS,
        }),
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="notification-settings-form">
      <Stack gap="lg">
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={preferencesTitleId}>
          <Title order={2} size="h4" id={preferencesTitleId}>
            {NOTIFICATION_TEXTS.preferencesTitle}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {NOTIFICATION_TEXTS.preferencesHint}
          </Text>
          <Stack gap="sm">
            {preferences.map((preference) => (
              <Controller
                key={preference.code}
                control={form.control}
                name={`preferences.${preference.code}`}
                render={({ field }) => (
                  <Switch
                    label={preference.name}
                    disabled={!preference.editable}
                    description={preference.editable ? undefined : NOTIFICATION_TEXTS.preferenceLocked}
                    checked={field.value ?? false}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    onBlur={field.onBlur}
                    data-testid={`preference-${preference.code}`}
                  />
                )}
              />
            ))}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg" component="section">
          <Title order={2} size="h4" mb="sm">
            {NOTIFICATION_TEXTS.thresholdTitle}
          </Title>
          <TextInput
            {...form.register('threshold')}
            label={NOTIFICATION_TEXTS.thresholdLabel}
            description={
              canEditThreshold
                ? NOTIFICATION_TEXTS.thresholdHint
                : `${NOTIFICATION_TEXTS.thresholdHint} ${NOTIFICATION_TEXTS.thresholdLocked}`
            }
            inputMode="numeric"
            leftSection="J$"
            maw={320}
            disabled={!canEditThreshold}
            error={errors.threshold?.message}
            errorProps={{ role: 'alert' }}
            data-testid="low-balance-threshold"
          />
        </Card>
        <Group justify="flex-end">
          <Button type="submit" disabled={!isDirty || !isValid} loading={save.isPending}>
            {NOTIFICATION_TEXTS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Spec section 2: notifications/settings, breadcrumb Dashboard > Notifications > Settings; a
 * switch per notification code and the low-balance threshold (whole dollars), saved together.
 */
export function NotificationSettingsPage() {
  const { segment, orgId } = useOrganization();
  const paths = organizationPaths(segment);
  const preferences = usePreferences(orgId);
  const threshold = useThreshold(orgId);

  let content;
  if (preferences.isPending || threshold.isPending) {
    content = <CenteredLoader label={NOTIFICATION_TEXTS.loading} />;
  } else if (preferences.isError || threshold.isError) {
    content = (
      <ErrorState
        message={NOTIFICATION_TEXTS.settingsFailed}
        onRetry={() => void Promise.all([preferences.refetch(), threshold.refetch()])}
      />
    );
  } else {
    content = <SettingsForm preferences={preferences.data} threshold={threshold.data} />;
  }

  return (
    <div data-testid="notification-settings-page">
      <PageHeader
        title={NOTIFICATION_TEXTS.settingsTitle}
        breadcrumbs={[
          { label: NOTIFICATION_TEXTS.dashboard, to: paths.mainWallet },
          { label: NOTIFICATION_TEXTS.breadcrumb, to: paths.notifications },
          { label: NOTIFICATION_TEXTS.settings },
        ]}
        back={{ to: paths.notifications, label: NOTIFICATION_TEXTS.back }}
      />
      {content}
    </div>
  );
}
