import type { Change } from '../diff';

export interface ContextViewProps {
  context: string;
  /** What the shown event changed; null when no event is shown. */
  changes: Change[] | null;
  eventType: string | null;
}

const show = (value: unknown) => JSON.stringify(value);

/** The chosen actor's context, and the diff the shown event made to it. */
export function ContextView({ context, changes, eventType }: ContextViewProps) {
  return (
    <section aria-labelledby="inspector-context">
      <h3 id="inspector-context">Context</h3>
      <pre>{context}</pre>
      {changes && (
        <>
          <h3>Changed by {eventType}</h3>
          {changes.length === 0 ? (
            <p className="muted">Nothing changed.</p>
          ) : (
            <ul className="diff" aria-label={`Changed by ${eventType ?? ''}`}>
              {changes.map((change) => (
                <li key={change.path} className={change.kind}>
                  {change.kind === 'added' && `+ ${change.path || '(all)'}: ${show(change.after)}`}
                  {change.kind === 'removed' && `- ${change.path || '(all)'}: ${show(change.before)}`}
                  {change.kind === 'changed' && `~ ${change.path || '(all)'}: ${show(change.before)} → ${show(change.after)}`}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
