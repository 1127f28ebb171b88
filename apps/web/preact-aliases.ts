/**
 * Decision 045: the app renders with Preact through its React compatibility layer, on the server and in the browser,
 * so first load carries about 11 kB of renderer instead of React's 67 kB. The app and its libraries (React Router,
 * react-redux, RTK Query's hooks) keep importing 'react'; these names point every such import at preact/compat.
 * Exact matches only: 'react-router' and 'react-redux' are not React.
 */
export const PREACT_ALIASES = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];
