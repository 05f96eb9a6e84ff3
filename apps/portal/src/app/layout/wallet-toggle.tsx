import { SegmentedControl, type BoxProps } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { organizationPaths, useOrganization } from '@/lib/organization';
import { MENU_TEXTS } from '../texts';

type WalletValue = 'main' | 'cbdc';

function walletFromPath(pathname: string): WalletValue | '' {
  if (pathname.includes('/jamdex-wallet')) return 'cbdc';
  if (pathname.includes('/lynk-wallet')) return 'main';
  return '';
}

/** Main wallet / JAM-DEX switch (top bar and side menu); the caller shows it only with a CBDC account. */
export function WalletToggle({
  fullWidth = false,
  onSwitch,
  ...props
}: BoxProps & { fullWidth?: boolean; onSwitch?: () => void }) {
  const { segment } = useOrganization();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const paths = organizationPaths(segment);

  return (
    <SegmentedControl
      {...props}
      fullWidth={fullWidth}
      aria-label={MENU_TEXTS.walletSwitch}
      radius="xl"
      size="sm"
      color="lynk"
      value={walletFromPath(pathname)}
      onChange={(value) => {
        onSwitch?.();
        void navigate(value === 'cbdc' ? paths.cbdcWallet : paths.mainWallet);
      }}
      data={[
        { value: 'main', label: MENU_TEXTS.mainWallet },
        { value: 'cbdc', label: MENU_TEXTS.jamdex },
      ]}
    />
  );
}
