import {
  accountMessages,
  creditLimitMessages,
  usersPageMessages as m,
  roleLabels,
  toastMessages,
  uiMessages,
} from '@store/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { EmailAddress } from '../../../components/ui/email-address';
import { ListStates } from '../../../components/ui/list-states';
import { PagedTable, pageParam } from '../../../components/ui/paged-table';
import { EmptyState } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/session';
import { makeAdmin, removeUser, USERS_PAGE_SIZE, userKeys, usersQuery } from '../api';
import { CreditLimitCell } from '../components/credit-limit-cell';
import { RemovedUsers } from '../components/removed-users';

/** Users (admin): Make Admin and Remove User, each followed by a toast, and restoring removed users. */
export default function UsersPage() {
  const me = useSessionUser();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const users = useQuery({ ...usersQuery(page), placeholderData: keepPreviousData });
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.all });

  const promote = useMutation({
    mutationFn: makeAdmin,
    onSuccess: ({ modifiedCount }) => {
      if (modifiedCount > 0) toast.success(toastMessages.makeAdminSucceeded);
      void refresh();
    },
    onError: (error) => {
      toast.error(
        error instanceof ApiError && error.status === 403 ? toastMessages.makeAdminFailed : error.message,
      );
    },
  });

  const remove = useMutation({
    mutationFn: removeUser,
    onSuccess: () => {
      toast.success(accountMessages.userRemoved);
      void refresh();
    },
    onError: (error) => toast.error(error.message),
  });

  return (
    <div>
      <h2 className="text-2xl font-bold">{m.title}</h2>
      <ListStates
        query={users}
        loadingLabel={m.loading}
        empty={<EmptyState>{accountMessages.noUsers}</EmptyState>}
      >
        {(list) => (
          <PagedTable
            label={m.pages}
            page={page}
            total={list.total}
            limit={USERS_PAGE_SIZE}
            onPage={(next) => setParams({ page: String(next) })}
          >
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{m.name}</th>
                <th scope="col">{m.email}</th>
                <th scope="col">{m.role}</th>
                <th scope="col">{creditLimitMessages.column}</th>
                <th scope="col">
                  <span className="sr-only">{uiMessages.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((user, i) => (
                <tr key={user.email} data-testid="user-row">
                  <th scope="row">{(page - 1) * USERS_PAGE_SIZE + i + 1}</th>
                  <td>{user.name || <span className="text-base-content/70">{m.noName}</span>}</td>
                  <td>
                    <EmailAddress email={user.email} />
                  </td>
                  <td>
                    <span>{roleLabels[user.role]}</span>
                    {user.role === 'admin' && !user.emailVerified && (
                      // The role is granted; its powers start once the e-mail is verified.
                      <span className="badge badge-warning badge-soft ml-2" data-testid="admin-waiting">
                        {accountMessages.adminWaitingForVerification}
                      </span>
                    )}
                  </td>
                  <td>
                    <CreditLimitCell user={user} />
                  </td>
                  <td>
                    <div className="flex flex-wrap justify-end gap-2">
                      {user.role === 'customer' && (
                        <button
                          type="button"
                          className="btn btn-primary btn-xs"
                          aria-label={accountMessages.actOnUser(m.makeAdmin, user.email)}
                          disabled={promote.isPending}
                          onClick={async () => {
                            // One click once made anyone an admin: the dialog names who.
                            if (
                              await confirm(
                                accountMessages.confirmMakeAdmin(user.name, user.email),
                                m.makeAdmin,
                              )
                            ) {
                              promote.mutate(user.email);
                            }
                          }}
                        >
                          {m.makeAdmin}
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn btn-error btn-outline btn-xs"
                        aria-label={accountMessages.actOnUser(m.removeUser, user.email)}
                        disabled={remove.isPending || user.email === me?.email}
                        title={user.email === me?.email ? m.cannotRemoveSelf : undefined}
                        onClick={async () => {
                          if (await confirm(accountMessages.confirmRemoveUser(user.email), m.remove)) {
                            remove.mutate(user.email);
                          }
                        }}
                      >
                        {m.removeUser}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </PagedTable>
        )}
      </ListStates>
      <RemovedUsers />
      {dialog}
    </div>
  );
}
