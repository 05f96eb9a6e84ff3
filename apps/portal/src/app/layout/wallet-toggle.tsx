import { SegmentedControl, type BoxProps } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { organisationPaths, useOrganisation } from '@/lib/organisation';
import { MENU_TEXTS } from '@/lib/texts';

type WalletValue = 'main' | 'cbdc';

function walletFromPath(pathname: string): WalletValue | '' {
  if (pathname.includes('/jamdex-wallet')) return 'cbdc';
  if (pathname.includes('/lynk-wallet')) return 'main';
  return '';
}

/** Main wallet / JAM-DEX switch; the caller shows it only when a CBDC account exists. */
export function WalletToggle(props: BoxProps) {
  const { segment } = useOrganisation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const paths = organisationPaths(segment);

  return (
    <SegmentedControl
      {...props}
      aria-label={MENU_TEXTS.walletSwitch}
      radius="xl"
      size="sm"
      color="lynk"
      value={walletFromPath(pathname)}
      onChange={(value) => navigate(value === 'cbdc' ? paths.cbdcWallet : paths.mainWallet)}
      data={[
        { value: 'main', label: MENU_TEXTS.mainWallet },
        { value: 'cbdc', label: MENU_TEXTS.jamdex },
      ]}
    />
  );
}
