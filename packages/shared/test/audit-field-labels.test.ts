import { describe, expect, it } from 'vitest';
import { auditFieldLabel } from '../src/messages/audit.js';

describe('auditFieldLabel', () => {
  it('names the fields the audit trail records in words', () => {
    expect(auditFieldLabel('trackingNumber')).toBe('Tracking number');
    expect(auditFieldLabel('availableQuantity')).toBe('Stock');
    expect(auditFieldLabel('orderMultiple')).toBe('Pack size');
    expect(auditFieldLabel('creditLimit')).toBe('Credit limit');
  });

  it('reads a field it has no label for as words, never as code', () => {
    expect(auditFieldLabel('leadTimeDays')).toBe('Lead time days');
    expect(auditFieldLabel('po_reference')).toBe('Po reference');
    expect(auditFieldLabel('restock-date')).toBe('Restock date');
  });
});
