/**
 * The list the catalog shows for its URL (lib/first-answers.ts, where the store's rendering and
 * the router read it too).
 */
export { catalogList as catalogParams } from '../../lib/first-answers';
