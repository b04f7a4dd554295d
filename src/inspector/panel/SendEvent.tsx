import { useState, type FormEvent } from 'react';
import type { AcceptedEvent } from '../accepted-events';

export interface SendEventProps {
  accepted: AcceptedEvent[];
  /** Checks a payload before it goes (a schema where the event has one); returns the problem. */
  validate?: (type: string, payload: Record<string, unknown>) => string | null;
  onSend: (event: { type: string } & Record<string, unknown>) => void;
  /** Sending needs a live actor (not an imported recording, not a past snapshot). */
  disabled?: boolean;
}

/** Sends the chosen actor an event by hand: the events its state accepts, and a JSON payload. */
export function SendEvent({ accepted, validate, onSend, disabled = false }: SendEventProps) {
  const [type, setType] = useState('');
  const [payload, setPayload] = useState('{}');
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = type || accepted[0]?.type || '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload || '{}');
    } catch {
      return setProblem('The payload is not JSON.');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return setProblem('The payload is a JSON object.');
    const fields = parsed as Record<string, unknown>;
    const invalid = validate?.(chosen, fields) ?? null;
    if (invalid) return setProblem(invalid);
    setProblem(null);
    onSend({ ...fields, type: chosen });
  };
  return (
    <section className="send" aria-labelledby="inspector-send">
      <h3 id="inspector-send">Send an event</h3>
      {accepted.length === 0 ? (
        <p className="muted">The current state accepts no event.</p>
      ) : (
        <form onSubmit={submit}>
          <label>
            Event{' '}
            <select value={chosen} onChange={(event) => setType(event.target.value)}>
              {accepted.map((item) => (
                <option key={item.type} value={item.type}>
                  {item.type}
                  {item.guards.length > 0 ? ` [${item.guards.join(', ')}]` : ''}
                  {item.enabled === false ? ' (blocked now)' : item.enabled === null ? ' (needs a payload)' : ''}
                </option>
              ))}
            </select>
          </label>
          <label>
            Payload (JSON){' '}
            <textarea rows={3} value={payload} onChange={(event) => setPayload(event.target.value)} spellCheck={false} />
          </label>
          {problem && (
            <p className="error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" disabled={disabled}>
            Send {chosen}
          </button>
        </form>
      )}
    </section>
  );
}
