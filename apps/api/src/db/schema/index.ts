export * from './settings';
export * from './users';
export * from './polls';
export * from './content';
export * from './genealogy';
export * from './files';
export * from './records';
export * from './proposals';
