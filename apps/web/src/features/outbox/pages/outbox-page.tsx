import { fulfilmentMessages, outboxMessages as m } from '@store/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ListStates } from '../../../components/ui/list-states';
import { PagedTable, pageParam } from '../../../components/ui/paged-table';
import { EmptyState } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/format';
import { OUTBOX_PAGE_SIZE, outboxQuery } from '../api';

/**
 * Outbox (admin): what the store would have e-mailed. Without SMTP_URL (the embedded default)
 * e-mails are written under DATA_DIR/outbox/ instead of being sent, so a trial store shows here
 * what customers and the order desk would receive.
 */
export default function OutboxPage() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const emails = useQuery({ ...outboxQuery(page), placeholderData: keepPreviousData });

  return (
    <div>
      <h2 className="text-2xl font-bold">{m.title}</h2>
      <p className="mt-2 max-w-3xl text-sm text-base-content/70">{fulfilmentMessages.outboxHint}</p>
      <ListStates
        query={emails}
        loadingLabel={m.loading}
        empty={
          <div className="mt-6">
            <EmptyState>{fulfilmentMessages.noEmails}</EmptyState>
          </div>
        }
      >
        {(list) => (
          <PagedTable
            label={m.pages}
            page={page}
            total={list.total}
            limit={OUTBOX_PAGE_SIZE}
            onPage={(next) => setParams({ page: String(next) })}
            caption={m.caption}
          >
            <thead>
              <tr>
                <th scope="col">{m.date}</th>
                <th scope="col">{m.to}</th>
                <th scope="col">{m.subjectAndText}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((email) => (
                <tr key={email.id} data-testid="outbox-row" className="align-top">
                  <td className="whitespace-nowrap">
                    <time dateTime={email.date}>{formatDateTime(email.date)}</time>
                  </td>
                  <td className="break-all">{email.to.join(', ')}</td>
                  <td className="min-w-64">
                    <details>
                      <summary className="cursor-pointer font-medium">{email.subject}</summary>
                      <pre className="mt-2 max-w-prose whitespace-pre-wrap break-words font-sans text-sm">
                        {email.text}
                      </pre>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </PagedTable>
        )}
      </ListStates>
    </div>
  );
}
