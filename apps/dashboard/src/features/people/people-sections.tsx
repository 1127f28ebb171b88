import type { AdminListQueryInput } from '@nivaas/contracts/admin.schema';
import type { AdminBroker, AdminUser } from '@nivaas/contracts/people-admin.schema';
import type { AdminReview } from '@nivaas/contracts/review-moderation.schema';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RecordTable } from '../../components/records/record-table';
import { RejectDialog } from '../../components/reject-dialog';
import { useToaster } from '../../components/toaster';
import { useApi } from '../../lib/console-context';
import { formatDateTime } from '../../lib/format';
import { blockUser, decideReview, listBrokers, listReviews, listUsers, reinstateBroker, suspendBroker, unblockUser } from './people-api';

/** Rows changed here since the page loaded (the table keeps its page; each row shows what the server answered). */
function useChanged<T extends { id: number }>() {
  const [changed, setChanged] = useState<Record<number, T>>({});
  return { latest: (row: T): T => changed[row.id] ?? row, keep: (row: T) => setChanged((all) => ({ ...all, [row.id]: row })) };
}

/** Who is being asked for a reason, and what to do with it. */
interface Asking {
  subject: string;
  reader: string;
  verb: string;
  label: string;
  placeholder: string;
  act: (reason: string) => Promise<void>;
}

function useAction() {
  const toaster = useToaster();
  const [busy, setBusy] = useState<number | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const run = async (id: number, work: () => Promise<{ message: string }>) => {
    setBusy(id);
    try {
      toaster.success((await work()).message);
    } catch (error) {
      toaster.error(error instanceof Error ? error.message : 'Something went wrong!');
    } finally {
      setBusy(null);
    }
  };
  const dialog = asking ? (
    <RejectDialog
      subject={asking.subject}
      reader={asking.reader}
      verb={asking.verb}
      label={asking.label}
      placeholder={asking.placeholder}
      onCancel={() => setAsking(null)}
      onReject={async (reason) => {
        await asking.act(reason);
        setAsking(null);
      }}
    />
  ) : null;
  return { busy, run, ask: setAsking, dialog, toaster };
}

/** 'Whitefield (location), Bengaluru'. */
const placeOf = (row: AdminReview) => `${row.place.name} (${row.subject})${row.city && row.subject !== 'city' ? `, ${row.city.name}` : ''}`;
/** A broker's suspension or a user's block: the state (or the hold with its reason) and the one button that changes it. */
function HoldCell({ held, state, busy, hold, lift, onHold, onLift }: { held: string | null; state: string; busy: boolean; hold: string; lift: string; onHold: () => void; onLift: () => void }) {
  return (
    <div className="flex flex-col gap-2">
      <span className={`text-xs font-semibold ${held ? 'text-red-700' : 'text-slate-700'}`}>{held ?? state}</span>
      <button type="button" className="pc-btn-secondary" disabled={busy} onClick={held ? onLift : onHold}>
        {held ? lift : hold}
      </button>
    </div>
  );
}

const STARS = (value: number) => '★★★★★'.slice(0, value) + '☆☆☆☆☆'.slice(value);
const APPROVAL_WORDS = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } as const;

/** Issue 14: new city, zone and locality reviews; only approved ones are on the site. */
export function ReviewsSection() {
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const { latest, keep } = useChanged<AdminReview>();
  const { busy, run, ask, dialog, toaster } = useAction();
  const load = useCallback((input: AdminListQueryInput) => listReviews(api, { page: input.page, limit: input.limit, q: input.q, approval: input.approval ?? 'pending' }), [api]);
  const approval = params.get('approval') ?? 'pending';
  return (
    <>
      <RecordTable<AdminReview>
        title="Reviews"
        load={load}
        searchPlaceholder="Comment, author or place"
        rowLink={() => ''}
        actions={
          <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
            Show
            <select
              className="pc-input w-auto"
              value={approval}
              onChange={(event) => {
                const next = new URLSearchParams(params);
                next.set('approval', event.target.value);
                next.delete('page');
                setParams(next);
              }}
            >
              <option value="pending">Waiting (pending)</option>
              <option value="approved">Approved (public)</option>
              <option value="rejected">Rejected</option>
            </select>
          </label>
        }
        columns={[
          {
            header: 'Review',
            cell: (row) => (
              <div>
                <p aria-label={`${row.ratingValue} of 5 stars`} className="text-amber-600">
                  {STARS(row.ratingValue)}
                </p>
                <p className="text-slate-900">{row.comment ?? <em className="text-slate-500">No comment</em>}</p>
                <p className="text-xs text-slate-700 sm:hidden">{placeOf(row)}</p>
                <p className="text-xs text-slate-500">
                  {row.authorName ?? 'Someone'} · <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                </p>
              </div>
            ),
          },
          { header: 'Place', wide: true, cell: placeOf },
          {
            header: 'Decision',
            cell: (input) => {
              const row = latest(input);
              return (
                <div className="flex flex-col gap-2">
                  <span className="text-xs font-semibold text-slate-700">{APPROVAL_WORDS[row.approval]}</span>
                  {row.approval !== 'approved' ? (
                    <button
                      type="button"
                      className="pc-btn-primary"
                      disabled={busy === row.id}
                      onClick={() => run(row.id, async () => {
                        const answer = await decideReview(api, row.id, 'approve');
                        keep({ ...row, approval: answer.review.approval });
                        return answer;
                      })}
                    >
                      Approve
                    </button>
                  ) : null}
                  {row.approval !== 'rejected' ? (
                    <button
                      type="button"
                      className="pc-btn-secondary"
                      disabled={busy === row.id}
                      onClick={() =>
                        ask({
                          subject: `${row.authorName ?? 'A'} review of ${row.place.name}`,
                          reader: 'the provider team (the audit log)',
                          verb: 'Reject',
                          label: 'Remark',
                          placeholder: 'For example: it names a private person; reviews are about the place.',
                          act: async (remark) => {
                            const answer = await decideReview(api, row.id, 'reject', remark);
                            keep({ ...row, approval: answer.review.approval });
                            toaster.success(answer.message);
                          },
                        })
                      }
                    >
                      Reject
                    </button>
                  ) : null}
                </div>
              );
            },
          },
        ]}
      />
      {dialog}
    </>
  );
}

/** Issue 14: every broker, with suspension (their listings leave the site) and reinstatement. */
export function BrokerAccountsSection() {
  const api = useApi();
  const { latest, keep } = useChanged<AdminBroker>();
  const { busy, run, ask, dialog, toaster } = useAction();
  const load = useCallback((input: AdminListQueryInput) => listBrokers(api, { page: input.page, limit: input.limit, q: input.q }), [api]);
  return (
    <>
      <RecordTable<AdminBroker>
        title="Broker accounts"
        load={load}
        searchPlaceholder="Name, e-mail, phone or company"
        rowLink={() => ''}
        columns={[
          {
            header: 'Broker',
            cell: (row) => (
              <div>
                <p className="font-semibold text-slate-900">{row.name}</p>
                <p className="text-xs text-slate-600">{[row.company, row.city?.name].filter(Boolean).join(' · ')}</p>
              </div>
            ),
          },
          { header: 'Contact', wide: true, cell: (row) => [row.phone, row.email].filter(Boolean).join(' · ') },
          { header: 'Live listings', wide: true, cell: (row) => latest(row).liveListings.toLocaleString('en-IN') },
          {
            header: 'Standing',
            cell: (input) => {
              const row = latest(input);
              return (
                <HoldCell
                  held={row.suspendedAt ? `Suspended: ${row.suspensionReason ?? ''}` : null}
                  state={APPROVAL_WORDS[row.approval]}
                  busy={busy === row.id}
                  hold="Suspend"
                  lift="Reinstate"
                  onLift={() =>
                    run(row.id, async () => {
                      const answer = await reinstateBroker(api, row.id);
                      keep(answer.item);
                      return answer;
                    })
                  }
                  onHold={() =>
                    ask({
                      subject: row.name,
                      reader: 'the broker by e-mail',
                      verb: 'Suspend',
                      label: 'Reason',
                      placeholder: 'For example: several listings used photos of other properties.',
                      act: async (reason) => {
                        const answer = await suspendBroker(api, row.id, reason);
                        keep(answer.item);
                        toaster.success(answer.message);
                      },
                    })
                  }
                />
              );
            },
          },
        ]}
      />
      {dialog}
    </>
  );
}

/** Issue 14: users looked up by phone or e-mail; block (their sign-ins end) and unblock. */
export function UsersSection() {
  const api = useApi();
  const { latest, keep } = useChanged<AdminUser>();
  const { busy, run, ask, dialog, toaster } = useAction();
  const load = useCallback((input: AdminListQueryInput) => listUsers(api, { page: input.page, limit: input.limit, q: input.q }), [api]);
  return (
    <>
      <RecordTable<AdminUser>
        title="Users"
        load={load}
        searchPlaceholder="Phone (any spacing) or e-mail"
        rowLink={() => ''}
        columns={[
          {
            header: 'User',
            cell: (row) => (
              <div>
                <p className="font-semibold text-slate-900">{row.name ?? 'No name yet'}</p>
                <p className="text-xs break-all text-slate-600">{[row.phone, row.email].filter(Boolean).join(' · ')}</p>
              </div>
            ),
          },
          { header: 'Joined', wide: true, cell: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time> },
          {
            header: 'Standing',
            cell: (input) => {
              const row = latest(input);
              return (
                <HoldCell
                  held={row.blockedAt ? `Blocked: ${row.blockReason ?? ''}` : null}
                  state="Active"
                  busy={busy === row.id}
                  hold="Block"
                  lift="Unblock"
                  onLift={() =>
                    run(row.id, async () => {
                      const answer = await unblockUser(api, row.id);
                      keep(answer.item);
                      return answer;
                    })
                  }
                  onHold={() =>
                    ask({
                      subject: row.name ?? row.phone ?? row.email ?? `User ${row.id}`,
                      reader: 'the user when they try to sign in',
                      verb: 'Block',
                      label: 'Reason',
                      placeholder: 'For example: repeated fake enquiries to brokers.',
                      act: async (reason) => {
                        const answer = await blockUser(api, row.id, reason);
                        keep(answer.item);
                        toaster.success(answer.message);
                      },
                    })
                  }
                />
              );
            },
          },
        ]}
      />
      {dialog}
    </>
  );
}
