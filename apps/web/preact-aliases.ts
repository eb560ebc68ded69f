/**
 * The app runs on Preact through preact/compat instead of React DOM (issue 14's page budget:
 * React DOM alone is 64 KB of the 150 KB the landing page may load; Preact with compat is
 * under 10 KB). The code and its libraries (MUI, React Router, TanStack Query, tiptap, sonner)
 * import `react` and `react-dom` as usual and keep React's types; the build (vite.config.ts)
 * resolves those imports to Preact. The unit tests still render with React DOM (happy-dom);
 * the end-to-end tests run the built site, on Preact.
 */
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];
