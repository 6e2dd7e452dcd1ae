/**
 * What other features use of the audit trail (.dependency-cruiser.cjs): the call that records an
 * admin action in the action's own transaction, and the helper that keeps only changed fields.
 */
export { type AuditFields, changedFields } from './changes.js';
export type { AuditRecord, AuditTrail } from './service.js';
