import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { renderWithProviders } from '@/test/render';
import { PROFILE_TEXTS } from '../texts';
import { TwoFactorCard } from './two-factor-card';

describe('two-step verification on My Profile', () => {
  it('offers to set it up at the provider, coming back to My Profile, when it is off', async () => {
    installFakeFetch({ 'GET /api/session/two-factor': { body: { enabled: false } } });
    renderWithProviders(<TwoFactorCard />);
    const link = await screen.findByRole('link', { name: PROFILE_TEXTS.twoFactorSetUp });
    expect(link).toHaveAttribute('href', '/auth/two-factor?returnTo=%2Fprofile');
    expect(screen.getByRole('region', { name: PROFILE_TEXTS.twoFactor })).toHaveTextContent(
      PROFILE_TEXTS.twoFactorOff,
    );
  });

  it('says it is on, with nothing to set up, when the sign-in used it', async () => {
    installFakeFetch({ 'GET /api/session/two-factor': { body: { enabled: true } } });
    renderWithProviders(<TwoFactorCard />);
    expect(await screen.findByText(PROFILE_TEXTS.twoFactorOn)).toBeVisible();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
