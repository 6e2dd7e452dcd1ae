/**
 * The catalogue lives in messages/, one file per feature (issue 21). This file keeps every
 * `./messages.js` import (the schemas, the contract, the package's index) working unchanged.
 */
export * from './messages/index.js';
