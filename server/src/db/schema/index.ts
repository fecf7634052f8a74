export * from './companies';
export * from './contacts';
export * from './events';
export * from './groups';
export * from './notifications';
export * from './system';
export * from './tasks';
export * from './users';
