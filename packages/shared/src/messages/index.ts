/**
 * Every user-facing string: the spec's (its validation messages and toasts among them), spelled
 * exactly as the spec spells it, the API's own error messages, the e-mails' sentences and every
 * word the web app shows. Nothing else in the code base writes these literals
 * (apps/web/src/no-literal-text.test.ts checks the web).
 * One file per feature; the web imports the barrel and its bundler keeps only the files a chunk
 * uses, so the first load carries only the shell's words.
 */
export * from './api-errors.js';
export * from './audit.js';
export * from './auth.js';
export * from './browse.js';
export * from './cart.js';
export * from './cart-page.js';
export * from './categories.js';
export * from './category-admin.js';
export * from './checkout.js';
export * from './common.js';
export * from './emails.js';
export * from './head.js';
export * from './home.js';
export * from './invoices.js';
export * from './layout.js';
export * from './order-lines.js';
export * from './orders.js';
export * from './overview.js';
export * from './pages.js';
export * from './parts.js';
export * from './payments.js';
export * from './product-import.js';
export * from './purchase.js';
export * from './reviews.js';
export * from './toasts.js';
export * from './users.js';
export * from './validation.js';
