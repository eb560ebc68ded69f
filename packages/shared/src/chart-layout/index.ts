export * from './tree-layout';
export * from './chart-layout';
export * from './descendant-layout';
export * from './chart-style';
