import type { ReactNode } from 'react';
import { setColorMode, useLeanColorMode } from './color-mode.ts';
import './lean.css';

/**
 * The frame of the public pages on the sign-in page's first load, as the app's AuthLayout draws it
 * (renderers/auth/auth-layout.tsx): the product name, the theme toggle, the page, the year.
 */
export function LeanFrame({ children }: { children: ReactNode }) {
  return (
    <div className="lean-page">
      <header className="lean-header">
        <div className="lean-header-row">
          <span className="lean-product">Cyber Console</span>
          <LeanColorModeToggle />
        </div>
      </header>
      <main className="lean-main">{children}</main>
      <footer className="lean-footer">
        <p>© {new Date().getFullYear()} Cyber Console</p>
      </footer>
    </div>
  );
}

function LeanColorModeToggle() {
  const mode = useLeanColorMode();
  const label = mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <button type="button" className="lean-icon-button" aria-label={label} title={label} data-testid="color-mode-toggle" onClick={() => setColorMode(mode === 'dark' ? 'light' : 'dark')}>
      {mode === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}

/** Lucide's moon and sun (the app's toggle draws them through react-icons), inline: two paths are lighter than the icon library. */
const ICON = { width: 16, height: 16, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

function MoonIcon() {
  return (
    <svg {...ICON}>
      <path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z" />
    </svg>
  );
}

function SunIcon() {
  return (
    <svg {...ICON}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2m-7.07-17.07 1.41 1.41m11.32 11.32 1.41 1.41M2 12h2m16 0h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
    </svg>
  );
}
