import { usePageHeading } from './page-heading';

/** A list page's heading (it names the tab and takes the focus on arrival) and its one-line lead. */
export function ListHead({ title, lead }: { title: string; lead: string }) {
  const heading = usePageHeading(title);
  return (
    <div className="page-head">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p className="lead">{lead}</p>
    </div>
  );
}
