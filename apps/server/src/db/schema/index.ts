export * from './accounts';
export * from './platform';
export * from './sales';
export * from './system';
