export * from './accounts';
export * from './checkup';
export * from './deep-analysis';
export * from './platform';
export * from './sales';
export * from './system';
export * from './webmaster-tools';
export * from './websites';
