import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { layout } from '@/web/i18n/first-screen';
import { href } from '@/web/paths';

const m = layout;

interface SearchBoxProps {
  /** The box's id, for its label and tests. */
  id: string;
  className?: string;
}

/** Trimmed text; a non-empty one goes to /products?search=…, an empty one does nothing (SPEC §2). */
export function SearchBox({ id, className = '' }: SearchBoxProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const urlSearch = searchParams.get('search') ?? '';
  const [text, setText] = useState(urlSearch);
  // The listing also changes ?search= (Clear All, a chip); the box follows it rather than showing stale text.
  const [seenUrlSearch, setSeenUrlSearch] = useState(urlSearch);
  if (urlSearch !== seenUrlSearch) {
    setSeenUrlSearch(urlSearch);
    setText(urlSearch);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const box = event.currentTarget[0] as HTMLInputElement;
    const query = text.trim();
    // Empty: the button opens the field (the phone's bar shows only the button until then).
    if (!query) return box.focus();
    box.blur();
    navigate(href.products({ search: query }));
  };

  return (
    <form role="search" onSubmit={submit} className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {m.search}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={m.searchPlaceholder}
        autoComplete="off"
        enterKeyHint="search"
        className="h-11 w-full rounded-pill border border-line bg-surface/80 ps-4 pe-11 text-sm text-ink placeholder:text-muted transition focus:border-accent focus:bg-surface focus:ring-3 focus:ring-accent-soft focus:outline-none"
      />
      <button
        type="submit"
        aria-label={m.search}
        // Not focused by a press: the field keeps the focus, so the phone's open bar stays open.
        onMouseDown={(event) => event.preventDefault()}
        className="icon-btn absolute inset-y-0 end-0"
      >
        <Search className="size-4" aria-hidden="true" />
      </button>
    </form>
  );
}
