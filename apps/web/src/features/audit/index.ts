/** What other features use of the audit trail: an order's or a part's own entries. */
export { auditKeys } from './api';
export { TargetAuditTrail } from './components/target-audit-trail';
