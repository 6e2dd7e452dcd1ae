import { auditQuerySchema } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { auditLogPath } from '../../lib/audit-queries';
import { filterOf, toQuery } from './api';

describe('the Audit log’s filters', () => {
  it('keeps known values from the URL and drops the rest, never sending them', () => {
    const params = new URLSearchParams(
      'actor=ada@example.com&action=part.edit&targetType=planet&targetId=x&from=2026-11-01&to=yesterday',
    );
    expect(filterOf(params)).toEqual({ actor: 'ada@example.com', action: 'part.edit', from: '2026-11-01' });
    expect(filterOf(new URLSearchParams('targetType=order&targetId=abc'))).toEqual({
      targetType: 'order',
      targetId: 'abc',
    });
  });

  it('asks the API for the admin’s own days, `to` counted to its end, in a form it accepts', () => {
    const query = toQuery({ from: '2026-11-01', to: '2026-11-02' });
    expect(new Date(query.from ?? '').getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(query.to ?? '').getTime()).toBe(new Date(2026, 10, 3).getTime());
    const parsed = auditQuerySchema.safeParse({ ...query, limit: '25' });
    expect(parsed.success).toBe(true);
  });

  it('links to the log with the filters given, and to the bare log without', () => {
    expect(auditLogPath({ targetType: 'part', targetId: 'p-1' })).toBe(
      '/dashboard/audit?targetType=part&targetId=p-1',
    );
    expect(auditLogPath({})).toBe('/dashboard/audit');
  });
});
