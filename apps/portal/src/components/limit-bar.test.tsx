import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LimitBar } from './limit-bar';

function renderBar(remaining: number, limit: number) {
  renderWithProviders(<LimitBar label="Cash - In" remaining={remaining} limit={limit} />);
  return screen.getByRole('progressbar', { name: 'Cash - In limit used' });
}

describe('LimitBar', () => {
  it.each([
    // [remaining of J$1,000.00, percent used, band, theme colour]
    [51_000, 49, 'success', 'green'],
    [50_000, 50, 'warning', 'yellow'],
    [26_000, 74, 'warning', 'yellow'],
    [25_000, 75, 'danger', 'red'],
  ])('with %i cents remaining shows %i%% used in the %s colour', (remaining, percent, band, colour) => {
    const bar = renderBar(remaining, 100_000);
    expect(bar).toHaveAttribute('aria-valuenow', String(percent));
    expect(screen.getByText(`${percent}%`)).toBeInTheDocument();
    expect(screen.getByTestId('limit-bar')).toHaveAttribute('data-colour', band);
    expect(bar.getAttribute('style')).toContain(`--mantine-color-${colour}-`);
  });

  it('shows a limit it cannot read as used up, not as free headroom', () => {
    const bar = renderBar(-1, 100_000);
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByTestId('limit-bar')).toHaveAttribute('data-colour', 'danger');
  });

  it('names its category above the bar', () => {
    renderBar(100_000, 100_000);
    expect(screen.getByText('Cash - In')).toBeInTheDocument();
    expect(screen.getByText('0%')).toBeInTheDocument();
  });
});
