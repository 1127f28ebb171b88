import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Outlet } from 'react-router';
import { PageError } from '../../components/page-states';
import { useGetMeQuery } from '../../domain/auth/api/get-me';
import { selectBrokerLogin, selectUserLogin } from '../../domain/auth/auth-slice';
import { BrokerPendingPage } from './broker-pending-page';
import { GuardLoading, RequireAuth } from './require-auth';

function ApprovalCheck({ children }: { children?: ReactNode }) {
  // Asked every time the page opens: the provider may have decided since the broker signed in.
  const me = useGetMeQuery('broker', { refetchOnMountOrArgChange: true });
  if (me.isLoading || (me.isFetching && !me.data)) return <GuardLoading />;
  if (me.error || !me.data) {
    return <PageError title="We couldn’t check your broker profile" error={me.error} onRetry={me.refetch} />;
  }
  if (me.data.kind !== 'broker' || me.data.approval !== 'approved') {
    return <BrokerPendingPage approval={me.data.kind === 'broker' ? me.data.approval : 'pending'} />;
  }
  return children ?? <Outlet />;
}

interface RequireApprovedBrokerProps {
  /**
   * spec §2 '/upload-a-property': a signed-in user gets the page as is; a broker only once approved.
   * Without it the page is for brokers only (/leads, /ViewallUploads).
   */
  allowUser?: boolean;
  children?: ReactNode;
}

/**
 * spec §2/§4 'Broker approval': approved gives access to leads, uploads and view-all-uploads; any other
 * value shows the broker-profile-pending page. The approval is read live from GET /api/auth/me with the
 * broker's token, never from what was stored at sign-in.
 */
export function RequireApprovedBroker({ allowUser = false, children }: RequireApprovedBrokerProps) {
  const user = useSelector(selectUserLogin);
  const broker = useSelector(selectBrokerLogin);
  // spec §6: a user login takes precedence for the account kind, so with both stored a user page stays a user page.
  const asUser = allowUser && user !== null;
  return (
    <RequireAuth role={allowUser ? undefined : 'broker'}>
      {asUser || broker === null ? (children ?? <Outlet />) : <ApprovalCheck>{children}</ApprovalCheck>}
    </RequireAuth>
  );
}
