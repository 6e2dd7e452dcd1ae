import { accountMessages, usersPageMessages as m } from '@store/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { EmailAddress } from '../../../components/ui/email-address';
import { ListStates } from '../../../components/ui/list-states';
import { EmptyState } from '../../../components/ui/states';
import { blockedQuery, restoreUser, userKeys } from '../api';

/** The block list: removed users cannot sign in or up again until an admin restores them. */
export function RemovedUsers() {
  const blocked = useQuery(blockedQuery());
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();

  const restore = useMutation({
    mutationFn: restoreUser,
    onSuccess: (_result, email) => {
      toast.success(accountMessages.userRestored(email));
      void queryClient.invalidateQueries({ queryKey: userKeys.blocked() });
    },
    onError: (error) => toast.error(error.message),
  });

  return (
    <section aria-labelledby="removed-users" className="mt-10">
      <h3 id="removed-users" className="text-lg font-semibold">
        {accountMessages.removedUsers}
      </h3>
      <p className="text-sm text-base-content/70">{accountMessages.removedUsersHint}</p>
      <ListStates
        query={blocked}
        loadingLabel={m.loadingRemoved}
        empty={<EmptyState>{accountMessages.noRemovedUsers}</EmptyState>}
      >
        {(list) => (
          <ul className="mt-3 divide-y divide-base-300 rounded-box border border-base-300">
            {list.items.map((entry) => (
              <li
                key={entry.email}
                data-testid="removed-user"
                className="flex flex-wrap items-center gap-3 p-3"
              >
                <span className="font-medium">
                  <EmailAddress email={entry.email} />
                </span>
                <span className="text-sm text-base-content/60">{m.removedBy(entry.blockedBy)}</span>
                <button
                  type="button"
                  className="btn btn-outline btn-xs ml-auto"
                  aria-label={accountMessages.actOnUser(m.restore, entry.email)}
                  disabled={restore.isPending}
                  onClick={async () => {
                    if (await confirm(accountMessages.confirmRestoreUser(entry.email), m.restore)) {
                      restore.mutate(entry.email);
                    }
                  }}
                >
                  {m.restore}
                </button>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      {dialog}
    </section>
  );
}
