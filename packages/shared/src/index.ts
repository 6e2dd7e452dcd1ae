export * from './constants.js';
export * from './messages.js';
export * from './schemas/auth.js';
export * from './schemas/common.js';
export * from './schemas/order.js';
export * from './schemas/part.js';
export * from './schemas/review.js';
export * from './schemas/user.js';
