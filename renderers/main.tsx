import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

/*
 * A first load of /login draws the sign-in page alone (app/lean-sign-in.tsx): issue 9 gives that page 150 KB
 * of JavaScript, and the app with Chakra, rjsf and the router is twice that. Every other address, and
 * /login reached inside the app, is the app. A chunk that fails to arrive says so, never a blank page.
 */
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

const loadApp = () => import('./app/app.tsx');

/**
 * Draws the app. `enter` runs once its code has arrived, just before it draws: the sign-in page moves the
 * address there, so the address never names a page that is not on screen yet.
 */
function openApp(enter?: () => void): void {
  loadApp().then(({ App }) => {
    enter?.();
    // At once, in the same task as the address change: the sign-in page must not linger under the new address.
    flushSync(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  }, showLoadFailure);
}

function warmApp(): void {
  loadApp().catch(() => undefined);
}

function showLoadFailure(): void {
  root.render(
    <p role="alert" style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      The console could not be loaded. Check your connection and reload the page.
    </p>,
  );
}

if (window.location.pathname === '/login') {
  import('./app/lean-sign-in.tsx').then(({ LeanSignIn }) => root.render(
    <StrictMode>
      <LeanSignIn openApp={openApp} warmApp={warmApp} />
    </StrictMode>,
  ), showLoadFailure);
} else {
  openApp();
}
