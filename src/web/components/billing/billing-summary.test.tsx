// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Me } from '../../../core/api';
import { makeMe, renderWithSession } from '../../test/render';
import { BillingSummary } from './billing-summary';

afterEach(cleanup);

function member(membership: Partial<Me['membership']>): Me {
  const me = makeMe();
  return { ...me, membership: { ...me.membership, ...membership } };
}

describe('BillingSummary', () => {
  it('shows an active plan without a warning', () => {
    renderWithSession(<BillingSummary me={member({ tier: 'basic', status: 'active', imageLimit: 30 })} />);
    expect(screen.queryByTestId('billing-attention')).toBeNull();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Manage billing/ })).toBeTruthy();
  });

  it('warns about a failed renewal while the plan still runs', () => {
    renderWithSession(<BillingSummary me={member({ tier: 'basic', status: 'past_due', imageLimit: 30 })} />);
    expect(screen.getByTestId('billing-attention').textContent).toContain('Your last payment failed');
    expect(screen.queryByText('Active')).toBeNull();
  });

  it('keeps Manage billing open for a plan on hold, so the open invoice can be paid', () => {
    renderWithSession(<BillingSummary me={member({ tier: 'free', status: 'unpaid', imageLimit: 3 })} />);
    expect(screen.getByTestId('billing-attention').textContent).toContain(
      'on hold until the open invoice is paid',
    );
    expect(screen.getByRole('button', { name: /Manage billing/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'See plans' })).toBeNull();
  });

  it('says a renewal is pending, and until when the plan is kept, once the period end has passed', () => {
    const periodEnd = new Date(Date.now() - 3_600_000);
    const kept = new Date(periodEnd.getTime() + 3 * 86_400_000).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    renderWithSession(
      <BillingSummary
        me={member({
          tier: 'premium',
          status: 'active',
          imageLimit: 100,
          periodEnd: periodEnd.toISOString(),
        })}
      />,
    );
    expect(screen.getByTestId('billing-renewal-pending').textContent).toBe(`Plan kept until ${kept}`);
    expect(screen.queryByTestId('billing-current-period-ends')).toBeNull();
  });

  it('says which date counts what: pictures start again on the 1st, the paid period is billing', () => {
    const periodEnd = new Date(Date.now() + 10 * 86_400_000).toISOString();
    renderWithSession(
      <BillingSummary me={member({ tier: 'basic', status: 'active', imageLimit: 30, periodEnd })} />,
    );
    expect(screen.getByTestId('billing-images-this-month-note').textContent).toMatch(
      /^Monthly pictures start again on [A-Z][a-z]{2} 1, the 1st of every month\.$/,
    );
    expect(screen.getByTestId('billing-current-period-ends-note').textContent).toBe(
      'Your billing date: the plan renews then (or ends, if cancelled). It does not reset your monthly pictures.',
    );
  });

  it('offers plans, not the portal, to a Free member', () => {
    renderWithSession(<BillingSummary me={member({})} />);
    expect(screen.queryByTestId('billing-attention')).toBeNull();
    expect(screen.getByRole('link', { name: 'See plans' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Manage billing/ })).toBeNull();
  });
});

describe('BillingSummary for a team member', () => {
  it('shows Enterprise via the team, and sends billing to the owner instead of the portal', () => {
    const me: Me = {
      ...member({ tier: 'enterprise', status: 'active', imageLimit: null }),
      team: { id: 't1', name: 'Acme Design', role: 'member' },
    };
    renderWithSession(<BillingSummary me={me} />);
    expect(screen.getByTestId('billing-current-plan').textContent).toContain('Enterprise via Acme Design');
    expect(screen.getByText(/its owner manages the subscription/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Manage billing/ })).toBeNull();
  });

  it("shows the owner's own plan without a 'via'", () => {
    const me: Me = {
      ...member({ tier: 'enterprise', status: 'active', imageLimit: null }),
      team: { id: 't1', name: 'Acme Design', role: 'owner' },
    };
    renderWithSession(<BillingSummary me={me} />);
    expect(screen.getByTestId('billing-current-plan').textContent).toBe('EnterpriseActive');
    expect(screen.getByRole('button', { name: /Manage billing/ })).toBeTruthy();
  });
});
