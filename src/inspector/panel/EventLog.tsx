export interface LogRow {
  seq: number;
  at: number;
  actorId: string;
  actorName: string;
  type: string;
  payload: string;
  state: string;
}

export interface EventLogProps {
  rows: LogRow[];
  actors: Array<{ id: string; name: string }>;
  types: string[];
  actorFilter: string;
  typeFilter: string;
  onActorFilter: (id: string) => void;
  onTypeFilter: (type: string) => void;
  /** The event whose snapshots are shown (time travel); null: now. */
  selectedSeq: number | null;
  onSelect: (seq: number | null) => void;
}

/** Every actor's events in order, with payloads, filtered by actor and type; choosing one travels back to it. */
export function EventLog(props: EventLogProps) {
  const { rows, selectedSeq, onSelect } = props;
  return (
    <section aria-labelledby="inspector-log">
      <h3 id="inspector-log">Events</h3>
      <div className="filters">
        <label>
          Actor
          <select value={props.actorFilter} onChange={(event) => props.onActorFilter(event.target.value)}>
            <option value="">all</option>
            {props.actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.name} ({actor.id})
              </option>
            ))}
          </select>
        </label>
        <label>
          Event
          <select value={props.typeFilter} onChange={(event) => props.onTypeFilter(event.target.value)}>
            <option value="">all</option>
            {props.types.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => onSelect(null)} disabled={selectedSeq === null}>
          Back to now
        </button>
      </div>
      <div className="log">
        <table aria-label="Events">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Actor</th>
              <th scope="col">Event</th>
              <th scope="col">State after</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.seq} aria-selected={row.seq === selectedSeq}>
                <td>{row.seq}</td>
                <td>{row.actorName}</td>
                <td>
                  <button type="button" onClick={() => onSelect(row.seq)} title="Show the snapshots as they were after this event">
                    {row.type}
                  </button>
                  {row.payload !== '{}' && (
                    <details>
                      <summary>payload</summary>
                      <pre>{row.payload}</pre>
                    </details>
                  )}
                </td>
                <td>{row.state}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className="muted">No event yet.</p>}
      </div>
    </section>
  );
}
