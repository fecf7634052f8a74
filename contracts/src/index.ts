export * from './admin';
export * from './auth';
export * from './common';
export * from './companies';
export * from './groups';
export * from './health';
export * from './notifications';
export * from './sharing';
