export interface TreeActor {
  id: string;
  name: string;
  systemId: string | null;
  parentId: string | null;
  status: string;
  route: string | null;
  /** The state value, shortened to one line. */
  state: string;
}

export interface ActorTreeProps {
  actors: TreeActor[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** Every actor under its parent: its name, systemId, status, route and state. */
export function ActorTree({ actors, selectedId, onSelect }: ActorTreeProps) {
  const ids = new Set(actors.map((actor) => actor.id));
  const childrenOf = (parentId: string | null) =>
    actors.filter((actor) => (parentId === null ? actor.parentId === null || !ids.has(actor.parentId) : actor.parentId === parentId));
  const branch = (parentId: string | null, label?: string) => {
    const list = childrenOf(parentId);
    if (list.length === 0) return null;
    return (
      <ul className={parentId === null ? 'tree' : undefined} aria-label={label}>
        {list.map((actor) => (
          <li key={actor.id}>
            <button type="button" aria-current={actor.id === selectedId} onClick={() => onSelect(actor.id)} data-actor={actor.name}>
              <strong>{actor.name}</strong>
              {actor.systemId && <span className="muted">#{actor.systemId}</span>}
              <span className={`status-${actor.status}`}>{actor.status}</span>
              {actor.route && <span className="muted">{actor.route}</span>}
              <span>{actor.state}</span>
            </button>
            {branch(actor.id)}
          </li>
        ))}
      </ul>
    );
  };
  return (
    <section aria-labelledby="inspector-actors">
      <h3 id="inspector-actors">Actors</h3>
      {branch(null, 'Actors') ?? <p className="muted">No actor is running.</p>}
    </section>
  );
}
