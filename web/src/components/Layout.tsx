import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';

/** The frame of every page: skip link, top bar with navigation and search, the page. */
export function Layout() {
  useSlashShortcut();
  return (
    <>
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          // The hash is the router's: move focus without touching it.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header className="topbar">
        <Link className="brand" to="/overview">
          Metadata Store
        </Link>
        <nav aria-label="Main">
          <Link to="/overview">Overview</Link>
          <Link to="/" activeOptions={{ exact: true, includeSearch: false }}>
            Datasets
          </Link>
          <Link to="/jobs" activeOptions={{ includeSearch: false }}>
            Jobs
          </Link>
          <Link to="/runs" activeOptions={{ exact: true, includeSearch: false }}>
            Runs
          </Link>
          <Link to="/events" activeOptions={{ includeSearch: false }}>
            Events
          </Link>
          <Link to="/namespaces" activeOptions={{ includeSearch: false }}>
            Namespaces
          </Link>
          <a href="api/docs">API</a>
        </nav>
        <HeaderSearch />
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

/** Search jobs and datasets by name from every page. */
function HeaderSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q) void navigate({ to: '/search', search: { q } });
  };
  return (
    <form className="header-search" role="search" aria-label="Jobs and datasets" onSubmit={submit}>
      <label htmlFor="header-find" className="visually-hidden">
        Find a job or dataset by name
      </label>
      <input
        id="header-find"
        type="search"
        name="find"
        placeholder="Find a job or dataset…"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button small">
        Find
      </button>
    </form>
  );
}

/** "/" jumps to the page's own search box (the datasets filter), else to the header's. */
function useSlashShortcut() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName))) return;
      const box = document.getElementById('filter-q') ?? document.getElementById('header-find');
      if (box) {
        event.preventDefault();
        box.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
