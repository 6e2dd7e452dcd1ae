import type { OrderEvent } from '@store/shared';
import { orderPageMessages as m } from '@store/shared';
import { formatDateTime } from '../../../lib/format';
import { describeBy } from '../order-moves';
import { StatusBadge } from './status-badge';

/** Every change of the order's status, oldest first: what, when, and who made it. */
export function OrderHistory({ events }: { events: OrderEvent[] }) {
  return (
    <section aria-labelledby="order-history" className="mt-8">
      <h3 id="order-history" className="text-lg font-semibold">
        {m.history}
      </h3>
      <div className="mt-3 overflow-x-auto rounded-box border border-base-300">
        <table className="table table-sm" data-testid="order-history">
          <caption className="sr-only">{m.historyCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{m.status}</th>
              <th scope="col">{m.when}</th>
              <th scope="col">{m.by}</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event, i) => (
              <tr key={`${i}-${event.at}`} data-testid="order-event">
                <td>
                  <StatusBadge status={event.status} />
                </td>
                <td className="whitespace-nowrap">
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                </td>
                <td className="break-all">{describeBy(event)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
