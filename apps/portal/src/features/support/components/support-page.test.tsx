import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProfile, makeSession } from '@/test/fixtures';
import { makeOrganization, renderWithProviders } from '@/test/render';
import { SupportPage } from './support-page';

describe('Customer Support', () => {
  it("gives the support email with the merchant's name and wallet ID in the subject", () => {
    renderWithProviders(<SupportPage />, {
      path: '/support',
      session: makeSession(2),
      organization: makeOrganization({ profile: makeProfile() }),
    });
    const contact = screen.getByRole('region', { name: 'Contact us' });
    const email = within(contact).getByRole('link', { name: 'support@lynk.us' });
    expect(email).toHaveAttribute(
      'href',
      `mailto:support@lynk.us?subject=${encodeURIComponent('Merchant support: Kingston Coffee Co. (kingstoncoffee)')}`,
    );
    expect(within(screen.getByTestId('support-details')).getByText('kingstoncoffee')).toBeInTheDocument();
  });

  it('answers common questions, one opened at a time', async () => {
    renderWithProviders(<SupportPage />, {
      path: '/support',
      session: makeSession(3),
      organization: makeOrganization(),
    });
    const faq = screen.getByRole('region', { name: 'Common questions' });
    const question = within(faq).getByRole('button', { name: 'How do I export my transactions?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    // The answer opens with a transition: visible once it has run.
    await waitFor(() => expect(within(faq).getByText(/A report holds up to 100 entries/)).toBeVisible());
  });
});
