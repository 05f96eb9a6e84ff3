import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DetailRows } from './detail-rows';

describe('DetailRows', () => {
  it('names a row tooltip on a focusable button, never on a focusable image', () => {
    renderWithProviders(
      <DetailRows
        rows={[
          {
            label: 'Commission',
            value: 'J$1.00',
            tooltip: 'This value represents the refund of the commission.',
          },
        ]}
      />,
    );
    expect(
      screen.getByRole('button', { name: 'This value represents the refund of the commission.' }),
    ).toBeInTheDocument();
    expect(document.querySelectorAll('[role="img"][tabindex]')).toHaveLength(0);
  });
});
