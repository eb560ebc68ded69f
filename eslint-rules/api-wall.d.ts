import type { Rule } from 'eslint';

declare const apiWall: {
  rules: { 'imports-downward': Rule.RuleModule; 'persons-through-core': Rule.RuleModule };
};
export default apiWall;
