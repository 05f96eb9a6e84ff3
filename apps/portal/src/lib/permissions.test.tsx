import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSession } from '@/test/fixtures';
import { Can, useCan } from './permissions';
import { SessionProvider } from './session';

function StaffLink() {
  return useCan('staffMenu') ? <a href="/1001/staff">Staff</a> : null;
}

describe('permissions', () => {
  it('gates with the contract table against the session permissions', () => {
    render(
      <SessionProvider session={makeSession(1)}>
        <StaffLink />
        <Can gate="reviewBatch">Review Batch</Can>
      </SessionProvider>,
    );
    expect(screen.getByRole('link', { name: 'Staff' })).toBeInTheDocument();
    expect(screen.getByText('Review Batch')).toBeInTheDocument();
  });

  it('hides what the role may not use and shows the fallback', () => {
    render(
      <SessionProvider session={makeSession(2, { permissions: [...ROLE_PERMISSIONS[2]] })}>
        <StaffLink />
        <Can gate="reviewBatch" fallback="No review">
          Review Batch
        </Can>
      </SessionProvider>,
    );
    expect(screen.queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
    expect(screen.getByText('No review')).toBeInTheDocument();
  });

  it('allows nothing without a session', () => {
    render(
      <SessionProvider session={null}>
        <Can gate="lastExports">Last exports</Can>
        <Can gate="staffMenu">Staff</Can>
      </SessionProvider>,
    );
    // "Last exports" has no requirement; everything else needs a permission.
    expect(screen.getByText('Last exports')).toBeInTheDocument();
    expect(screen.queryByText('Staff')).not.toBeInTheDocument();
  });
});
