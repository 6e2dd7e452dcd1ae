import { uiMessages } from '@store/shared';
import { type FormEvent, useId } from 'react';

/**
 * A list's search: one labelled field and a Search button, submitted as `q`. The field shows the
 * search in the URL (`value`) and starts again from it whenever that changes.
 */
export function SearchBox({
  label,
  placeholder,
  value,
  maxLength,
  small = false,
  className = 'w-full sm:max-w-md',
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string;
  maxLength: number;
  small?: boolean;
  className?: string;
  /** The trimmed term; empty to clear the search. */
  onSearch: (term: string) => void;
}) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const term = new FormData(event.currentTarget).get('q');
    onSearch(typeof term === 'string' ? term.trim() : '');
  };
  return (
    <search className={className}>
      <form onSubmit={submit} className="join w-full">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={value}
          key={value}
          placeholder={placeholder}
          maxLength={maxLength}
          className={`input join-item w-full ${small ? 'input-sm' : ''}`}
        />
        <button type="submit" className={`btn btn-primary join-item ${small ? 'btn-sm' : ''}`}>
          {uiMessages.search}
        </button>
      </form>
    </search>
  );
}
