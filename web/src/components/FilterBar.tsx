import type { ReactNode } from 'react';
import type { NamespaceList } from '../api/types';

/** A list page's filters: each field applies as it changes, so the form never submits. */
export function FilterBar({ label, search, children }: { label: string; search?: boolean; children: ReactNode }) {
  return (
    <form className="filters" role={search ? 'search' : undefined} aria-label={label} onSubmit={(event) => event.preventDefault()}>
      {children}
    </form>
  );
}

/** An option's value, or its value and label. */
export type FilterOption = string | readonly [value: string, label: string];

/** A labelled select whose first option ('') means "no filter". */
export function FilterSelect(props: { id: string; label: string; anyLabel: string; options: readonly FilterOption[]; value: string; onChange: (value: string) => void; className?: string }) {
  return (
    <div className={props.className ?? 'field'}>
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} name={props.id.replace('filter-', '')} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">{props.anyLabel}</option>
        {props.options.map((option) => {
          const [value, label] = typeof option === 'string' ? [option, option] : option;
          return (
            <option key={value} value={value}>
              {label}
            </option>
          );
        })}
      </select>
    </div>
  );
}

/** The store's namespaces, and the one in the URL even before they load (or when it has none). */
export function namespaceOptions(namespaces: NamespaceList | undefined, current: string): string[] {
  return [...new Set([...(namespaces?.namespaces.map((n) => n.name) ?? []), current].filter(Boolean))];
}
