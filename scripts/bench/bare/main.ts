// The yardstick of `npm run bench`: React 19 rendering one heading, nothing else (no JSX, so the scripts'
// TypeScript settings check it as they are).
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) createRoot(root).render(createElement('h1', null, 'Hello'));
