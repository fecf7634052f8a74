export * from './companies';
export * from './groups';
export * from './notifications';
export * from './system';
export * from './users';
