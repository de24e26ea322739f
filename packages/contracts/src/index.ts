export * from './accounts';
export * from './app-config';
export * from './checkup';
export * from './errors';
export * from './format';
export * from './health';
export * from './messages';
export * from './sales';
