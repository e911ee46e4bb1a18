import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { isOfflineError } from '@/lib/query/offline';

const root = document.getElementById('root');
if (!root) throw new Error('Thrive: #root is missing from index.html');

createRoot(root, {
  // What an error boundary caught is logged, as React does by default, except
  // a screen opened offline with nothing saved: the screen says so itself,
  // and it is the device's state rather than a fault.
  onCaughtError: (error) => {
    if (!isOfflineError(error)) console.error(error);
  },
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
