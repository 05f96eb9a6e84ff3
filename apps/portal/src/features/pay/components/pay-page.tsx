import { payLinkCodeSchema } from '@lynk/contract/orders';
import { Box, Paper, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader';
import { ErrorState } from '@/components/error-state';
import { LynkLogo } from '@/components/lynk-logo';
import { isApiRequestError } from '@/lib/api-client';
import { usePayLink } from '../api/get-pay-link';
import { serverMessage } from '../pay-errors';
import { PAY_TEXTS } from '../texts';
import { PayLinkView } from './pay-link-view';

function NotFoundMessage({ message }: { message: string }) {
  return (
    <Stack gap="xs" ta="center" py="lg" data-testid="pay-not-found">
      <Text fw={700} size="lg" component="h1" m={0}>
        {message}
      </Text>
    </Stack>
  );
}

function PayLinkContent({ code }: { code: string }) {
  const link = usePayLink(code);
  if (link.isPending) return <CenteredLoader label={PAY_TEXTS.loading} />;
  if (link.isError) {
    if (isApiRequestError(link.error) && link.error.status === 404) {
      return <NotFoundMessage message={serverMessage(link.error, PAY_TEXTS.notFound)} />;
    }
    return <ErrorState message={PAY_TEXTS.loadFailed} onRetry={() => void link.refetch()} />;
  }
  return <PayLinkView code={code} link={link.data} />;
}

/**
 * The customer's pay page (`/pay/{code}`), outside the staff portal: no staff session, no
 * organisation. A code that cannot be a link's is not asked about.
 */
export function PayPage() {
  const { code = '' } = useParams();
  const valid = payLinkCodeSchema.safeParse(code).success;
  return (
    <Box component="main" mih="100dvh" bg="var(--mantine-color-gray-0)" px={{ base: 'sm', sm: 'xl' }} py="xl">
      <title>{PAY_TEXTS.documentTitle}</title>
      <Stack gap="lg" maw={480} mx="auto">
        <Box ta="center">
          <LynkLogo height={36} title={PAY_TEXTS.logo} />
        </Box>
        <Paper withBorder radius="lg" shadow="sm" p={{ base: 'md', sm: 'xl' }}>
          {valid ? <PayLinkContent code={code} /> : <NotFoundMessage message={PAY_TEXTS.notFound} />}
        </Paper>
      </Stack>
    </Box>
  );
}

// The page rendered on the server is taken over with the answers it carries, parsed by the page's
// own chunk (main.tsx loads this module for it, as the router does).
export { seedPayFirstScreen } from '../first-screen';
