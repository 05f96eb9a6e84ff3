import { ANNOUNCED_ERROR } from '@/components/currency-input';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { isUnauthorized } from '@/lib/api-client';
import { useSignInConsumer } from '../api/sign-in-consumer';
import { serverMessage } from '../pay-errors';
import { signInFormSchema, type SignInFormInput, type SignInFormOutput } from '../sign-in-form';
import { PAY_TEXTS } from '../texts';

function signInError(error: unknown): string {
  return serverMessage(error, isUnauthorized(error) ? PAY_TEXTS.signInFailed : PAY_TEXTS.somethingWentWrong);
}

/** The customer signs in to their Lynk wallet (their own session, never the staff one) to pay. */
export function ConsumerSignIn() {
  const signIn = useSignInConsumer();
  const sending = signIn.isPending;
  const form = useForm<SignInFormInput, unknown, SignInFormOutput>({
    mode: 'onChange',
    defaultValues: { email: '', password: '' },
    resolver: zodResolver(signInFormSchema),
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-labelledby="pay-sign-in-heading"
      onSubmit={(event) => {
        if (sending) {
          event.preventDefault();
          return;
        }
        signIn.reset();
        void form.handleSubmit((values) => signIn.mutate(values))(event);
      }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="pay-sign-in-heading">
            {PAY_TEXTS.signInHeading}
          </Title>
          <Text size="sm" c="dimmed">
            {PAY_TEXTS.signInPrompt}
          </Text>
        </Stack>
        <TextInput
          {...form.register('email')}
          label={PAY_TEXTS.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          size="md"
          error={errors.email?.message}
          errorProps={ANNOUNCED_ERROR}
        />
        <PasswordInput
          {...form.register('password')}
          label={PAY_TEXTS.password}
          autoComplete="current-password"
          required
          size="md"
          error={errors.password?.message}
          errorProps={ANNOUNCED_ERROR}
        />
        {signIn.isError ? (
          <Alert color="red" variant="light" role="alert" radius="md">
            <Text size="sm">{signInError(signIn.error)}</Text>
          </Alert>
        ) : null}
        <Button type="submit" size="md" fullWidth loading={sending}>
          {PAY_TEXTS.signIn}
        </Button>
      </Stack>
    </form>
  );
}
